import { describe, expect, it } from 'vitest';
import {
  dataQualityChecks,
  heldRun,
  ownerKey,
  type QualityCheckId,
  type QualityPatent,
} from './data-quality';

const patent = (id: string, extra: Partial<QualityPatent> = {}): QualityPatent => ({
  id,
  providerId: `PAM-${id}`,
  clientCaseReference: `C-${id}`,
  clientFamilyReference: 'FAM-A',
  office: 'DE',
  owner: 'Acme GmbH',
  status: 'GRANTED',
  grantDate: '2015-03-01',
  expirationDate: '2034-03-01',
  extendedExpirationDate: null,
  lapseDate: null,
  renewalsManagedFrom: null,
  ...extra,
});
const held = { from: '2026-05', to: '2028-11' };

function found(checks: ReturnType<typeof dataQualityChecks>, id: QualityCheckId) {
  return checks.find((check) => check.id === id)?.findings.map((finding) => finding.patentId) ?? [];
}

describe('dataQualityChecks', () => {
  const clean = [patent('a'), patent('b')];
  const renewals = [
    { patentId: 'a', dueDate: '2027-03-31' },
    { patentId: 'b', dueDate: '2027-03-31' },
  ];

  it('finds nothing in a clean portfolio, and still lists every check with why it matters', () => {
    const checks = dataQualityChecks(clean, renewals, held);
    expect(checks).toHaveLength(7);
    for (const check of checks) {
      expect(check.count, check.id).toBe(0);
      expect(check.why.length, check.id).toBeGreaterThan(40);
    }
  });

  it('finds every seeded defect on exactly the patents that carry it', () => {
    const patents = [
      ...clean,
      patent('no-renewals'),
      patent('late', { expirationDate: '2027-01-31' }),
      patent('no-expiry', { expirationDate: null }),
      patent('no-grant', { grantDate: null }),
      patent('twin-1', { providerId: 'PAM-TWIN' }),
      patent('twin-2', { providerId: 'PAM-TWIN' }),
      patent('spelt', { owner: 'ACME Gmbh.' }),
      patent('alone', { clientFamilyReference: 'FAM-ALONE' }),
    ];
    const seededRenewals = [
      ...renewals,
      { patentId: 'late', dueDate: '2027-03-31' },
      { patentId: 'no-expiry', dueDate: '2027-03-31' },
      { patentId: 'no-grant', dueDate: '2027-03-31' },
      { patentId: 'twin-1', dueDate: '2027-03-31' },
      { patentId: 'twin-2', dueDate: '2027-03-31' },
      { patentId: 'spelt', dueDate: '2027-03-31' },
      { patentId: 'alone', dueDate: '2027-03-31' },
    ];
    const checks = dataQualityChecks(patents, seededRenewals, held);
    expect(found(checks, 'granted-without-renewals')).toEqual(['no-renewals']);
    expect(found(checks, 'renewal-after-expiry')).toEqual(['late']);
    expect(checks.find((check) => check.id === 'renewal-after-expiry')?.findings[0]?.detail).toBe(
      'Renewal due 2027-03-31; expires 2027-01-31.',
    );
    expect(found(checks, 'missing-expiry')).toEqual(['no-expiry']);
    expect(found(checks, 'missing-grant-date')).toEqual(['no-grant']);
    expect(found(checks, 'shared-provider-id').sort()).toEqual(['twin-1', 'twin-2']);
    expect(found(checks, 'owner-spellings')).toEqual(['spelt']);
    expect(checks.find((check) => check.id === 'owner-spellings')?.findings[0]?.detail).toContain(
      'Acme GmbH',
    );
    expect(found(checks, 'family-of-one')).toEqual(['alone']);
  });

  it('does not call a patent without renewals a defect where none is due in the months held', () => {
    const patents = [
      // US maintenance fees fall years apart: 31 months held may hold none.
      patent('us', { office: 'US' }),
      // Expires before the months held end: its last renewal may be behind it.
      patent('ending', { expirationDate: '2027-06-30' }),
      patent('lapsed', { lapseDate: '2026-01-01' }),
      patent('pending', { status: 'PENDING' }),
      // The service manages its renewals only from later on.
      patent('later', { renewalsManagedFrom: '2027-01-01' }),
    ];
    expect(found(dataQualityChecks(patents, [], held), 'granted-without-renewals')).toEqual([]);
    // Nothing held completely: the renewal checks wait.
    expect(found(dataQualityChecks([patent('x')], [], null), 'granted-without-renewals')).toEqual([]);
  });

  it('counts against the extended expiry when there is one', () => {
    const extended = patent('spc', { expirationDate: '2027-01-31', extendedExpirationDate: '2031-01-31' });
    const checks = dataQualityChecks([extended], [{ patentId: 'spc', dueDate: '2027-03-31' }], held);
    expect(found(checks, 'renewal-after-expiry')).toEqual([]);
  });
});

describe('ownerKey', () => {
  it('compares owners without case, accents, punctuation or spacing', () => {
    expect(ownerKey('Müller Thermotechnik GmbH')).toBe(ownerKey('MULLER thermo-technik G.m.b.H.'));
    expect(ownerKey('Acme Inc')).not.toBe(ownerKey('Acme Ltd'));
  });
});

describe('heldRun', () => {
  it('takes the run of consecutive months that holds the current one', () => {
    expect(heldRun(['2026-01', '2026-02', '2026-04', '2026-05', '2026-06', '2026-07'], '2026-02')).toEqual({
      from: '2026-01',
      to: '2026-02',
    });
    expect(heldRun(['2026-12', '2027-01', '2027-02'], '2026-12')).toEqual({ from: '2026-12', to: '2027-02' });
    expect(heldRun([], '2026-12')).toBeNull();
  });
});
