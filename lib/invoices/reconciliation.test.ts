import { describe, expect, it } from 'vitest';
import { INVOICE_MARK_KEY, lineKeys } from './line-keys';
import { reconciliationStatus } from './reconciliation';

const keys = ['a', 'b'];

describe('an invoice is reconciled when all its lines are', () => {
  it('moves from unmarked to in progress to reconciled', () => {
    expect(reconciliationStatus(keys, [])).toBe('unmarked');
    expect(reconciliationStatus(keys, [{ lineKey: 'a', status: 'reconciled' }])).toBe('in-progress');
    expect(
      reconciliationStatus(keys, [
        { lineKey: 'a', status: 'reconciled' },
        { lineKey: 'b', status: 'reconciled' },
      ]),
    ).toBe('reconciled');
  });

  it('is disputed by one disputed line or a dispute of the invoice', () => {
    expect(
      reconciliationStatus(keys, [
        { lineKey: 'a', status: 'reconciled' },
        { lineKey: 'b', status: 'disputed' },
      ]),
    ).toBe('disputed');
    expect(reconciliationStatus(keys, [{ lineKey: INVOICE_MARK_KEY, status: 'disputed' }])).toBe('disputed');
  });

  it('is not reconciled by an invoice mark while lines are open', () => {
    expect(reconciliationStatus(keys, [{ lineKey: INVOICE_MARK_KEY, status: 'reconciled' }])).toBe(
      'in-progress',
    );
    expect(reconciliationStatus([], [{ lineKey: INVOICE_MARK_KEY, status: 'reconciled' }])).toBe(
      'reconciled',
    );
  });

  it('ignores a mark on a line the invoice no longer has', () => {
    expect(reconciliationStatus(keys, [{ lineKey: 'gone', status: 'disputed' }])).toBe('unmarked');
  });
});

describe('line keys', () => {
  it('names a line by its event, or by its position when it has none or shares it', () => {
    expect(lineKeys([{ eventId: 'e1' }, { eventId: null }, { eventId: 'e2' }, { eventId: 'e2' }])).toEqual([
      'e1',
      '1',
      '2',
      '3',
    ]);
  });
});
