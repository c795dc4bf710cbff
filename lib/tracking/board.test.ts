import { describe, expect, it } from 'vitest';
import { renewalRow } from '@/lib/renewals/testing';
import { buildStages, fulfilledGaps, isInstructed } from './board';

const fees = (total: string, currency = 'EUR', feesStatus = 'INVOICED') => ({
  currency,
  total,
  components: [],
  feesStatus,
  isFxRateFrozen: false,
  invoiceId: feesStatus === 'INVOICED' ? 'inv' : null,
});

const rows = [
  renewalRow({ eventId: 'open' }),
  renewalRow({
    eventId: 'i1',
    appliedDecision: 'PROCEED',
    processingStatus: 'INSTRUCTED',
    fees: fees('100.00'),
  }),
  renewalRow({
    eventId: 'i2',
    appliedDecision: 'PROCEED',
    processingStatus: 'INSTRUCTED',
    fees: fees('5000', 'JPY'),
  }),
  renewalRow({
    eventId: 'f1',
    appliedDecision: 'PROCEED',
    processingStatus: 'FULFILLED',
    fees: fees('10.00'),
  }),
  renewalRow({
    eventId: 'f2',
    appliedDecision: 'PROCEED',
    processingStatus: 'FULFILLED',
    fees: fees('10.00', 'EUR', 'ESTIMATED'),
  }),
  renewalRow({ eventId: 'u1', appliedDecision: 'PROCEED', processingStatus: 'UNPROCESSABLE' }),
  renewalRow({ eventId: 'n1', appliedDecision: 'PROCEED', processingStatus: 'ON_HOLD' }),
];

describe('tracking board', () => {
  it('counts instructed renewals only', () => {
    expect(rows.filter(isInstructed).map((row) => row.eventId)).not.toContain('open');
  });

  it('lists the pipeline in order, then UNPROCESSABLE, then unknown statuses as sent', () => {
    const stages = buildStages(rows);
    expect(stages.map((stage) => [stage.status, stage.count])).toEqual([
      ['INSTRUCTED', 2],
      ['PAYMENT_SENT', 0],
      ['PAYMENT_CONFIRMED', 0],
      ['FULFILLED', 2],
      ['UNPROCESSABLE', 1],
      ['ON_HOLD', 1],
    ]);
    expect(stages[0]?.totals).toEqual([
      { currency: 'EUR', total: '100.00', count: 1, missing: 0 },
      { currency: 'JPY', total: '5000', count: 1, missing: 0 },
    ]);
  });

  it('expects no office receipt for a skipped renewal', () => {
    const skipped = renewalRow({
      eventId: 's1',
      appliedDecision: 'SKIP_THIS_TIME',
      processingStatus: 'FULFILLED',
      fees: fees('95.00'),
    });
    expect(fulfilledGaps([skipped], new Set())).toEqual([]);
  });

  it('flags FULFILLED renewals without an official receipt or an invoice line', () => {
    expect(fulfilledGaps(rows, new Set(['f1']))).toEqual([
      expect.objectContaining({
        row: expect.objectContaining({ eventId: 'f2' }),
        missingInvoice: true,
        missingReceipt: true,
      }),
    ]);
    expect(fulfilledGaps(rows, new Set(['f1', 'f2']))).toEqual([
      expect.objectContaining({ missingInvoice: true, missingReceipt: false }),
    ]);
  });
});
