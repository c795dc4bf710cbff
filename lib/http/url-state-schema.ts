import { z } from 'zod';
import { repeatable } from './query';
import type { ChoiceSpec, FieldSpec, FieldTable, Place, RequestValues, TextSpec } from './url-state';
import { intProblem, normalizeText, textProblem } from './url-state-rules';

/**
 * The zod schema of the requests a URL state table (./url-state.ts) describes, for route handlers
 * and server pages: a value that breaks its field's rule (./url-state-rules.ts) is an issue at that
 * field, which defineRoute answers with a 400 naming it. Server side only (zod stays out of the
 * browser's bundles).
 */

function report(problem: string | null, ctx: z.RefinementCtx): void {
  if (problem !== null) ctx.addIssue({ code: 'custom', message: problem });
}

function valueSchema(spec: TextSpec | ChoiceSpec): z.ZodType {
  if (spec.kind === 'choice') return z.enum(spec.values as [string, ...string[]]);
  return z
    .string()
    .overwrite((value) => normalizeText(spec, value))
    .superRefine((value, ctx) => report(textProblem(spec, value), ctx));
}

function fieldSchema(spec: FieldSpec): z.ZodType {
  switch (spec.kind) {
    case 'int':
      return z.coerce
        .number()
        .superRefine((value, ctx) => report(intProblem(spec, value), ctx))
        .default(spec.default);
    // A list's default belongs to the page's address; a request without the key has an empty list.
    case 'list':
      return repeatable(valueSchema(spec.item));
    case 'choice':
      if (spec.default !== undefined)
        return z.enum(spec.values as [string, ...string[]]).default(spec.default);
      return spec.required ? valueSchema(spec) : valueSchema(spec).optional();
    case 'text':
      return spec.required ? valueSchema(spec) : valueSchema(spec).optional();
  }
}

/** The query of a request to `place`: the table's fields sent there; other keys are ignored. */
export function requestSchema<T extends FieldTable, P extends Place>(
  table: T,
  place: P,
): z.ZodType<RequestValues<T, P>> {
  const shape: Record<string, z.ZodType> = {};
  for (const [key, field] of Object.entries(table)) {
    if (field.sent?.includes(place)) shape[key] = fieldSchema(field);
  }
  // The cast states what the loop builds; each screen's url-state test holds the two together.
  return z.object(shape) as unknown as z.ZodType<RequestValues<T, P>>;
}
