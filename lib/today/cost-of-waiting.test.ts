import { describe, expect, it } from 'vitest';
import { JPY_FEES_WITH_GRACE, renewalRow } from '@/lib/renewals/testing';
import { graceSurcharge, waitingState } from './cost-of-waiting';

const graceFees = JPY_FEES_WITH_GRACE;

describe('graceSurcharge', () => {
  it('is the GRACE_PERIOD component in the estimate currency', () => {
    expect(graceSurcharge(graceFees)).toEqual({ amount: '10000', currency: 'JPY' });
  });
  it('is null without the component or without fees', () => {
    expect(graceSurcharge({ currency: 'EUR', components: [{ type: 'OFFICE', amount: '1' }] })).toBeNull();
    expect(graceSurcharge(null)).toBeNull();
  });
});

describe('waitingState', () => {
  const row = renewalRow({ dueDate: '2026-06-01', gracePeriodEndDate: '2026-12-01', fees: graceFees });

  it('follows the calendar when today is known: grace end day included', () => {
    expect(waitingState(row, '2026-12-01')).toEqual({
      kind: 'in-grace',
      graceEnds: '2026-12-01',
      surcharge: { amount: '10000', currency: 'JPY' },
    });
    expect(waitingState(row, '2026-12-02')).toEqual({ kind: 'lapsed', graceEnded: '2026-12-01' });
    expect(waitingState(row, '2026-06-01')).toEqual({ kind: 'none' });
  });

  it('is lapsed the day after the due date when the office has no grace', () => {
    expect(waitingState({ ...row, gracePeriodEndDate: null }, '2026-06-02')).toEqual({
      kind: 'lapsed',
      graceEnded: null,
    });
  });

  it('follows the service duePeriod otherwise, unknown periods showing nothing', () => {
    expect(waitingState({ ...row, duePeriod: 'GRACE_PERIOD' }).kind).toBe('in-grace');
    expect(waitingState({ ...row, duePeriod: 'LAPSED' }).kind).toBe('lapsed');
    expect(waitingState({ ...row, duePeriod: 'SOMETHING_NEW' }).kind).toBe('none');
  });
});
