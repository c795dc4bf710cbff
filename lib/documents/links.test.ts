import { describe, expect, it } from 'vitest';
import { eventDocumentFilename } from './links';

const EVENT = '6f1c2a7e-0d7b-4c55-9f1e-2b8d3c4a5e6f';

describe('eventDocumentFilename', () => {
  it('names a receipt by its case reference where the service named it by the event id', () => {
    const refs = { caseReference: 'ACME-EP-0042', providerId: 'PRV-9', eventId: EVENT };
    expect(eventDocumentFilename('official-receipt', `official-receipt-${EVENT}.pdf`, refs)).toBe(
      'official-receipt-ACME-EP-0042.pdf',
    );
  });

  it('falls back to the provider id, then to the event id', () => {
    const name = `official-receipt-${EVENT}.pdf`;
    expect(
      eventDocumentFilename('official-receipt', name, {
        caseReference: null,
        providerId: 'PRV-9',
        eventId: EVENT,
      }),
    ).toBe('official-receipt-PRV-9.pdf');
    expect(
      eventDocumentFilename('official-receipt', name, {
        caseReference: ' ',
        providerId: null,
        eventId: EVENT,
      }),
    ).toBe(name);
  });

  it('keeps a name the service gave without the event id, and names one it did not give', () => {
    const refs = { caseReference: 'ACME-1', providerId: null, eventId: EVENT };
    expect(eventDocumentFilename('official-receipt', 'reçu officiel – OR-EP-1234567.pdf', refs)).toBe(
      'reçu officiel – OR-EP-1234567.pdf',
    );
    expect(eventDocumentFilename('instruction-receipt', null, refs)).toBe('instruction-receipt-ACME-1.pdf');
  });
});
