import 'server-only';
import { getDb } from '../../db';
import type { Role } from '../../policy/roles';
import { auditSuccess } from '../audit/audit';
import { activeClientIds, grantNewUserClients, setUserClients } from '../clients/grants';
import { getAuth } from './auth';
import { claimSetupToken, isValidSetupToken } from './first-admin-setup';
import type { Viewer } from './session';
import { accountKey, claimAttempt, resetAttempts, SIGN_IN_MAX_FAILURES } from './sign-in-limit';
import {
  changeOwnPassword,
  countUsers,
  createUserAccount,
  listUsers,
  resetUserPassword,
  setUserActive,
  setUserRole,
  UserAccountError,
  type UserRow,
} from './user-accounts';

/**
 * What pages and route handlers do with user accounts: each call opens the app's database and
 * audits itself. user-accounts.ts below takes `db` as a parameter because the start script uses it
 * on a database it opened itself (demo users, the first-admin token).
 */

type Actor = Pick<Viewer, 'userId' | 'email'>;

export async function userAccounts(): Promise<UserRow[]> {
  return listUsers(await getDb());
}

export async function hasNoUsers(): Promise<boolean> {
  return (await countUsers(await getDb())) === 0;
}

/**
 * A user made by an administrator, for the clients chosen (checked before the user exists) and
 * no others: clients added later are granted one by one. With none, the user sees nothing until
 * granted one.
 */
export async function createUserAs(
  actor: Actor,
  input: { email: string; name: string; role: Role; password: string; clients: readonly string[] },
  requestId: string,
): Promise<UserRow> {
  const { clients, ...account } = input;
  const clientIds = await activeClientIds(clients);
  // The administrator chose this password, so its owner must replace it at the first sign-in.
  const created = await createUserAccount(await getAuth(), await getDb(), {
    ...account,
    mustChangePassword: true,
    allClients: false,
  });
  await grantNewUserClients(actor, created.id, clientIds);
  await auditSuccess(actor, 'users.create', created.email, requestId, {
    role: created.role,
    clients: clientIds,
  });
  return created;
}

/** The clients, a role change, then an activation change, each audited on its own. */
export async function updateUserAs(
  actor: Actor,
  userId: string,
  change: { role?: Role; active?: boolean; clients?: 'all' | string[] },
  requestId: string,
): Promise<UserRow | undefined> {
  const db = await getDb();
  let updated: UserRow | undefined;
  if (change.clients !== undefined)
    await setUserClients(
      actor,
      userId,
      change.clients === 'all' ? { all: true } : { all: false, clientIds: change.clients },
      requestId,
    );
  if (change.role !== undefined) {
    updated = await setUserRole(db, actor.userId, userId, change.role);
    await auditSuccess(actor, 'users.set_role', updated.email, requestId, { role: change.role });
  }
  if (change.active !== undefined) {
    updated = await setUserActive(await getAuth(), db, actor.userId, userId, change.active);
    await auditSuccess(
      actor,
      change.active ? 'users.reactivate' : 'users.deactivate',
      updated.email,
      requestId,
    );
  }
  return updated;
}

export async function resetPasswordAs(
  actor: Actor,
  userId: string,
  password: string,
  requestId: string,
): Promise<void> {
  const target = await resetUserPassword(await getAuth(), await getDb(), userId, password);
  await auditSuccess(actor, 'users.reset_password', target.email, requestId);
}

/**
 * The viewer changes their own password; the other sessions end on success. Guesses at the current
 * password (from a session left open) count against the same per-account throttle as sign-in, and
 * a refusal is audited as a failure by the route (it names the audit action).
 */
export async function changeOwnPasswordAs(
  viewer: Pick<Viewer, 'userId' | 'email' | 'sessionId'>,
  input: { currentPassword: string; newPassword: string },
  requestId: string,
): Promise<void> {
  if (!viewer.sessionId) throw new Error('changeOwnPasswordAs needs the session in use');
  const db = await getDb();
  const claim = await claimAttempt(db, accountKey(viewer.email), SIGN_IN_MAX_FAILURES);
  if (!claim.ok)
    throw new UserAccountError(
      'too_many_attempts',
      `Too many wrong passwords. Wait ${claim.waitSeconds} seconds before trying again.`,
    );
  await changeOwnPassword(await getAuth(), db, {
    userId: viewer.userId,
    currentSessionId: viewer.sessionId,
    currentPassword: input.currentPassword,
    newPassword: input.newPassword,
  });
  await resetAttempts(db, accountKey(viewer.email));
  await auditSuccess(viewer, 'account.change_password', viewer.email, requestId);
}

/** Whether the set-up page may show its form: no account exists and the link's token is live. */
export async function setupLinkUsable(token: string | undefined): Promise<boolean> {
  if (typeof token !== 'string') return false;
  const db = await getDb();
  return (await countUsers(db)) === 0 && (await isValidSetupToken(db, token));
}

/**
 * Creates the first administrator, once: the token is claimed atomically, so two requests with
 * the same link cannot both create one. Null when set-up is closed.
 */
export async function createFirstAdmin(
  input: { token: string; email: string; name: string; password: string },
  requestId: string,
): Promise<UserRow | null> {
  const db = await getDb();
  if ((await countUsers(db)) > 0 || !(await claimSetupToken(db, input.token))) return null;
  const admin = await createUserAccount(await getAuth(), db, { ...input, role: 'admin' });
  await auditSuccess(
    { userId: admin.id, email: admin.email },
    'users.create_first_admin',
    admin.email,
    requestId,
  );
  return admin;
}
