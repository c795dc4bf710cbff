import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { documentAccess, type ROLES } from '@/lib/policy/roles';
import { EventDocuments } from './event-documents';

const invoicedProceed = {
  id: 'event-1',
  name: 'EP 1234567',
  patentId: 'patent-1',
  appliedDecision: 'PROCEED',
  processingStatus: 'FULFILLED',
  feesStatus: 'INVOICED',
};

const linksFor = (role: (typeof ROLES)[number]) => {
  const html = renderToString(<EventDocuments event={invoicedProceed} access={documentAccess(role)} />);
  return {
    instruction: html.includes('Instruction receipt'),
    invoice: html.includes('Invoice'),
    official: html.includes('Official receipt'),
  };
};

describe('EventDocuments', () => {
  it('offers each role only the documents its permissions open (the route checks again)', () => {
    expect(linksFor('paralegal')).toEqual({ instruction: true, invoice: true, official: true });
    expect(linksFor('manager')).toEqual({ instruction: true, invoice: true, official: true });
    // Finance reconciles invoices: the invoice, not the instruction or office receipts.
    expect(linksFor('finance')).toEqual({ instruction: false, invoice: true, official: false });
    expect(linksFor('admin')).toEqual({ instruction: false, invoice: false, official: false });
  });

  it('offers no official receipt before the service has FULFILLED a paid renewal (spec: Endpoints 8)', () => {
    const html = renderToString(
      <EventDocuments
        event={{ ...invoicedProceed, processingStatus: 'INSTRUCTED' }}
        access={{ eventDocuments: true, invoiceDocuments: true }}
      />,
    );
    expect(html).not.toContain('Official receipt');
    expect(html).toContain('Instruction receipt');
  });
});
