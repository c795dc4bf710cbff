import 'server-only';
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db';
import { user } from '../../db/schema';
import { getEnv } from '../../env';
import type { NotificationPreferences } from '../../notifications/preferences';
import { REMINDER_CLASSES, type ReminderClass } from './compose';
import { readPreferences, savePreferences } from './preferences';

/**
 * One-click unsubscribe (RFC 8058): every grouped message carries `List-Unsubscribe` with a link
 * of its own and `List-Unsubscribe-Post: List-Unsubscribe=One-Click`. The link needs no session:
 * its token is an HMAC of (user, class) under a key derived from AUTH_SECRET, so it cannot be
 * forged for another user or class, and nothing needs storing. Like the calendar feed's token it
 * is the only key; unlike it, it can only ever turn one kind of message off.
 */
export type UnsubscribeClass = ReminderClass | 'digest';
const CLASSES: readonly UnsubscribeClass[] = [...REMINDER_CLASSES, 'digest'];

function signingKey(): Buffer {
  const secret = getEnv().AUTH_SECRET;
  if (!secret) throw new Error('AUTH_SECRET is not set');
  return Buffer.from(hkdfSync('sha256', secret, 'annuity-console/unsubscribe', 'hmac-sha256', 32));
}

function signature(userId: string, cls: UnsubscribeClass): string {
  return createHmac('sha256', signingKey()).update(`${userId}\n${cls}`).digest('base64url');
}

function unsubscribeToken(userId: string, cls: UnsubscribeClass): string {
  return `${Buffer.from(userId, 'utf8').toString('base64url')}.${cls}.${signature(userId, cls)}`;
}

export function unsubscribePath(userId: string, cls: UnsubscribeClass): string {
  return `/api/notifications/unsubscribe/${unsubscribeToken(userId, cls)}`;
}

/** The (user, class) a token names, or null when it is malformed or not ours. */
function readUnsubscribeToken(token: string): { userId: string; cls: UnsubscribeClass } | null {
  if (token.length > 300) return null;
  const [encoded, cls, mac] = token.split('.');
  if (!encoded || !cls || !mac || !(CLASSES as readonly string[]).includes(cls)) return null;
  const userId = Buffer.from(encoded, 'base64url').toString('utf8');
  const expected = Buffer.from(signature(userId, cls as UnsubscribeClass));
  const given = Buffer.from(mac);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { userId, cls: cls as UnsubscribeClass };
}

/** What turning a class off changes in the preferences (the settings page shows the same). */
function withoutClass(prefs: NotificationPreferences, cls: UnsubscribeClass): NotificationPreferences {
  switch (cls) {
    case 'lapse':
      return { ...prefs, alerts: { ...prefs.alerts, 'grace-ending': false } };
    case 'due':
      return { ...prefs, dueOffsets: [] };
    case 'attention':
      return { ...prefs, alerts: { ...prefs.alerts, unprocessable: false, 'batch-unknown': false } };
    case 'escalation':
      return { ...prefs, escalations: false };
    case 'digest':
      return { ...prefs, digest: { ...prefs.digest, frequency: 'off' } };
  }
}

async function unsubscribe(
  db: Database,
  userId: string,
  cls: UnsubscribeClass,
): Promise<NotificationPreferences> {
  return savePreferences(db, userId, withoutClass(await readPreferences(db, userId), cls));
}

/**
 * The route's work: the (user, class) a token names, turned off unless `dryRun`. Null for a token
 * that is not ours or a user that no longer exists (the same answer, so it reveals nothing).
 */
export async function unsubscribeWithToken(
  db: Database,
  token: string,
  options: { dryRun: boolean },
): Promise<{ cls: UnsubscribeClass } | null> {
  const named = readUnsubscribeToken(token);
  if (!named) return null;
  const [found] = await db.select({ id: user.id }).from(user).where(eq(user.id, named.userId));
  if (!found) return null;
  if (!options.dryRun) await unsubscribe(db, named.userId, named.cls);
  return { cls: named.cls };
}
