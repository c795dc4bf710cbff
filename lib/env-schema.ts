import { z } from 'zod';

/**
 * Every setting the dashboard reads from the environment. Pure (no `server-only`) so the start
 * script can validate before anything is spawned; the app reads it through `lib/env.ts`.
 */
const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);

const optionalString = <T extends z.ZodType>(schema: T) => z.preprocess(emptyToUndefined, schema.optional());

const port = (fallback: number) =>
  z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(65_535).default(fallback));

export const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: port(3000),
    SANDBOX_PORT: port(4010),
    DATA_DIR: z.preprocess(emptyToUndefined, z.string().min(1).default('.data')),
    DATABASE_URL: optionalString(
      z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' }),
    ),
    ANNUITY_API_URL: optionalString(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' })),
    // spec: Authentication 1 — the key is a 64-character hexadecimal string.
    ANNUITY_API_KEY: optionalString(
      z.string().regex(/^[0-9a-fA-F]{64}$/, 'must be the 64-character hexadecimal key issued by the service'),
    ),
    AUTH_SECRET: optionalString(z.string().min(32, 'must be at least 32 characters')),
    PUBLIC_URL: optionalString(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' })),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    SNAPSHOT_MAX_AGE_MINUTES: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).default(720)),
    // Issue 8: how far an invoice line may stray from the estimate recorded when its decision was
    // sent before it is flagged. A decimal string, so the comparison stays decimal (big.js).
    VARIANCE_THRESHOLD_PERCENT: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .trim()
        .regex(/^\d{1,3}(\.\d{1,4})?$/, 'must be a percentage such as 5 or 2.5')
        .refine((value) => Number(value) <= 100, 'must be at most 100')
        .default('5'),
    ),
  })
  .superRefine((env, ctx) => {
    if (env.ANNUITY_API_URL && !env.ANNUITY_API_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: ['ANNUITY_API_KEY'],
        message: 'is required when ANNUITY_API_URL points at a real service',
      });
    }
  });

export type Env = z.output<typeof envSchema>;

export class EnvError extends Error {
  override name = 'EnvError';
}

/** Parses an environment, throwing one message that names every bad variable (never its value). */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => `  ${issue.path.join('.') || '(env)'}: ${issue.message}`);
  throw new EnvError(`Invalid configuration:\n${lines.join('\n')}`);
}
