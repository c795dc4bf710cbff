import 'server-only';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db';
import { notificationPreference } from '../../db/schema';
import { getEnv } from '../../env';
import {
  ALERT_KINDS,
  DEFAULT_DAILY_CAP,
  DIGEST_FREQUENCIES,
  defaultPreferences,
  MAX_DAILY_CAP,
  MAX_OFFSET_DAYS,
  MAX_OFFSETS,
  type NotificationPreferences,
  normalizeOffsets,
} from '../../notifications/preferences';
import { isTimeZone } from '../../notifications/rules';

const offsets = z
  .array(z.number().int().min(0).max(MAX_OFFSET_DAYS))
  .max(MAX_OFFSETS)
  .transform((values) => normalizeOffsets(values));

/** The one schema for a saved preference document (route handler input and the stored jsonb). */
export const preferencesSchema = z.object({
  channels: z.object({ inApp: z.boolean(), email: z.boolean() }),
  digest: z.object({
    frequency: z.enum(DIGEST_FREQUENCIES),
    hour: z.number().int().min(0).max(23),
    weekday: z.number().int().min(1).max(7),
  }),
  timeZone: z.string().min(1).max(64).refine(isTimeZone, 'must be a time zone such as Europe/Berlin'),
  dueOffsets: offsets,
  graceOffsets: offsets,
  alerts: z.object(
    Object.fromEntries(ALERT_KINDS.map((kind) => [kind, z.boolean()])) as Record<
      (typeof ALERT_KINDS)[number],
      z.ZodBoolean
    >,
  ),
  // Added later: a document saved before they existed reads with the defaults.
  dailyCap: z.number().int().min(0).max(MAX_DAILY_CAP).default(DEFAULT_DAILY_CAP),
  quietHours: z
    .object({ from: z.number().int().min(0).max(23), to: z.number().int().min(0).max(23) })
    .nullable()
    .default(null),
  escalations: z.boolean().default(true),
}) satisfies z.ZodType<NotificationPreferences, unknown>;

export function preferencesByDefault(): NotificationPreferences {
  return defaultPreferences(getEnv().GRACE_ALERT_DAYS);
}

/** A stored document that no longer parses (an older shape) falls back to the defaults. */
function parseStored(settings: unknown): NotificationPreferences {
  const parsed = preferencesSchema.safeParse(settings);
  return parsed.success ? parsed.data : preferencesByDefault();
}

export async function readPreferences(db: Database, userId: string): Promise<NotificationPreferences> {
  const [row] = await db
    .select({ settings: notificationPreference.settings })
    .from(notificationPreference)
    .where(eq(notificationPreference.userId, userId));
  return row ? parseStored(row.settings) : preferencesByDefault();
}

/** Every user's preferences at once (the worker's evaluation), defaults for those who never saved. */
export async function readAllPreferences(db: Database): Promise<Map<string, NotificationPreferences>> {
  const rows = await db.select().from(notificationPreference);
  return new Map(rows.map((row) => [row.userId, parseStored(row.settings)]));
}

export async function savePreferences(
  db: Database,
  userId: string,
  preferences: NotificationPreferences,
): Promise<NotificationPreferences> {
  const settings = preferencesSchema.parse(preferences);
  await db
    .insert(notificationPreference)
    .values({ userId, settings: { ...settings }, updatedAt: new Date() })
    .onConflictDoUpdate({
      target: notificationPreference.userId,
      set: { settings: { ...settings }, updatedAt: new Date() },
    });
  return settings;
}
