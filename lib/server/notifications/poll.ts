import 'server-only';
import { inArray } from 'drizzle-orm';
import type { Database } from '../../db';
import { upstreamChange } from '../../db/schema';
import { calendarToday } from '../../format/dates';
import { logger } from '../../log';
import { type BudgetDecision, checkBackgroundBudget, recordSpend } from '../connection/background-budget';
import { upstreamClient } from '../connection/upstream';
import { readInvoiceCatalog } from '../invoices/catalog';
import { readTodayRenewals } from '../today/renewals';
import { type ObservedChange, recordChanges, recordPolledRenewals } from './watch-store';

/**
 * The background poll (the service pushes nothing, spec: Events): Today's renewal windows, read
 * the way Today reads them, and the invoice list, within the background share of the quota.
 */
export type PollResult =
  | { ran: false; decision: BudgetDecision }
  | { ran: true; decision: BudgetDecision; calls: number; watched: number; changes: number };

export async function pollUpstream(
  db: Database,
  options: { now: Date; requestId: string },
): Promise<PollResult> {
  const { now, requestId } = options;
  const decision = await checkBackgroundBudget(db, now);
  if (!decision.ok) {
    logger.info({ requestId, ...decision }, 'background poll skipped');
    return { ran: false, decision };
  }
  let calls = 0;
  try {
    const today = calendarToday(now);
    const renewals = await readTodayRenewals(today, requestId);
    calls += renewals.upstreamCalls;
    const recorded = await recordPolledRenewals(db, renewals.rows, today, now);
    const invoices = await readInvoiceCatalog(upstreamClient(requestId), requestId, { reload: true, now });
    calls += invoices.calls;
    const invoiceChanges = await recordNewInvoices(
      db,
      invoices.invoices.map((invoice) => ({ id: invoice.id, reference: invoice.reference })),
      now,
    );
    return {
      ran: true,
      decision,
      calls,
      watched: recorded.watched,
      changes: recorded.changes + invoiceChanges,
    };
  } finally {
    await recordSpend(db, now, calls);
  }
}

/** Invoices never seen before; on the very first poll they are the baseline, not news. */
async function recordNewInvoices(
  db: Database,
  invoices: readonly { id: string; reference: string }[],
  now: Date,
): Promise<number> {
  const seenAny = await db
    .select({ id: upstreamChange.id })
    .from(upstreamChange)
    .where(inArray(upstreamChange.kind, ['new-invoice']))
    .limit(1);
  const baseline = seenAny.length === 0;
  const changes: ObservedChange[] = invoices.map((invoice) => ({
    kind: 'new-invoice',
    subjectKey: invoice.id,
    value: '',
    detail: { reference: invoice.reference, baseline },
  }));
  const recorded = await recordChanges(db, changes, now);
  return baseline ? 0 : recorded;
}
