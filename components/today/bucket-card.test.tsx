import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { blocked, renewalRow } from '@/lib/renewals/testing';
import { bucketRenewals } from '@/lib/today/buckets';
import type { BucketView } from '@/lib/today/data';
import { FIRST_ROWS } from '@/lib/today/first-screen';
import { BucketCard } from './bucket-card';

const TODAY = '2026-11-23';
const rows = Array.from({ length: 25 }, (_, n) =>
  renewalRow({
    eventId: `e-${n}`,
    patentId: `p-${n}`,
    dueDate: '2026-11-28',
    ...(n % 5 === 0 ? { instructability: blocked('EARLIER_EVENT_PENDING') } : {}),
  }),
);
const whole = bucketRenewals(rows, TODAY).find((bucket) => bucket.id === 'due-this-month');
if (!whole) throw new Error('no bucket');

const render = (bucket: BucketView) =>
  renderToString(
    <QueryClientProvider client={new QueryClient()}>
      <BucketCard
        bucket={bucket}
        itemLinks={{}}
        canDecide
        draftHref="/renewals/review"
        rest="kept"
        today={TODAY}
      />
    </QueryClientProvider>,
  );

describe('a Today bucket sent as its first screen', () => {
  it('shows the first items and still counts, offers and adds the whole bucket', () => {
    const html = render({
      ...whole,
      href: '/renewals',
      items: whole.items.slice(0, FIRST_ROWS),
      listed: { items: 25, decidable: 20 },
    });
    expect(html.match(/<li[^>]*data-event-id=/g)).toHaveLength(FIRST_ROWS);
    expect(html).toContain('Show all 25');
    expect(html).toContain('Add all 20 to the draft');
    expect(html).toContain('these 25 in the month view');
  });

  it('says "the first" when the server holds fewer items than the bucket counts', () => {
    const html = render({
      ...whole,
      count: 300,
      href: '/renewals',
      items: whole.items.slice(0, FIRST_ROWS),
      listed: { items: 25, decidable: 20 },
    });
    expect(html).toContain('Show the first 25');
    expect(html).toContain('Add the first 20 to the draft');
  });

  it('says how many its month-view link lists when the month view cannot take them all', () => {
    const html = render({ ...whole, href: '/renewals', linked: 7 }).replaceAll('<!-- -->', '');
    expect(html).toContain('Open the latest 7 of 25 in the month view');
    expect(html).not.toContain('these 25 in the month view');
  });
});
