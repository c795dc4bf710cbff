'use client';

import { type ReactNode, useCallback } from 'react';
import { ClientFilter } from '@/components/clients/client-filter';
import { ColumnVisibilityMenu } from '@/components/data-table/column-visibility-menu';
import { type ExportFormat, ExportLinks } from '@/components/data-table/export-links';
import { useUrlState } from '@/components/data-table/use-url-state';
import { PortfolioSearch } from '@/components/portfolio/portfolio-search';
import { Button } from '@/components/ui/button';
import type { ClientRef } from '@/lib/clients/chosen-client';
import { PATENT_COLUMN_IDS, PATENT_COLUMNS } from '@/lib/portfolio/columns';
import { portfolioExportQuery, portfolioParams, portfolioQueryFromParams } from '@/lib/portfolio/url-state';

/**
 * The portfolio's search, column menu and export: everything above the table that needs the
 * address only, not the data. The page draws it outside the table's Suspense, so the search field
 * (the page's largest text, Lighthouse's LCP element) is in the first paint instead of waiting for
 * the service's page of patents (a Lighthouse score of at least 90). `clients`: the clients the
 * list may be narrowed to, given only when the user's list holds several.
 */
export function PortfolioToolbar({ clients }: { clients?: readonly ClientRef[] }) {
  const [params, setParams] = useUrlState(portfolioParams, { history: 'push' });
  const query = portfolioQueryFromParams(params);
  // A new search starts on page 1 in the ranking's order (a sort has no meaning for it).
  const search = useCallback((q: string | null) => void setParams({ q, page: 1, sort: null }), [setParams]);
  const visibleColumns = PATENT_COLUMN_IDS.filter((id) => !params.hide.includes(id));
  const exportHref = (format: ExportFormat) =>
    `/api/portfolio/export?${portfolioExportQuery({ ...query, format, columns: visibleColumns })}`;

  return (
    <div className="flex flex-wrap items-end justify-between gap-3">
      <div className="flex flex-wrap items-end gap-3">
        <PortfolioSearch value={query.q ?? null} onSearch={search} />
        {clients ? (
          <div className="pb-5">
            <ClientFilter clients={clients} />
          </div>
        ) : null}
        {query.providerId ? (
          // The service's own exact lookup (spec: Endpoints 1), still honoured in an address.
          <AppliedFilter onClear={() => void setParams({ providerId: null, page: 1 })}>
            Provider ID is exactly “{query.providerId}”
          </AppliedFilter>
        ) : null}
        {query.tag ? (
          <AppliedFilter onClear={() => void setParams({ tag: null, page: 1 })}>
            Tagged “{query.tag}”
          </AppliedFilter>
        ) : null}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <ColumnVisibilityMenu
          columns={PATENT_COLUMNS}
          hidden={params.hide}
          onChange={(hide) => void setParams({ hide })}
        />
        <ExportLinks href={exportHref} />
      </div>
    </div>
  );
}

/** A filter the address applies that the toolbar has no field for: said, with a way back to all. */
function AppliedFilter({ children, onClear }: { children: ReactNode; onClear: () => void }) {
  return (
    <p className="flex items-center gap-2 pb-5 text-sm">
      {children}
      <Button type="button" size="sm" variant="ghost" onClick={onClear}>
        Show all
      </Button>
    </p>
  );
}
