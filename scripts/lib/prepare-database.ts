import { openDatabase } from '../../lib/db/open';
import { databaseTarget } from '../../lib/db/target';
import type { Env } from '../../lib/env-schema';
import { createAuth } from '../../lib/server/auth/auth-config';
import { DEMO_USERS } from '../../lib/server/auth/demo-users';
import { issueSetupToken } from '../../lib/server/auth/first-admin-setup';
import { countDemoUsers, countUsers, createUserAccount } from '../../lib/server/auth/user-accounts';
import { type DemoClient, ensureDemoClients } from '../../lib/server/connection/demo-clients';

export type FirstRun =
  /** `demoUsersRefused`: demo accounts exist, and the real upstream makes them unusable. */
  | { kind: 'ready'; demoUsersRefused?: boolean }
  | { kind: 'demo-users-created' }
  | { kind: 'needs-first-admin'; setupToken: string };

/**
 * Applies pending migrations and makes sure someone can sign in: demo users when the upstream is
 * the local stand-in service, otherwise a one-time token for creating the first administrator.
 * Closes the database afterwards (PGlite: one process per data dir, and the dashboard opens it next).
 */
export async function prepareDatabase(
  env: Env,
  { demo, demoClients = [] }: { demo: boolean; demoClients?: readonly DemoClient[] },
): Promise<FirstRun> {
  const handle = await openDatabase(databaseTarget(env));
  try {
    // The stand-in's demo clients as connections (several clients on a fresh start); never with a
    // real upstream, whose clients an administrator adds with their own keys.
    if (demo && demoClients.length > 0) await ensureDemoClients(handle.db, env, demoClients);
    if (!demo && (await countDemoUsers(handle.db)) > 0) return { kind: 'ready', demoUsersRefused: true };
    if ((await countUsers(handle.db)) > 0) return { kind: 'ready' };
    if (!demo) return { kind: 'needs-first-admin', setupToken: await issueSetupToken(handle.db) };
    const auth = createAuth(handle.db, env);
    // Marked as demo accounts: they are refused whenever the upstream is not the stand-in service.
    for (const demoUser of DEMO_USERS) await createUserAccount(auth, handle.db, { ...demoUser, demo: true });
    return { kind: 'demo-users-created' };
  } finally {
    await handle.close();
  }
}
