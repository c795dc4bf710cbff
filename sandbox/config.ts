import { parseArgs } from 'node:util';
import { isIsoDate } from './domain/calendar';
import type { ProfileName } from './operator/schemas';
import { isProfileName } from './profiles';

/**
 * `tsx sandbox/main.ts [--port N] [--host H] [--data-dir DIR] [--today YYYY-MM-DD] [--demo]
 * [--demo-step-seconds N] [--profile NAME]`, each with an environment fallback. Flags win over the environment.
 */
export interface SandboxConfig {
  port: number;
  host: string;
  /** A PGlite data dir, or ':memory:' for a store that persists nothing. */
  dataDir: string;
  databaseUrl: string | null;
  today: string | null;
  operatorToken: string | null;
  demo: boolean;
  demoStepSeconds: number;
  /** The behaviour profile at start (profiles.ts); the operator API can change it later. */
  profile: ProfileName;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
  constructor(
    message: string,
    /** --help: the usage goes to stdout and the process exits 0. */
    readonly isHelp = false,
  ) {
    super(message);
  }
}

export const USAGE = `Usage: tsx sandbox/main.ts [options]

  --port N               port to listen on (0 picks a free one)   env SANDBOX_PORT, default 4010
  --host H               interface to bind                         env SANDBOX_HOST, default 127.0.0.1
  --data-dir DIR         PGlite data dir, or :memory:              env SANDBOX_DATA_DIR, default .data/sandbox
  --today YYYY-MM-DD     pin the service's "today"                 env SANDBOX_TODAY
  --demo                 demo tenant's decisions advance by themselves   env SANDBOX_DEMO=1
  --demo-step-seconds N  pace of that advance                      env SANDBOX_DEMO_STEP_SECONDS, default 20
  --profile NAME         behaviour profile: default or variant     env SANDBOX_PROFILE, default default
  env SANDBOX_OPERATOR_TOKEN   operator API bearer token (generated and printed when unset)
  env SANDBOX_DATABASE_URL     PostgreSQL instead of PGlite`;

function integer(name: string, raw: string | undefined, fallback: number, min: number, max: number): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max}, got "${raw}"`);
  }
  return value;
}

export function parseConfig(argv: readonly string[], env: NodeJS.ProcessEnv): SandboxConfig {
  let parsed: ReturnType<typeof parseFlags>;
  try {
    parsed = parseFlags(argv);
  } catch (error) {
    throw new ConfigError(error instanceof Error ? error.message : String(error));
  }
  const flags = parsed.values;
  if (flags.help) throw new ConfigError(USAGE, true);
  const today = flags.today ?? (env.SANDBOX_TODAY || undefined) ?? null;
  if (today !== null && !isIsoDate(today))
    throw new ConfigError(`--today must be a YYYY-MM-DD date, got "${today}"`);
  const profile = flags.profile ?? (env.SANDBOX_PROFILE || 'default');
  if (!isProfileName(profile))
    throw new ConfigError(`--profile must be default or variant, got "${profile}"`);
  return {
    port: integer('--port', flags.port ?? env.SANDBOX_PORT, 4010, 0, 65_535),
    host: flags.host ?? (env.SANDBOX_HOST || '127.0.0.1'),
    dataDir: flags['data-dir'] ?? (env.SANDBOX_DATA_DIR || '.data/sandbox'),
    databaseUrl: env.SANDBOX_DATABASE_URL || null,
    today,
    operatorToken: env.SANDBOX_OPERATOR_TOKEN || null,
    demo: flags.demo === true || env.SANDBOX_DEMO === '1' || env.SANDBOX_DEMO === 'true',
    demoStepSeconds: integer(
      '--demo-step-seconds',
      flags['demo-step-seconds'] ?? env.SANDBOX_DEMO_STEP_SECONDS,
      20,
      1,
      86_400,
    ),
    profile,
  };
}

function parseFlags(argv: readonly string[]) {
  return parseArgs({
    args: [...argv],
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      'data-dir': { type: 'string' },
      today: { type: 'string' },
      demo: { type: 'boolean' },
      'demo-step-seconds': { type: 'string' },
      profile: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
    allowPositionals: false,
  });
}
