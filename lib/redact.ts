/**
 * Scrubbing for anything that leaves the process as text (log lines, error bodies). One rule:
 * values under a secret-looking key are replaced, and any registered secret string is masked
 * wherever it appears, however deep or embedded in a message.
 */
export const SECRET_FIELD_NAMES = [
  'x-api-key',
  'apiKey',
  'api_key',
  'authorization',
  'Authorization',
  'cookie',
  'Cookie',
  'set-cookie',
  'password',
  'newPassword',
  'currentPassword',
  'secret',
  'token',
  'AUTH_SECRET',
  'ANNUITY_API_KEY',
] as const;

const SECRET_KEY =
  /^(x-api-key|api[-_]?key|apikey|annuity_api_key|authorization|cookie|set-cookie|password|new-?password|current-?password|secret|token|auth[-_]?secret)$/i;

export const REDACTED = '[redacted]';

const knownSecrets = new Set<string>();

/** Registers a secret value (the API key, the auth secret) to mask wherever it shows up in text. */
export function registerSecret(value: string | undefined): void {
  if (value && value.length >= 8) knownSecrets.add(value);
}

function redactText(text: string): string {
  let out = text;
  for (const secret of knownSecrets) {
    if (out.includes(secret)) out = out.split(secret).join(REDACTED);
  }
  return out;
}

export function redact(value: unknown, depth = 0): unknown {
  if (depth > 12) return '[depth]';
  if (typeof value === 'string') return redactText(value);
  if (Array.isArray(value)) return value.map((item) => redact(item, depth + 1));
  if (value instanceof Error) {
    return {
      type: value.name,
      message: redactText(value.message),
      stack: value.stack && redactText(value.stack),
    };
  }
  if (value instanceof Headers) return redact(Object.fromEntries(value.entries()), depth + 1);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) {
      out[key] = SECRET_KEY.test(key) ? REDACTED : redact(inner, depth + 1);
    }
    return out;
  }
  return value;
}
