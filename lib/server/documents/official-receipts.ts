import 'server-only';
import { inArray, sql } from 'drizzle-orm';
import type { AnnuityClient } from '../../annuity/client';
import { AnnuityApiError, AnnuityContractError, AnnuityNotPdfError } from '../../annuity/errors';
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
  /**
   * Renewals whose check failed, with why: the service answered something other than the document
   * or 404 (spec: Endpoints 6 to 8, "Error statuses … other than 404: not shown", and Errors, "5xx
   * behaviour: not shown"). Shown on that renewal; the rest of the board stands.
   */
  failed: Map<string, string>;
  calls: number;
}

export async function officialReceiptsOnFile(
  /**
   * One client connection's service client, and `events` that client's renewals only (spec:
   * Authentication 1): a check is never made with another client's key (the callers read the
   * events of one connection's copy, lib/server/sync/run.ts, or check nothing).
   */
  client: AnnuityClient,
  events: readonly { eventId: string; patentId: string }[],
  requestId: string,
  now = new Date(),
  /** Checks this call may make: none from a page view (the sync checks, lib/server/sync/run.ts). */
  maxChecks = MAX_CHECKS_PER_REQUEST,
): Promise<ReceiptCheck> {
  const result: ReceiptCheck = { found: new Set(), unchecked: new Set(), failed: new Map(), calls: 0 };
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
    // A failed check is not repeated before the hour is up either (quota); its reason stays shown.
    else if (row.failure) result.failed.set(event.eventId, row.failure);
  }
  for (const event of due.slice(maxChecks)) result.unchecked.add(event.eventId);
  const checks = due.slice(0, maxChecks);
  for (const [index, event] of checks.entries()) {
    result.calls += 1;
    let data: Awaited<ReturnType<AnnuityClient['getOfficialReceiptDocument']>>['data'];
    try {
      ({ data } = await client.getOfficialReceiptDocument(event.patentId, event.eventId, { requestId }));
    } catch (error) {
      // Quota gone (spec: Errors, 429): the rest wait for the next poll, as beyond the cap.
      if (error instanceof AnnuityApiError && error.status === 429) {
        for (const rest of checks.slice(index)) result.unchecked.add(rest.eventId);
        break;
      }
      const failure = failureReason(error);
      result.failed.set(event.eventId, failure);
      await remember(event, { foundAt: null, checkedAt: now, failure });
      continue;
    }
    // Only whether it exists matters here: the client has read its head (a PDF), the rest is not.
    if (data) await data.stream.cancel().catch(() => undefined);
    if (data) result.found.add(event.eventId);
    await remember(event, { foundAt: data ? now : null, checkedAt: now, failure: null });
  }
  return result;
}

async function remember(
  event: { eventId: string; patentId: string },
  check: { foundAt: Date | null; checkedAt: Date; failure: string | null },
): Promise<void> {
  const db = await getDb();
  await db
    .insert(officialReceiptCheck)
    .values({ eventId: event.eventId, patentId: event.patentId, ...check })
    .onConflictDoUpdate({
      target: officialReceiptCheck.eventId,
      set: {
        foundAt: sql`coalesce(${officialReceiptCheck.foundAt}, excluded.found_at)`,
        checkedAt: check.checkedAt,
        failure: check.failure,
      },
    });
}

function failureReason(error: unknown): string {
  if (error instanceof AnnuityApiError) return `the service answered ${error.status} (${error.code})`;
  // On file only once a PDF was received (spec: Endpoints 6 to 8): any other 2xx is a failure.
  if (error instanceof AnnuityNotPdfError)
    return `the service sent no PDF (${error.contentType || 'no content type'})`;
  if (error instanceof AnnuityContractError) return 'the service sent no document';
  return 'the service could not be reached';
}
