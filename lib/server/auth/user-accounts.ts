import { and, asc, count, eq, isNull, ne } from 'drizzle-orm';
import type { Database } from '../../db/open';
import { user } from '../../db/schema';
import type { Role } from '../../policy/roles';
import type { Auth } from './auth-config';

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
  createdAt: Date;
}

export class UserAccountError extends Error {
  override name = 'UserAccountError';
  constructor(
    readonly code: 'email_taken' | 'not_found' | 'last_admin' | 'self_change',
    message: string,
  ) {
    super(message);
  }
}

const columns = {
  id: user.id,
  email: user.email,
  name: user.name,
  role: user.role,
  deactivatedAt: user.deactivatedAt,
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

export async function createUserAccount(
  auth: Auth,
  db: Database,
  input: { email: string; name: string; role: Role; password: string },
): Promise<UserRow> {
  const email = normalizeEmail(input.email);
  if (await findUserByEmail(db, email))
    throw new UserAccountError('email_taken', 'A user with this email exists.');
  const context = await auth.$context;
  const created = await context.internalAdapter.createUser(
    { email, name: input.name.trim(), role: input.role, emailVerified: true },
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

/** Sets a new password and ends every session of that user, so the old password's sessions die. */
export async function resetUserPassword(
  auth: Auth,
  db: Database,
  userId: string,
  password: string,
): Promise<UserRow> {
  const target = await findUser(db, userId);
  const context = await auth.$context;
  await context.internalAdapter.updatePassword(userId, await context.password.hash(password));
  await context.internalAdapter.deleteUserSessions(userId);
  return target;
}

async function activeAdminCount(db: Database, exceptUserId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(user)
    .where(and(eq(user.role, 'admin'), isNull(user.deactivatedAt), ne(user.id, exceptUserId)));
  return row?.n ?? 0;
}

/** The last active administrator can be neither demoted nor deactivated: nobody could undo it. */
async function guardLastAdmin(db: Database, target: UserRow): Promise<void> {
  if (target.role === 'admin' && !target.deactivatedAt && (await activeAdminCount(db, target.id)) === 0) {
    throw new UserAccountError('last_admin', 'This is the last active administrator.');
  }
}

export async function setUserRole(
  db: Database,
  actorId: string,
  userId: string,
  role: Role,
): Promise<UserRow> {
  const target = await findUser(db, userId);
  if (actorId === userId) throw new UserAccountError('self_change', 'You cannot change your own role.');
  if (role !== 'admin') await guardLastAdmin(db, target);
  await db.update(user).set({ role, updatedAt: new Date() }).where(eq(user.id, userId));
  return findUser(db, userId);
}

export async function setUserActive(
  auth: Auth,
  db: Database,
  actorId: string,
  userId: string,
  active: boolean,
): Promise<UserRow> {
  const target = await findUser(db, userId);
  if (actorId === userId) throw new UserAccountError('self_change', 'You cannot deactivate yourself.');
  if (!active) await guardLastAdmin(db, target);
  await db
    .update(user)
    .set({ deactivatedAt: active ? null : new Date(), updatedAt: new Date() })
    .where(eq(user.id, userId));
  if (!active) await (await auth.$context).internalAdapter.deleteUserSessions(userId);
  return findUser(db, userId);
}
