import { describe, expect, it } from 'vitest';
import { RENEWAL_COLUMN_IDS } from '@/lib/renewals/columns';
import { decidingColumns, renewalColumns } from './columns';

describe('the month view’s columns', () => {
  it('come in the order the column menu and the export list them', () => {
    expect(renewalColumns.map((column) => column.id)).toEqual(RENEWAL_COLUMN_IDS);
  });

  it('put the fees right after the due date, before the wide badges, so they stay on screen at 1280 px', () => {
    const ids = decidingColumns.map((column) => column.id);
    expect(ids.slice(0, 3)).toEqual(['select', 'draftDecision', 'caseReference']);
    expect(ids.indexOf('fees')).toBe(ids.indexOf('dueDate') + 1);
    expect(ids.indexOf('fees')).toBeLessThan(ids.indexOf('instructability'));
  });
});
