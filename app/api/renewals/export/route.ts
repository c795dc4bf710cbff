import { RENEWAL_COLUMN_IDS } from '@/lib/renewals/columns';
import { renewalExportTable } from '@/lib/renewals/export-table';
import { renewalsExportSchema } from '@/lib/renewals/query';
import { localFiltersOf, parseSort } from '@/lib/renewals/url-state';
import { applyLocalFilters, sortRows } from '@/lib/renewals/view-model';
import { windowBounds } from '@/lib/renewals/window';
import { tableFile } from '@/lib/server/files/export-file';
import { defineRoute } from '@/lib/server/http/route';
import { loadRenewalWindow, windowClients } from '@/lib/server/renewals/window';

/**
 * The month view as a file: the same window, filters, order and visible columns the user has on
 * screen. It reads the window again (ceil(events / 100) calls) because estimates are live.
 */
export const GET = defineRoute(
  { access: 'exports:read', query: renewalsExportSchema },
  async ({ query, requestId, clients }) => {
    const { window: renewalWindow } = query;
    const data = await loadRenewalWindow(renewalWindow, query, requestId, {
      keepScores: true,
      clients: windowClients(await clients(), query.client),
    });
    const rows = sortRows(applyLocalFilters(data.rows, localFiltersOf(query)), parseSort(query.sort));
    const columns = query.columns.length > 0 ? query.columns : RENEWAL_COLUMN_IDS;
    const table = renewalExportTable(rows, columns);
    const bounds = windowBounds(renewalWindow);
    const name =
      renewalWindow.kind === 'month'
        ? `renewals-${renewalWindow.month}`
        : `renewals-${bounds.from}-${bounds.to}`;
    return tableFile(table, query.format, name, 'Renewals');
  },
);
