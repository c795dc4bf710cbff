import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { BatchReviewTable } from '@/components/approvals/batch-review-table';
import { InvoiceLinesTable } from '@/components/invoices/invoice-lines-table';
import type { PatentEvent } from '@/lib/annuity/schemas';
import type { BatchView } from '@/lib/decisions/batch';
import type { DraftEntry } from '@/lib/decisions/draft';
import { draftEntryOf } from '@/lib/decisions/testing';
import { addMonths } from '@/lib/format/dates';
import { checkInvoice } from '@/lib/invoices/checks';
import { billingIndex } from '@/lib/invoices/duplicate-billing';
import { component, EVENT_A, eurLine, evidence, found, invoiceOf, recorded } from '@/lib/invoices/testing';
import { batchView } from '@/lib/server/decisions/batch-records';
import { composeDigest } from '@/lib/server/notifications/compose';
import { bucketRenewals } from '@/lib/today/buckets';
import { jsonRequest } from './app-harness';
import { putDraftAs, setUpDeciding, takeOpenEvent } from './draft-fixtures';
import { watchedRow } from './notifications-fixtures';
import { TODAY } from './upstream-harness';

/**
 * Smaller rough edges of deciding, end to end against the stand-in service: the payment sequence
 * follows a decision from the draft onto its batch (spec: Patent event,
 * renewal.paymentSequenceNumber), a skip shows the one "Not paid" label on the batch, and the
 * digest's in-app notification opens the bucket its email links to.
 */
const deciding = setUpDeciding({ name: 'rough-edges', patents: 400, seed: 1818 });

const openEvent = (decision: string, where: (event: PatentEvent) => boolean, taken: Set<string>) =>
  takeOpenEvent(deciding.events, taken, decision, (event) => Boolean(event.fees?.total) && where(event));

/** The month view keeps the sequence in the draft entry (lib/decisions/entry-from-row.ts). */
const withSequence = (event: PatentEvent, decision: DraftEntry['decision']): DraftEntry => ({
  ...draftEntryOf(event, decision),
  paymentSequence: event.renewal?.paymentSequenceNumber ?? null,
});

describe('a batch keeps what the review showed', () => {
  let batch: BatchView;
  let sequenced: PatentEvent;
  let skipped: PatentEvent;

  beforeAll(async () => {
    const taken = new Set<string>();
    sequenced = openEvent('PROCEED', (event) => event.renewal?.paymentSequenceNumber != null, taken);
    skipped = openEvent('SKIP_THIS_TIME', () => true, taken);
    const draft = await putDraftAs(deciding.paralegal, [
      withSequence(sequenced, 'PROCEED'),
      withSequence(skipped, 'SKIP_THIS_TIME'),
    ]);
    const { POST } = await import('@/app/api/decisions/batches/route');
    const response = await POST(
      jsonRequest('/api/decisions/batches', {
        method: 'POST',
        cookie: deciding.paralegal,
        body: { batchKey: draft.batchKey, dropConfirmations: [] },
      }),
    );
    expect(response.status).toBe(201);
    batch = ((await response.json()) as { batch: BatchView }).batch;
  });

  it('records the payment sequence of each renewal, only where it differs from the annuity year', async () => {
    const stored = await batchView(batch.id);
    const byEvent = new Map(stored?.items.map((item) => [item.eventId, item]));
    const sequence = sequenced.renewal?.paymentSequenceNumber;
    expect(sequence).not.toBe(sequenced.renewal?.annuityYear);
    expect(byEvent.get(sequenced.id)?.paymentSequence).toBe(sequence);
    expect(byEvent.get(skipped.id)?.paymentSequence).toBe(skipped.renewal?.paymentSequenceNumber ?? null);
  });

  it('shows the payment sequence and a skip as "Not paid" with the renewal estimated when sent', async () => {
    const stored = (await batchView(batch.id)) as BatchView;
    const html = renderToStaticMarkup(createElement(BatchReviewTable, { batch: stored, locale: 'en-GB' }));
    expect(html).toContain(`(payment ${sequenced.renewal?.paymentSequenceNumber})`);
    const skip = stored.items.find((item) => item.eventId === skipped.id);
    expect(skip?.estimate?.amount).toBeTruthy();
    const amount = new Intl.NumberFormat('en-GB', {
      style: 'currency',
      currency: skip?.estimate?.currency ?? 'EUR',
    }).format(Number(skip?.estimate?.amount));
    expect(html).toContain(`Not paid: renewal estimated at ${amount}`);
    // The PROCEED is shown as what it costs, never as "Not paid": every "Not paid" is the skip's (the
    // review draws each decision twice, as a table row and as a card for narrow screens).
    const skipLines = html.split(`Not paid: renewal estimated at ${amount}`).length - 1;
    expect(skipLines).toBeGreaterThanOrEqual(1);
    expect(html.match(/Not paid/g)).toHaveLength(skipLines);
  });
});

describe('the invoice', () => {
  it('shows a skipped renewal\'s line with the same "Not paid" label as the review and the batch, and its payment sequence', () => {
    const invoice = invoiceOf([eurLine(EVENT_A, [component('SERVICE', '50.00')])]);
    const report = checkInvoice(invoice, {
      thresholdPercent: '5',
      evidence: new Map([[EVENT_A, evidence(found(), recorded({ decision: 'SKIP_THIS_TIME' }))]]),
      billings: billingIndex([invoice]),
    });
    const lines = report.lines.map((line) => ({
      index: line.index,
      lineKey: line.lineKey,
      fees: invoice.fees[line.index] as (typeof invoice.fees)[number],
      patentId: 'c0ffee00-0000-4000-8000-000000000001',
      patent: null,
      event: { dueDate: '2026-12-15', gracePeriodEndDate: null, annuityYear: 8, paymentSequence: 6 },
      decision: line.decision,
      estimate: line.evidence.recorded?.estimate ?? null,
      variance: line.variance,
      checks: line.checks,
    }));
    const html = renderToStaticMarkup(
      createElement(InvoiceLinesTable, { invoice, lines, marks: new Map(), canMark: false, locale: 'en-GB' }),
    );
    // The recorded estimate (1,234.50) is the renewal avoided, never shown as the line's estimate.
    expect(html).toContain('Not paid: renewal estimated at €1,234.50');
    expect(html).toContain('€50.00');
    // The payment sequence follows the renewal onto the invoice (spec: Patent event).
    expect(html).toContain('Year 8 (payment 6)');
  });
});

describe('the digest', () => {
  it('links its in-app notification to the most urgent bucket, as its email does', () => {
    const rows = [
      watchedRow({ eventId: 'due', dueDate: TODAY }),
      watchedRow({ eventId: 'next', dueDate: `${addMonths(TODAY.slice(0, 7), 1)}-10` }),
    ];
    const buckets = bucketRenewals(rows, TODAY);
    const message = composeDigest('https://console.example', {
      frequency: 'daily',
      localDate: TODAY,
      buckets,
      today: TODAY,
      readAt: null,
    });
    expect(message.href).toBe('/?bucket=due-this-month#bucket-due-this-month');
    expect(message.text).toContain(`https://console.example${message.href}`);
  });

  it('links to the invoices to reconcile when only new invoices are in it', () => {
    const message = composeDigest('https://console.example', {
      frequency: 'weekly',
      localDate: TODAY,
      buckets: bucketRenewals([], TODAY),
      newInvoices: [{ id: 'inv-1', reference: 'INV-1' }],
      today: TODAY,
      readAt: null,
    });
    expect(message.href).toMatch(/^\/invoices\?/);
  });
});
