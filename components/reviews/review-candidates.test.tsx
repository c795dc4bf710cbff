import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import type { ReviewCandidate } from '@/lib/reviews/review-hold';
import { ReviewCandidates } from './review-candidates';

vi.mock('next/navigation', () => ({ useRouter: () => ({ refresh: () => undefined }) }));

const candidate = (n: number): ReviewCandidate => ({
  eventId: `e-${n}`,
  patentId: `p-${n}`,
  caseReference: `EP-${n}`,
  office: 'DE',
  title: null,
  dueDate: '2027-01-31',
  annuityYear: 9,
  fee: { amount: '520.00', currency: 'EUR' },
  score: n,
  sentence: 'No sales in the country.',
  costToExpiry: [],
  forecastTo: '2028-12-31',
  hold: null,
});

describe('the candidates for review', () => {
  it('puts the hold form above the 50 rows it acts on, kept in view while they are ticked', () => {
    const html = renderToString(
      <QueryClientProvider client={new QueryClient()}>
        <ReviewCandidates
          candidates={Array.from({ length: 50 }, (_, n) => candidate(n + 1))}
          owners={[{ userId: 'u-1', name: 'Mia Manager', role: 'manager' }]}
          canWrite
          today="2026-12-07"
          locale="en-GB"
        />
      </QueryClientProvider>,
    );
    const form = html.indexOf('<fieldset');
    expect(form).toBeGreaterThan(-1);
    expect(form).toBeLessThan(html.indexOf('<table'));
    expect(html.slice(form, html.indexOf('>', form))).toContain('sticky top-0');
  });
});
