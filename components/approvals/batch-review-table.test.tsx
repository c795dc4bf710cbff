import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { batchItem, batchView } from '@/lib/decisions/batch-testing';
import { BatchReviewTable } from './batch-review-table';

const reason = 'Product line discontinued in every market we sell in';

describe("the approver's review on a phone", () => {
  const batch = batchView({
    items: [batchItem({ decision: 'DROP', rationale: reason })],
  });
  const html = renderToString(<BatchReviewTable batch={batch} locale="en-GB" />).replaceAll('<!-- -->', '');

  it('shows each decision and its reason as a card below 768 px, the table only from there', () => {
    const list = html.slice(html.indexOf('<ul aria-label="Decisions to approve"'), html.indexOf('</ul>'));
    expect(list).toContain('class="flex flex-col gap-3 md:hidden"');
    expect(list).toContain('data-event-id="e-1"');
    expect(list).toContain('>Drop<');
    expect(list).toContain(reason);
    // The seven-column table, which a 390 px screen would cut off, is not drawn there.
    expect(html).toMatch(/<div class="hidden md:block"><div class="[^"]*overflow-x-auto[^"]*"><table/);
  });
});
