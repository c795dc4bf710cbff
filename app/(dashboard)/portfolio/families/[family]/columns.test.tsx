import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DataTable } from '@/components/data-table/data-table';
import type { FamilyMember } from '@/lib/portfolio/family';
import { memberColumns } from './columns';

const dropped: FamilyMember = {
  patentId: 'p-fr',
  name: 'FAM-X FR',
  office: 'FR',
  status: 'GRANTED',
  expiry: '2035-05-31',
  state: 'dropped',
  next: null,
  lastDecision: { decision: 'DROP', dueDate: '2026-05-31' },
  costToExpiry: [],
};

describe("a family's patents", () => {
  it('names the last decision in words, with its due date', () => {
    const html = renderToString(
      <DataTable
        caption="Members"
        columns={memberColumns('en-GB')}
        rows={[dropped]}
        rowKey={(m) => m.patentId}
      />,
    );
    expect(html).toContain('Drop (due 31 May 2026)');
    expect(html).not.toContain('[object Object]');
  });

  it('says what keeping a member costs to the year of the last renewal the forecast counts', () => {
    const kept: FamilyMember = {
      ...dropped,
      patentId: 'p-de',
      state: 'kept',
      lastDecision: null,
      costToExpiry: [{ currency: 'EUR', total: '580.00', renewals: 2, lastDue: '2028-03-31' }],
    };
    const html = renderToString(
      <DataTable
        caption="Members"
        columns={memberColumns('en-GB')}
        rows={[kept]}
        rowKey={(m) => m.patentId}
      />,
    );
    expect(html).toContain('€580.00 to keep to 2028');
  });
});
