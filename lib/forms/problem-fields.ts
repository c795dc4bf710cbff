import type { ApiProblemBody } from '../http/api-client';

/**
 * The form fields a 400 names, by the form's own field names. Our route handlers name a body
 * field by its path (`password`, `limits.0.amount`, or `body.url` for a rule checked past the
 * schema); a JSON pointer (`/limits/0/amount`) reads the same. Fields the form does not have are
 * left out: the problem's message still says what is wrong.
 */
export function problemFieldErrors(
  body: ApiProblemBody,
  hasField: (name: string) => boolean,
): { name: string; message: string }[] {
  if (body.status !== undefined && body.status !== 400) return [];
  const named: { name: string; message: string }[] = [];
  for (const error of body.errors ?? []) {
    const name = fieldName(error.field);
    if (name && hasField(name) && !named.some((entry) => entry.name === name))
      named.push({ name, message: error.message });
  }
  return named;
}

function fieldName(field: string): string {
  const path = field.startsWith('/') ? field.slice(1).replaceAll('/', '.') : field;
  return path.startsWith('body.') ? path.slice('body.'.length) : path;
}
