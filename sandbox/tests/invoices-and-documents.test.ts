import Big from 'big.js';
import { describe, expect, it } from 'vitest';
import { scale } from '../../lib/annuity/money';
import { strict } from '../../lib/annuity/schemas';
import type { EventRecord } from '../domain/model';
import { expectStrict, firstEventWhere, problemOf, serviceForSuite, TEST_TODAY } from './harness';
import { pdfText } from './pdf-text';

describe('invoices (spec: Invoice, Endpoints 11 and 12)', () => {
  const h = serviceForSuite();

  const allInvoices = async () => {
    const invoices = [];
    for (let page = 1; ; page++) {
      const body = expectStrict(
        strict.page(strict.invoice),
        await (await h.call(`/invoices?itemsPerPage=100&currentPage=${page}`)).json(),
      );
      invoices.push(...body.data);
      if (!body.pagination.hasMore) return invoices;
    }
  };

  it('holds invoices of all three origins, each consistent to the minor unit', async () => {
    const invoices = await allInvoices();
    const origins = new Set(invoices.map((invoice) => invoice.origin));
    expect(origins).toEqual(new Set(['GENERATED', 'IMPORTED', 'REGULARIZATION']));
    for (const invoice of invoices) {
      expect(invoice.ipRightType).toBe('PATENT');
      const subtotal = invoice.fees.reduce((sum, line) => sum.plus(line.total ?? '0'), new Big(0));
      expect(subtotal.eq(invoice.subtotalExcludingTax ?? 'NaN'), invoice.reference).toBe(true);
      const total = scale(
        new Big(invoice.subtotalExcludingTax ?? '0').times(new Big(1).plus(String(invoice.vatRate ?? 0))),
        invoice.currency,
      );
      expect(invoice.totalIncludingTax).toBe(total);
      for (const line of invoice.fees) {
        expect(line).toMatchObject({
          feesStatus: 'INVOICED',
          invoiceId: invoice.id,
          currency: invoice.currency,
        });
        expect(line.eventId).not.toBeNull();
      }
      if (invoice.origin === 'IMPORTED') {
        expect(invoice).toMatchObject({ number: null, hasPdfDocument: false, vatRate: 0, vatNumber: null });
      } else {
        expect(invoice.number).toMatch(/^\d+$/);
        expect(invoice.reference).toBe(`${invoice.origin === 'GENERATED' ? 'INV' : 'REG'}-${invoice.number}`);
        expect(invoice.vatRate).toBe(0.2);
      }
    }
    expect(new Set(invoices.map((invoice) => invoice.reference)).size).toBe(invoices.length);
    expect(new Set(invoices.map((invoice) => invoice.currency))).toEqual(new Set(['EUR', 'USD', 'JPY']));
    // Regularizations correct an earlier invoiced line, sometimes by a credit.
    const corrections = invoices
      .filter((invoice) => invoice.origin === 'REGULARIZATION')
      .flatMap((invoice) => invoice.fees);
    expect(corrections.length).toBeGreaterThan(0);
    for (const line of corrections) {
      const original = invoices.find(
        (invoice) =>
          invoice.origin === 'GENERATED' && invoice.fees.some((other) => other.eventId === line.eventId),
      );
      expect(original).toBeDefined();
    }
  });

  it('lists newest first, and numbers follow issue order', async () => {
    const invoices = await allInvoices();
    const dates = invoices.map((invoice) => invoice.issueDate ?? '');
    expect(dates).toEqual([...dates].sort().reverse());
    const numbered = invoices.filter((invoice) => invoice.number !== null).reverse();
    const numbers = numbered.map((invoice) => Number(invoice.number));
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
  });

  it('reads one invoice by id; a malformed id is 400, an unknown one 404', async () => {
    const invoice = h.demo().invoices[3];
    const body = expectStrict(strict.invoice, await (await h.call(`/invoices/${invoice?.id}`)).json());
    expect(body.fees).toHaveLength(invoice?.lines.length ?? -1);
    const malformed = await h.call('/invoices/123');
    expect(malformed.status).toBe(400);
    expect((await problemOf(malformed)).errors?.[0]?.pointer).toBe('/invoiceId');
    expect((await h.call('/invoices/6f1c2a9e-5b7d-4e21-9c3a-0d8e6f4b2a11')).status).toBe(404);
  });
});

