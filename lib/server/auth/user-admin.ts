import 'server-only';
import { getDb } from '../../db';
import type { Role } from '../../policy/roles';
import { recordAudit } from '../audit/audit';
import { getAuth } from './auth';
import { claimSetupToken, isValidSetupToken } from './first-admin-setup';
import type { Viewer } from './session';
import {
  countUsers,
  createUserAccount,
  listUsers,
  resetUserPassword,
  setUserActive,
  setUserRole,
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

export async function createUserAs(
  actor: Actor,
  input: { email: string; name: string; role: Role; password: string },
  requestId: string,
): Promise<UserRow> {
  const created = await createUserAccount(await getAuth(), await getDb(), input);
  await recordAudit({
    actor,
    action: 'users.create',
    target: created.email,
    outcome: 'success',
    requestId,
    details: { role: created.role },
  });
  return created;
}

/** A role change, then an activation change, each audited on its own. */
export async function updateUserAs(
  actor: Actor,
  userId: string,
  change: { role?: Role; active?: boolean },
  requestId: string,
): Promise<UserRow | undefined> {
  const db = await getDb();
  let updated: UserRow | undefined;
  if (change.role !== undefined) {
    updated = await setUserRole(db, actor.userId, userId, change.role);
    await recordAudit({
      actor,
      action: 'users.set_role',
      target: updated.email,
      outcome: 'success',
      requestId,
      details: { role: change.role },
    });
  }
  if (change.active !== undefined) {
    updated = await setUserActive(await getAuth(), db, actor.userId, userId, change.active);
    await recordAudit({
      actor,
      action: change.active ? 'users.reactivate' : 'users.deactivate',
      target: updated.email,
      outcome: 'success',
      requestId,
    });
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
  await recordAudit({
    actor,
    action: 'users.reset_password',
    target: target.email,
    outcome: 'success',
    requestId,
  });
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
  await recordAudit({
    actor: { userId: admin.id, email: admin.email },
    action: 'users.create_first_admin',
    target: admin.email,
    outcome: 'success',
    requestId,
  });
  return admin;
}
