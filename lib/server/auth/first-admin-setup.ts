import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import type { Database } from '../../db/open';
import { verification } from '../../db/schema';

/**
 * With a real upstream there are no demo users: the first administrator is created on /setup with
 * a one-time token that only the person who started the server sees (it is printed at start-up).
 * Only a hash is stored; the token dies when used or after a day.
 */
const IDENTIFIER = 'first-admin-setup';
const TOKEN_TTL_MS = 24 * 60 * 60 * 1000;

const digest = (token: string) => createHash('sha256').update(token).digest('hex');

export async function issueSetupToken(db: Database, now = new Date()): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  await db.delete(verification).where(eq(verification.identifier, IDENTIFIER));
  await db.insert(verification).values({
    id: randomBytes(16).toString('hex'),
    identifier: IDENTIFIER,
    value: digest(token),
    expiresAt: new Date(now.getTime() + TOKEN_TTL_MS),
  });
  return token;
}

export async function isValidSetupToken(db: Database, token: string, now = new Date()): Promise<boolean> {
  const rows = await db
    .select({ value: verification.value })
    .from(verification)
    .where(and(eq(verification.identifier, IDENTIFIER), gt(verification.expiresAt, now)));
  const expected = Buffer.from(digest(token));
  return rows.some((row) => {
    const stored = Buffer.from(row.value);
    return stored.length === expected.length && timingSafeEqual(stored, expected);
  });
}

/**
 * Uses the token up, atomically: of two requests with it, exactly one gets true (the delete of the
 * matching row happens once), so set-up can never create two first administrators.
 */
export async function claimSetupToken(db: Database, token: string, now = new Date()): Promise<boolean> {
  if (!(await isValidSetupToken(db, token, now))) return false;
  const deleted = await db
    .delete(verification)
    .where(and(eq(verification.identifier, IDENTIFIER), eq(verification.value, digest(token))))
    .returning({ id: verification.id });
  return deleted.length > 0;
}
