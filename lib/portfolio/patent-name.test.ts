import { describe, expect, it } from 'vitest';
import { patentName } from './patent-name';

describe('patentName', () => {
  it('prefers the case reference, then the provider id', () => {
    expect(patentName({ caseReference: 'ACME-1', providerId: 'P-1' })).toBe('ACME-1');
    expect(patentName({ clientCaseReference: 'ACME-2', providerId: 'P-2' })).toBe('ACME-2');
    expect(patentName({ caseReference: null, providerId: 'P-3' })).toBe('P-3');
  });

  it('tells two unnamed patents apart by their service ids', () => {
    const a = patentName({ patentId: '1a2b3c4d-0000-4000-8000-000000000001' });
    const b = patentName({ id: '9f8e7d6c-0000-4000-8000-000000000002' });
    expect(a).toBe('Unnamed patent 1a2b3c4d');
    expect(b).toBe('Unnamed patent 9f8e7d6c');
    expect(patentName({})).toBe('Unnamed patent');
  });
});