describe('event documents (spec: Endpoints 6 to 8)', () => {
  const h = serviceForSuite();

  const documentOf = async (event: EventRecord, kind: string) => {
    const response = await h.call(`/patents/${event.patent.id}/events/${event.id}/documents/${kind}`);
    return { response, body: Buffer.from(await response.clone().arrayBuffer()) };
  };

  it('serves the invoice of an invoiced event as a real PDF named invoice-<eventId>.pdf', async () => {
    const event = firstEventWhere(
      h.demo(),
      (candidate) => candidate.invoiceLine?.invoice.origin === 'GENERATED',
    );
    const { response, body } = await documentOf(event, 'invoice');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="invoice-${event.id}.pdf"`,
    );
    expect(response.headers.get('RateLimit-Remaining')).not.toBeNull();
    expect(body.subarray(0, 5).toString()).toBe('%PDF-');
    expect(body.subarray(-6).toString()).toContain('%%EOF');
    const text = pdfText(body);
    expect(text).toContain(event.invoiceLine?.invoice.reference);
    expect(text).toContain(event.id);
    expect(text).toContain(event.invoiceLine?.invoice.totalIncludingTax);
    // Through the typed client: the filename comes from Content-Disposition.
    const document = await h.client(h.demoKey).getInvoiceDocument(event.patent.id, event.id);
    expect(document.data.filename).toBe(`invoice-${event.id}.pdf`);
    expect(document.data.contentType).toBe('application/pdf');
  });

  it('answers 404 not_found for the invoice before invoicing, and for an imported invoice without a document', async () => {
    const uninvoiced = firstEventWhere(h.demo(), (candidate) => candidate.invoiceLine === null);
    const { response } = await documentOf(uninvoiced, 'invoice');
    expect(response.status).toBe(404);
    expect((await problemOf(response)).code).toBe('not_found');
    const imported = firstEventWhere(
      h.demo(),
      (candidate) => candidate.invoiceLine?.invoice.origin === 'IMPORTED',
    );
    expect((await documentOf(imported, 'invoice')).response.status).toBe(404);
  });

  it('serves the instruction receipt right after posting, and 404 before', async () => {
    const event = firstEventWhere(
      h.demo(),
      (candidate) =>
        candidate.patent.events.find((other) => other.appliedDecision === null) === candidate &&
        candidate.opensAt <= TEST_TODAY &&
        candidate.dueDate >= TEST_TODAY,
    );
    const before = await documentOf(event, 'instruction-receipt');
    expect(before.response.status).toBe(404);
    const posted = await h.postInstructions([{ eventId: event.id, decision: 'PROCEED' }]);
    const receipt = (await posted.json()) as { reference: string; instructions: { id: string }[] };
    const { response, body } = await documentOf(event, 'instruction-receipt');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="instruction-receipt-${event.id}.pdf"`,
    );
    const text = pdfText(body);
    expect(text).toContain(receipt.reference);
    expect(text).toContain(receipt.instructions[0]?.id);
    expect(text).toContain('PROCEED');
    // The invoice of the new decision is available at once too.
    expect((await documentOf(event, 'invoice')).response.status).toBe(200);
  });

  it('answers 404 for the official receipt until FULFILLED, then serves official-receipt-<eventId>.pdf', async () => {
    const event = firstEventWhere(
      h.demo(),
      (candidate) => candidate.appliedDecision === 'PROCEED' && candidate.processingStatus === 'INSTRUCTED',
    );
    const client = h.client(h.demoKey);
    expect((await client.getOfficialReceiptDocument(event.patent.id, event.id)).data).toBeNull();
    for (const status of ['PAYMENT_SENT', 'PAYMENT_CONFIRMED']) {
      const moved = await h.operator.progressEvent(event.id);
      expect(moved.processingStatus).toBe(status);
      const { response } = await documentOf(event, 'official-receipt');
      expect(response.status).toBe(404);
      expect((await problemOf(response)).code).toBe('not_found');
    }
    await h.operator.progressEvent(event.id);
    const { response, body } = await documentOf(event, 'official-receipt');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="official-receipt-${event.id}.pdf"`,
    );
    const text = pdfText(body);
    expect(text).toContain(event.officialReceipt?.number);
    expect(text).toContain(event.patent.office);
    expect((await client.getOfficialReceiptDocument(event.patent.id, event.id)).data?.filename).toBe(
      `official-receipt-${event.id}.pdf`,
    );
  });

  it('keeps the official receipt absent for a non-payment, even when FULFILLED', async () => {
    const skipped = firstEventWhere(
      h.demo(),
      (candidate) =>
        candidate.appliedDecision === 'SKIP_THIS_TIME' && candidate.processingStatus === 'FULFILLED',
    );
    expect((await documentOf(skipped, 'official-receipt')).response.status).toBe(404);
    const fulfilled = firstEventWhere(
      h.demo(),
      (candidate) => candidate.appliedDecision === 'PROCEED' && candidate.processingStatus === 'FULFILLED',
    );
    expect((await documentOf(fulfilled, 'official-receipt')).response.status).toBe(200);
  });
});
