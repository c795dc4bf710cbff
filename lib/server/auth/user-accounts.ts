import { and, asc, count, eq, isNull, like, ne, or } from 'drizzle-orm';
import type { Database } from '../../db/open';
import { account, session, user } from '../../db/schema';
import type { Role } from '../../policy/roles';
import { DomainError } from '../errors/domain-error';
import type { Auth } from './auth-config';
import { isBreachedPassword } from './breached-passwords';
import { DEMO_EMAIL_DOMAIN } from './demo-policy';

/**
 * Creating and changing dashboard users. Pure (no server-only): the start script provisions demo
 * users with it, and the admin routes call it after their permission check.
 */
export interface UserRow {
  id: string;
  email: string;
  name: string;
  role: string;
  deactivatedAt: Date | null;
  isDemo: boolean;
  mustChangePassword: boolean;
  createdAt: Date;
}

type UserAccountErrorCode =
  | 'email_taken'
  | 'not_found'
  | 'last_admin'
  | 'self_change'
  | 'breached_password'
  | 'wrong_current_password'
  | 'same_password'
  | 'too_many_attempts';

const USER_ACCOUNT_STATUS: Record<UserAccountErrorCode, number> = {
  email_taken: 409,
  not_found: 404,
  last_admin: 409,
  self_change: 409,
  breached_password: 400,
  wrong_current_password: 400,
  same_password: 400,
  too_many_attempts: 429,
};

export class UserAccountError extends DomainError<UserAccountErrorCode> {
  override name = 'UserAccountError';
  constructor(code: UserAccountErrorCode, message: string) {
    super({ status: USER_ACCOUNT_STATUS[code], code, title: 'Not possible', detail: message });
  }
}

const columns = {
  id: user.id,
  email: user.email,
  name: user.name,
  role: user.role,
  deactivatedAt: user.deactivatedAt,
  isDemo: user.isDemo,
  mustChangePassword: user.mustChangePassword,
  createdAt: user.createdAt,
};

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function listUsers(db: Database): Promise<UserRow[]> {
  return db.select(columns).from(user).orderBy(asc(user.email));
}

export async function countUsers(db: Database): Promise<number> {
  const [row] = await db.select({ n: count() }).from(user);
  return row?.n ?? 0;
}

/** Demo accounts in the database (marked, or recognisable by their @demo.test address). */
export async function countDemoUsers(db: Database): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(user)
    .where(or(eq(user.isDemo, true), like(user.email, `%@${DEMO_EMAIL_DOMAIN}`)));
  return row?.n ?? 0;
}

export async function findUserByEmail(db: Database, email: string): Promise<UserRow | null> {
  const [row] = await db
    .select(columns)
    .from(user)
    .where(eq(user.email, normalizeEmail(email)));
  return row ?? null;
}

async function findUser(db: Database, userId: string): Promise<UserRow> {
  const [row] = await db.select(columns).from(user).where(eq(user.id, userId));
  if (!row) throw new UserAccountError('not_found', 'No such user.');
  return row;
}

/** Refuses a password found in breach lists (breached-passwords.ts), whoever sets it. */
async function assertNotBreached(password: string): Promise<void> {
  if (await isBreachedPassword(password))
    throw new UserAccountError(
      'breached_password',
      'This password appears in lists of passwords leaked in breaches. Choose another one.',
    );
}

export async function createUserAccount(
  auth: Auth,
  db: Database,
  input: {
    email: string;
    name: string;
    role: Role;
    password: string;
    /** A demo account of the stand-in service (its password is published). */
    demo?: boolean;
    /** The password was chosen by someone else (an administrator): change it at first sign-in. */
    mustChangePassword?: boolean;
    /**
     * Works for every client, those added later too (the first administrator, demo users); false
     * for the clients of `user_client_grant` only, written by the caller once the user exists.
     */
    allClients?: boolean;
  },
): Promise<UserRow> {
  const email = normalizeEmail(input.email);
  if (await findUserByEmail(db, email))
    throw new UserAccountError('email_taken', 'A user with this email exists.');
  if (!input.demo) await assertNotBreached(input.password);
  const context = await auth.$context;
  const created = await context.internalAdapter.createUser(
    {
      email,
      name: input.name.trim(),
      role: input.role,
      emailVerified: true,
      isDemo: input.demo === true,
      mustChangePassword: input.mustChangePassword === true,
      allClients: input.allClients !== false,
    },
    { method: 'admin' },
  );
  await context.internalAdapter.linkAccount({
    userId: created.id,
    providerId: 'credential',
    accountId: created.id,
    password: await context.password.hash(input.password),
  });
  return findUser(db, created.id);
}

