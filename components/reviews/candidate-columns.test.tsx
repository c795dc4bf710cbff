import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DataTable } from '@/components/data-table/data-table';
import type { ReviewCandidate, ReviewHoldView } from '@/lib/reviews/review-hold';
import { candidateColumns } from './candidate-columns';

const hold: ReviewHoldView = {
  id: 'h-1',
  eventId: 'e-2',
  patentId: 'p-2',
  dueDate: '2027-02-28',
  owner: { userId: 'u-1', name: 'Mia Manager', email: 'mia@example.test' },
  reviewBy: '2027-01-15',
  askedDecision: 'undecided',
  note: null,
  createdByEmail: null,
  createdAt: '2026-11-01T00:00:00Z',
  endedAt: null,
  endedHow: null,
  overdue: false,
  caseReference: null,
  office: 'FR',
};

const candidate = (over: Partial<ReviewCandidate>): ReviewCandidate => ({
  eventId: 'e-1',
  patentId: 'p-1',
  caseReference: 'EP-7',
  office: 'DE',
  title: null,
  dueDate: '2027-01-31',
  annuityYear: 9,
  fee: { amount: '520.00', currency: 'EUR' },
  score: 12,
  sentence: 'No sales in the country.',
  costToExpiry: [
    { currency: 'EUR', total: '4000.00', renewals: 8, lastDue: '2034-01-31' },
    { currency: 'USD', total: '90.00', renewals: 1, lastDue: '2028-01-31' },
  ],
  forecastTo: '2034-12-31',
  hold: null,
  ...over,
});

const render = (canChoose: boolean, chosen: ReadonlySet<string> = new Set()) =>
  renderToString(
    <DataTable
      caption="Candidates"
      captionHidden
      columns={candidateColumns({ locale: 'en-GB', choice: canChoose ? { chosen, toggle: () => {} } : null })}
      rows={[
        candidate({}),
        candidate({ eventId: 'e-2', patentId: 'p-2', caseReference: null, office: 'FR', hold }),
      ]}
      rowKey={(row) => row.eventId}
      rowProps={(row) => ({ 'data-event-id': row.eventId })}
    />,
  );

describe('the candidates for review', () => {
  it('offers a box named after each renewal, none for one already under review', () => {
    const html = render(true, new Set(['e-1']));
    expect(html).toContain('<span class="sr-only">Select</span>');
    expect(html).toMatch(/<input type="checkbox" aria-label="Select EP-7" checked=""/);
    expect(html).toMatch(/<input type="checkbox" aria-label="Select e-2" disabled=""/);
    expect(html).toContain('Under review by Mia Manager until 2027-01-15');
    expect(html).toContain('data-event-id="e-2"');
  });

  it('shows the score, the fee and the cost to keep per currency to the year it covers, never added across them', () => {
    const html = render(false);
    expect(html).not.toContain('type="checkbox"');
    expect(html).toContain('>12<');
    expect(html).toContain('€520.00');
    expect(html).toContain('€4,000.00 + US$90.00 to keep to 2034');
    expect(html).toContain('Cost to keep');
    expect(html).toContain('<span class="text-muted-foreground"> (<!-- -->DE<!-- -->)</span>');
  });

  it('says the forecast is being built rather than a cost while the client has none', () => {
    const html = renderToString(
      <DataTable
        caption="Candidates"
        columns={candidateColumns({ locale: 'en-GB', choice: null })}
        rows={[candidate({ costToExpiry: [], forecastTo: null })]}
        rowKey={(row) => row.eventId}
      />,
    );
    expect(html).toContain('Forecast being built');
  });
});
