import 'server-only';
import { getDb } from '../../db';
import { getEnv } from '../../env';
import { type Auth, createAuth } from './auth-config';

export type { Auth } from './auth-config';
export { publicOrigin, trustedOrigins } from './auth-config';

const globalForAuth = globalThis as typeof globalThis & { __annuityAuth?: Promise<Auth> };

/** One auth instance per process, built on first use (it needs the database, opened lazily). */
export function getAuth(): Promise<Auth> {
  globalForAuth.__annuityAuth ??= getDb()
    .then((db) => createAuth(db, getEnv()))
    .catch((error: unknown) => {
      globalForAuth.__annuityAuth = undefined;
      throw error;
    });
  return globalForAuth.__annuityAuth;
}

/** Tests install an auth built on their own database. */
export function setAuthForTests(auth: Auth | undefined): void {
  globalForAuth.__annuityAuth = auth ? Promise.resolve(auth) : undefined;
}
