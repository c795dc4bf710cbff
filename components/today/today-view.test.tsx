import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import type { TodayData } from '@/lib/today/data';
import { todayViewLinks } from '@/lib/today/view-links';
import { TodayView } from './today-view';

vi.mock('next/navigation', () => ({ useRouter: () => ({ refresh: () => undefined }) }));

/**
 * Finance's and the manager's Today while the renewals are read from the service for the first
 * time: the same neutral notice as the paralegal's, and a section still being read is not an error.
 */
const stillReading = {
  ok: false as const,
  problem: {
    title: 'Reading these renewals from the service for the first time',
    detail: 'The renewals due in November 2025 to January 2027 are being read: 4 of 15 months so far.',
    status: 503,
    code: 'copy_month_still_reading',
    requestId: 'req-1',
  },
};

function render(data: TodayData) {
  // The markup without React's text separators.
  return renderToString(
    <QueryClientProvider client={new QueryClient()}>
      <TodayView data={data} links={todayViewLinks(data)} locale="en-GB" canDecide={false} />
    </QueryClientProvider>,
  ).replaceAll('<!-- -->', '');
}

const base = {
  today: '2026-11-16',
  renewals: null,
  admin: null,
  changes: null,
  finance: null,
  manager: null,
};

describe("Today of a role that sees renewals as counts, during the renewals' first read", () => {
  it.each(['finance', 'manager'] as const)(
    'tells the %s how far the first read is, in a neutral tone',
    (role) => {
      const html = render({
        ...base,
        role,
        renewalsCopy: {
          asOf: null,
          incomplete: [],
          neverRead: [],
          notAnsweringSince: null,
          firstRead: { read: 4, of: 15 },
        },
        [role]: stillReading,
      });
      expect(html).toContain('data-testid="first-read"');
      expect(html).toContain(
        'Reading the renewals from the renewal service for the first time: 4 of 15 months',
      );
      expect(html).toContain('Reading these renewals from the service for the first time');
      expect(html).not.toContain('could not be loaded');
    },
  );

  it('still calls a real failure of a section an error', () => {
    const html = render({
      ...base,
      role: 'finance',
      finance: {
        ok: false,
        problem: { ...stillReading.problem, code: 'upstream_unavailable', title: 'The service failed' },
      },
    });
    expect(html).toContain('Invoices and billing could not be loaded: The service failed');
    expect(html).not.toContain('data-testid="first-read"');
  });
});
