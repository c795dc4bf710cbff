import 'server-only';
import { inArray, sql } from 'drizzle-orm';
import type { AnnuityClient } from '../../annuity/client';
import { getDb } from '../../db';
import { officialReceiptCheck } from '../../db/schema';

/**
 * Which FULFILLED renewals have their official receipt on file. Checking costs one call each
 * (spec: Endpoints 8), so a renewal is checked at most once an hour until found and never after,
 * and at most a few per request.
 */
const RECHECK_AFTER_MS = 60 * 60 * 1000;
const MAX_CHECKS_PER_REQUEST = 10;

export interface ReceiptCheck {
  found: Set<string>;
  /** Renewals not checked in this request (the quota cap); shown as "not checked yet". */
  unchecked: Set<string>;
  calls: number;
}

export async function officialReceiptsOnFile(
  client: AnnuityClient,
  events: readonly { eventId: string; patentId: string }[],
  requestId: string,
  now = new Date(),
): Promise<ReceiptCheck> {
  const result: ReceiptCheck = { found: new Set(), unchecked: new Set(), calls: 0 };
  if (events.length === 0) return result;
  const db = await getDb();
  const rows = await db
    .select()
    .from(officialReceiptCheck)
    .where(
      inArray(
        officialReceiptCheck.eventId,
        events.map((event) => event.eventId),
      ),
    );
  const known = new Map(rows.map((row) => [row.eventId, row]));
  const due: { eventId: string; patentId: string }[] = [];
  for (const event of events) {
    const row = known.get(event.eventId);
    if (row?.foundAt) result.found.add(event.eventId);
    else if (!row || now.getTime() - row.checkedAt.getTime() > RECHECK_AFTER_MS) due.push(event);
  }
  for (const event of due.slice(MAX_CHECKS_PER_REQUEST)) result.unchecked.add(event.eventId);
  for (const event of due.slice(0, MAX_CHECKS_PER_REQUEST)) {
    result.calls += 1;
    const { data } = await client.getOfficialReceiptDocument(event.patentId, event.eventId, { requestId });
    // Only whether it exists matters here; the bytes are not read.
    if (data) await data.stream.cancel().catch(() => undefined);
    if (data) result.found.add(event.eventId);
    await db
      .insert(officialReceiptCheck)
      .values({
        eventId: event.eventId,
        patentId: event.patentId,
        foundAt: data ? now : null,
        checkedAt: now,
      })
      .onConflictDoUpdate({
        target: officialReceiptCheck.eventId,
        set: { foundAt: sql`coalesce(${officialReceiptCheck.foundAt}, excluded.found_at)`, checkedAt: now },
      });
  }
  return result;
}
