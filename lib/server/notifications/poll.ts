import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db';
import { upstreamChange } from '../../db/schema';
import { logger } from '../../log';
import { type BudgetDecision, checkBackgroundBudget, recordSpend } from '../connection/background-budget';
import { activeConnectionIds } from '../connection/clients';
import { serviceToday } from '../connection/service-day';
import { upstreamClient } from '../connection/upstream';
import { readInvoiceCatalog } from '../invoices/catalog';
import { copyReadTimes } from '../sync/copy';
import { readTodayRenewals } from '../today/renewals';
import { type ObservedChange, recordChanges, recordPolledRenewals } from './watch-store';

/**
 * The background poll (the service pushes nothing, spec: Events): Today's renewal windows, read
 * the way Today reads them, and the invoice list, within the background share of the quota. Every
 * active client is polled in turn with its own key, within its own quota's share (spec:
 * Authentication 1, a key is one client's; Limits 2, one quota per key): one client's spent budget
 * never stops another's poll, and what is recorded is the client's.
 *
 * What every client's read found is recorded at the end, in one transaction: a notify run reading
 * meanwhile (the one every instance starts with, or a cron slot) sees the last poll of every
 * client or this one of every client, never this poll's first client beside the last poll's
 * second, which told a person of several clients twice (one "About to lapse" per client).
 */
type ClientPollResult =
  | { ran: false; decision: BudgetDecision }
  | { ran: true; decision: BudgetDecision; calls: number; watched: number; changes: number };

/** The poll of every client: the sums, the first client's decision, and each client's result. */
export type PollResult = ClientPollResult & { clients: Record<string, ClientPollResult> };

export async function pollUpstream(
  db: Database,
  options: {
    now: Date;
    requestId: string;
    /** Only these clients (an administrator's run of one client's checks); every active one else. */
    only?: readonly string[];
  },
): Promise<PollResult> {
  const clients: Record<string, ClientPollResult> = {};
  const reads: { connection: string; record: Recorder }[] = [];
  let failure: unknown = null;
  const active = await activeConnectionIds();
  for (const connection of options.only ? active.filter((id) => options.only?.includes(id)) : active) {
    try {
      const read = await readClient(db, { ...options, connection });
      if (read.ran) reads.push({ connection, record: read.record });
      else clients[connection] = read;
    } catch (error) {
      // The other clients' reads are still recorded; the job fails after, and is retried.
      failure ??= error;
    }
  }
  await db.transaction(async (tx) => {
    for (const { connection, record } of reads) clients[connection] = await record(tx as unknown as Database);
  });
  if (failure) throw failure;
  const results = Object.values(clients);
  const ran = results.filter((result) => result.ran);
  const first = ran[0] ?? results[0];
  if (!first) return { ran: false, decision: NO_CLIENT, clients };
  if (ran.length === 0) return { ...first, clients };
  return {
    ran: true,
    decision: first.decision,
    calls: ran.reduce((sum, result) => sum + result.calls, 0),
    watched: ran.reduce((sum, result) => sum + result.watched, 0),
    changes: ran.reduce((sum, result) => sum + result.changes, 0),
    clients,
  };
}

/** Without an active client there is nothing to read and nothing spent. */
const NO_CLIENT: BudgetDecision = { ok: true, budget: null, spent: 0, estimate: 0 };

/** Records what one client's read found, in the poll's transaction. */
type Recorder = (tx: Database) => Promise<ClientPollResult>;

/** One client's reads within its budget; what they found is recorded by the returned `record`. */
async function readClient(
  db: Database,
  options: { now: Date; requestId: string; connection: string },
): Promise<{ ran: false; decision: BudgetDecision } | { ran: true; record: Recorder }> {
  const { now, requestId, connection } = options;
  const decision = await checkBackgroundBudget(db, now, connection);
  if (!decision.ok) {
    logger.info({ requestId, connection, ...decision }, 'background poll skipped');
    return { ran: false, decision };
  }
  let calls = 0;
  try {
    // The service's day (spec: Limits 2, its midnight): the renewals' phases turn with it.
    const today = await serviceToday(now, [connection]);
    // Read the way Today reads them, of this client alone (no label: the watch row says whose).
    const renewals = await readTodayRenewals(today, requestId, {
      connections: [connection],
      labelOf: () => undefined,
    });
    // Every call is counted once (spec: Limits 2, each counts against the quota): a month's first
    // read is on the client's share for reading already, the snapshot's read is the poll's.
    calls += renewals.upstreamCalls - renewals.callsOnShare;
    const invoices = await readInvoiceCatalog(upstreamClient(requestId, connection), requestId, {
      reload: true,
      now,
      connection,
    });
    calls += invoices.calls;
    // The age of each renewal read: a digest says how old what it lists is, not when the poll ran.
    const readAt = await copyReadTimes(
      db,
      connection,
      renewals.rows.map((row) => row.eventId),
    );
    const spent = calls;
    return {
      ran: true,
      record: async (tx) => {
        const recorded = await recordPolledRenewals(tx, renewals.rows, today, now, connection, readAt);
        const invoiceChanges = await recordNewInvoices(
          tx,
          invoices.invoices.map((invoice) => ({ id: invoice.id, reference: invoice.reference })),
          now,
          connection,
        );
        return {
          ran: true,
          decision,
          calls: spent,
          watched: recorded.watched,
          changes: recorded.changes + invoiceChanges,
        };
      },
    };
  } finally {
    await recordSpend(db, now, calls, 1, connection);
  }
}

/** Invoices never seen before; on a client's very first poll they are the baseline, not news. */
async function recordNewInvoices(
  db: Database,
  invoices: readonly { id: string; reference: string }[],
  now: Date,
  connection: string,
): Promise<number> {
  const seenAny = await db
    .select({ id: upstreamChange.id })
    .from(upstreamChange)
    .where(and(eq(upstreamChange.connection, connection), eq(upstreamChange.kind, 'new-invoice')))
    .limit(1);
  const baseline = seenAny.length === 0;
  const changes: ObservedChange[] = invoices.map((invoice) => ({
    kind: 'new-invoice',
    subjectKey: invoice.id,
    value: '',
    detail: { reference: invoice.reference, baseline },
  }));
  const recorded = await recordChanges(db, changes, now, connection);
  return baseline ? 0 : recorded;
}
