import type { DashboardSession } from './dashboard-session';
import type { BatchFixture, BenchData } from './fixtures';
import type { Upstream } from './stack';
import { type CallCount, countCalls } from './upstream-calls';

/**
 * The user actions whose upstream calls the bench counts, each driven over HTTP as the browser
 * would (the page's complete HTML; the month view's data arrives with it, hydrated into the
 * client's cache, so the browser adds no call — the Chromium runs check that), and the minimum
 * the data allows for each, with the reasoning kept next to the number.
 */
export interface Minimum {
  calls: number;
  rule: string;
}

const perList = (items: number) => Math.ceil(items / 100);

/** A failed load renders the problem panel, whose reference line nothing else prints. */
const PROBLEM_MARKER = 'Reference for support';

export async function openPage(
  session: DashboardSession,
  path: string,
  options?: { encoding?: 'identity' },
): Promise<string> {
  const { status, body } = await session.get(path, options);
  if (status !== 200 || body.includes(PROBLEM_MARKER)) {
    throw new Error(
      `GET ${path} answered ${status}${body.includes(PROBLEM_MARKER) ? ' with a problem panel' : ''}`,
    );
  }
  return body;
}

export function pageCalls(upstream: Upstream, session: DashboardSession, path: string): Promise<CallCount> {
  return countCalls(upstream, async () => {
    await openPage(session, path);
  });
}

export const monthPath = (month: string) => `/renewals?month=${month}`;
export const invoicePath = (id: string) => `/invoices/${id}`;
export const patentPath = (id: string) => `/portfolio/${id}`;

export function minimums(data: BenchData, portfolioPageSize: number) {
  const monthPages = perList(data.monthRenewals);
  const snapshotPages = perList(data.patents);
  return {
    portfolio: {
      calls: perList(portfolioPageSize),
      rule: `one page of ${portfolioPageSize} patents: ceil(${portfolioPageSize}/100)`,
    },
    monthCold: {
      calls: Math.min(snapshotPages, data.monthRenewals) + monthPages,
      rule: `events carry no office: the portfolio at 100 a page, ceil(${data.patents}/100) = ${snapshotPages} (fewer than one read per patent), + the month, ceil(${data.monthRenewals}/100) = ${monthPages}`,
    },
    monthWarm: {
      calls: monthPages,
      rule: `the month's renewals with fees at 100 a page: ceil(${data.monthRenewals}/100)`,
    },
    patentDetail: { calls: 2, rule: 'the patent + its events (one call each, not paged)' },
    invoiceListFirst: {
      calls: perList(data.invoices),
      rule: `the service pages invoices without filter or order, so the list reads all: ceil(${data.invoices}/100)`,
    },
    invoiceListAgain: { calls: 0, rule: 'the copy read seconds ago is still fresh (shared for 30 s)' },
    invoiceDetailFirst: {
      calls: 1 + Math.min(data.invoice.patents, data.invoice.windowPages),
      rule: `the invoice + its ${data.invoice.lines} lines' events: min(${data.invoice.patents} patents one by one, ${data.invoice.windowPages} period pages over their due dates)`,
    },
    invoiceDetailAgain: { calls: 1, rule: 'the invoice, read fresh; decided events do not change' },
  } satisfies Record<string, Minimum>;
}

export function batchMinimum(batch: BatchFixture): Minimum {
  return {
    calls: 1 + batch.rereadPages,
    rule: `one POST + the re-read before sending: ${batch.rereadPages} period page(s) holding the ${batch.entries.length} events`,
  };
}

/** Saves the batch as the user's draft, then sends it the way the review page does. */
export async function sendBatch(session: DashboardSession, batch: BatchFixture): Promise<void> {
  const saved = await session.send('PUT', '/api/decisions/draft', { entries: batch.entries });
  const batchKey = (saved.json as { batchKey?: string } | null)?.batchKey;
  if (saved.status !== 200 || !batchKey) throw new Error(`saving the draft answered ${saved.status}`);
  const sent = await session.send('POST', '/api/decisions/batches', { batchKey, dropConfirmations: [] });
  const state = (sent.json as { batch?: { state?: string } } | null)?.batch?.state;
  if (sent.status !== 201 || state !== 'executed') {
    throw new Error(
      `sending the batch answered ${sent.status} (${state}): ${JSON.stringify(sent.json).slice(0, 400)}`,
    );
  }
}