/**
 * Sets a new password chosen by an administrator and ends every session of that user, so the old
 * password's sessions die. The user must change it at the next sign-in: the administrator knows it.
 */
export async function resetUserPassword(
  auth: Auth,
  db: Database,
  userId: string,
  password: string,
): Promise<UserRow> {
  const target = await findUser(db, userId);
  await assertNotBreached(password);
  const context = await auth.$context;
  await context.internalAdapter.updatePassword(userId, await context.password.hash(password));
  await db.update(user).set({ mustChangePassword: true, updatedAt: new Date() }).where(eq(user.id, userId));
  await context.internalAdapter.deleteUserSessions(userId);
  return target;
}

/**
 * A user changes their own password: the current one is required, the new one must differ and not
 * be breached. Every other session of theirs ends (a thief's included); the one in use stays.
 */
export async function changeOwnPassword(
  auth: Auth,
  db: Database,
  input: { userId: string; currentSessionId: string; currentPassword: string; newPassword: string },
): Promise<UserRow> {
  const target = await findUser(db, input.userId);
  const context = await auth.$context;
  const [credential] = await db
    .select({ password: account.password })
    .from(account)
    .where(and(eq(account.userId, input.userId), eq(account.providerId, 'credential')));
  const valid =
    credential?.password != null &&
    (await context.password.verify({ hash: credential.password, password: input.currentPassword }));
  if (!valid) throw new UserAccountError('wrong_current_password', 'The current password is not correct.');
  if (input.currentPassword === input.newPassword)
    throw new UserAccountError('same_password', 'Choose a password different from the current one.');
  await assertNotBreached(input.newPassword);
  await context.internalAdapter.updatePassword(input.userId, await context.password.hash(input.newPassword));
  await db
    .update(user)
    .set({ mustChangePassword: false, updatedAt: new Date() })
    .where(eq(user.id, input.userId));
  await db
    .delete(session)
    .where(and(eq(session.userId, input.userId), ne(session.id, input.currentSessionId)));
  return target;
}

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * The last active administrator can be neither demoted nor deactivated: nobody could undo it.
 * Atomic: the active administrators' rows are locked (FOR UPDATE) for the rest of the transaction,
 * so of two administrators demoting each other at once the second waits, then sees the first's
 * change and is refused.
 */
async function guardLastAdmin(tx: Transaction, target: UserRow): Promise<void> {
  if (target.role !== 'admin' || target.deactivatedAt) return;
  const admins = await tx
    .select({ id: user.id })
    .from(user)
    .where(and(eq(user.role, 'admin'), isNull(user.deactivatedAt)))
    .for('update');
  if (!admins.some((admin) => admin.id !== target.id)) {
    throw new UserAccountError('last_admin', 'This is the last active administrator.');
  }
}

/** Reads the target inside the transaction, after the admins' rows are locked, so it is current. */
async function lockedTarget(tx: Transaction, userId: string): Promise<UserRow> {
  await tx
    .select({ id: user.id })
    .from(user)
    .where(and(eq(user.role, 'admin'), isNull(user.deactivatedAt)))
    .for('update');
  const [row] = await tx.select(columns).from(user).where(eq(user.id, userId)).for('update');
  if (!row) throw new UserAccountError('not_found', 'No such user.');
  return row;
}

/**
 * Changes another user's row (`set`) in one transaction, the target read current under the lock;
 * nobody changes their own account this way (`selfRefusal` says why), and a change that takes an
 * administrator away (`removesAdmin`) keeps the last active one.
 */
async function changeOtherUser(
  db: Database,
  actorId: string,
  userId: string,
  selfRefusal: string,
  removesAdmin: boolean,
  set: Partial<typeof user.$inferInsert>,
): Promise<void> {
  if (actorId === userId) throw new UserAccountError('self_change', selfRefusal);
  await db.transaction(async (tx) => {
    const target = await lockedTarget(tx, userId);
    if (removesAdmin) await guardLastAdmin(tx, target);
    await tx
      .update(user)
      .set({ ...set, updatedAt: new Date() })
      .where(eq(user.id, userId));
  });
}

export async function setUserRole(
  db: Database,
  actorId: string,
  userId: string,
  role: Role,
): Promise<UserRow> {
  await changeOtherUser(db, actorId, userId, 'You cannot change your own role.', role !== 'admin', { role });
  return findUser(db, userId);
}

export async function setUserActive(
  auth: Auth,
  db: Database,
  actorId: string,
  userId: string,
  active: boolean,
): Promise<UserRow> {
  await changeOtherUser(db, actorId, userId, 'You cannot deactivate yourself.', !active, {
    deactivatedAt: active ? null : new Date(),
  });
  if (!active) await (await auth.$context).internalAdapter.deleteUserSessions(userId);
  return findUser(db, userId);
}
