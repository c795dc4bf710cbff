import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * A secret generated once per data dir and kept there (mode 600), so a local start needs no
 * configuration and sessions survive restarts. A deployment sets the variable instead.
 */
function localSecret(dataDir: string, name: string): string {
  const file = path.join(dataDir, name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}

const AUTH_SECRET_FILE = 'auth-secret';

/** Refused start: no secret can read the stored API keys. The message names settings, never a value. */
export class MissingSecretError extends Error {
  override name = 'MissingSecretError';
}

export interface FoundSecret {
  /** Undefined only when KEY_ENCRYPTION_SECRET is set and no AUTH_SECRET was found. */
  authSecret: string | undefined;
  /** Where it came from, to say so (the environment, or the data dir's file by its path). */
  source: 'environment' | { file: string } | 'none';
}

/**
 * AUTH_SECRET as `npm start` and `npm run worker` both find it, whatever service they call: the
 * environment's when set, otherwise the one kept in the data dir. npm start writes that file on its
 * first start (`create`); the worker only reads it, since a secret of its own would decrypt none of
 * the keys the dashboard stored and sign unsubscribe links the dashboard refuses. Stored API keys
 * are encrypted under KEY_ENCRYPTION_SECRET, or AUTH_SECRET without it
 * (lib/server/connection/key-crypto.ts): with neither, this throws MissingSecretError.
 */
export function findAuthSecret(
  env: { AUTH_SECRET?: string; KEY_ENCRYPTION_SECRET?: string; DATA_DIR: string },
  { create }: { create: boolean },
): FoundSecret {
  if (env.AUTH_SECRET) return { authSecret: env.AUTH_SECRET, source: 'environment' };
  const dataDir = path.resolve(env.DATA_DIR);
  const file = path.join(dataDir, AUTH_SECRET_FILE);
  if (create) return { authSecret: localSecret(dataDir, AUTH_SECRET_FILE), source: { file } };
  const kept = existsSync(file) ? readFileSync(file, 'utf8').trim() : '';
  if (kept) return { authSecret: kept, source: { file } };
  if (env.KEY_ENCRYPTION_SECRET) return { authSecret: undefined, source: 'none' };
  throw new MissingSecretError(
    'No secret to read the stored API keys with: neither KEY_ENCRYPTION_SECRET nor AUTH_SECRET is set, ' +
      `and the data dir holds no ${AUTH_SECRET_FILE} (${file}; the first \`npm start\` writes it).\n` +
      'Set AUTH_SECRET (and KEY_ENCRYPTION_SECRET, if the dashboard has one) to the values the ' +
      'dashboard runs with, or set DATA_DIR to the data dir npm start uses.',
  );
}
