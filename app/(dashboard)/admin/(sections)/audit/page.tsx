import type { Metadata } from 'next';
import Link from 'next/link';
import { DataTable } from '@/components/data-table/data-table';
import { AddressProblemPanel } from '@/components/shell/address-problem';
import { PageSection } from '@/components/shell/page-section';
import { ProblemPanel } from '@/components/shell/problem-panel';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { LabelledControl, SelectField } from '@/components/ui/labelled-control';
import { CLIENT_FILTER } from '@/lib/clients/client-filter';
import { CALENDAR_DATE, choice, int, text } from '@/lib/http/url-state';
import { addressProblems } from '@/lib/http/url-state-rules';
import {
  AUDIT_EXPORT_LIMIT,
  AUDIT_PAGE_SIZE,
  auditFilterOptions,
  auditFilterSchema,
  queryAuditLog,
} from '@/lib/server/audit/audit-query';
import { requireViewer } from '@/lib/server/auth/session';
import { labelsClients, pageClientScope } from '@/lib/server/clients/scope';
import { loadForPage, pageLocale, pageRequestId } from '@/lib/server/http/request-context';
import { auditColumns } from './columns';

export const metadata: Metadata = { title: 'Audit log' };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** The values of the log's address that have rules (the free-text filters take any text). */
const AUDIT_ADDRESS = {
  outcome: choice(['success', 'failure']),
  from: text({ check: CALENDAR_DATE }),
  to: text({ check: CALENDAR_DATE }),
  client: text({ check: CLIENT_FILTER }),
  page: int({ min: 1, max: 100_000, default: 1 }),
};

/** The outcome filter's choices: an entry records whether what it names succeeded. */
const OUTCOMES = [
  { value: 'success', label: 'Success' },
  { value: 'failure', label: 'Failure' },
];

export default async function AuditLogPage({ searchParams }: { searchParams: SearchParams }) {
  const viewer = await requireViewer('audit:read');
  // The entries of the viewer's clients only (spec: rule 2): another client's patents and batches
  // are named in its entries.
  const scope = await pageClientScope(viewer.userId);
  // One date format, the user's; the exact UTC instant stays in the element's dateTime.
  const locale = await pageLocale();
  const raw = await searchParams;
  // A date, outcome or page the log cannot use is named, with the address without it.
  const problems = addressProblems(AUDIT_ADDRESS, raw);
  if (problems.length > 0) {
    return <AddressProblemPanel problems={problems} path="/admin/audit" search={raw} />;
  }
  const filter = auditFilterSchema.parse(
    Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v])),
  );
  const [loaded, options] = await Promise.all([
    loadForPage(await pageRequestId(), () => queryAuditLog(filter, scope)),
    auditFilterOptions(scope),
  ]);
  if (!loaded.ok) return <ProblemPanel problem={loaded.problem} />;
  const { rows, total } = loaded.data;
  const pages = Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE));
  const filterParams = (page?: number) => {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries({ ...filter, page }))
      if (value !== undefined && value !== '' && !(key === 'page' && value === 1))
        params.set(key, String(value));
    return params;
  };
  const pageHref = (page: number) => `/admin/audit?${filterParams(page)}`;
  const exportHref = `/api/admin/audit/export?${filterParams()}`;

  return (
    <PageSection id="audit-heading" title="Audit log" className="gap-4">
      <form method="get" className="flex flex-wrap items-end gap-3" aria-label="Filter the audit log">
        <SelectField
          id="audit-actor"
          name="actor"
          label="User"
          anyLabel="Anyone"
          options={options.actors.map((email) => ({ value: email, label: email }))}
          value={filter.actor}
        />
        {options.clients.length > 0 ? (
          <SelectField
            id="audit-client"
            name="client"
            label="Client"
            anyLabel="All clients"
            options={options.clients.map((client) => ({ value: client.id, label: client.name }))}
            value={filter.client}
          />
        ) : null}
        <SelectField
          id="audit-action"
          name="action"
          label="Action"
          anyLabel="Any action"
          options={options.actions.map((action) => ({ value: action.code, label: action.label }))}
          value={filter.action}
        />
        <SelectField
          id="audit-outcome"
          name="outcome"
          label="Outcome"
          anyLabel="Any"
          options={OUTCOMES}
          value={filter.outcome}
        />
        <LabelledControl id="audit-from" label="From">
          <Input name="from" type="date" defaultValue={filter.from} />
        </LabelledControl>
        <LabelledControl id="audit-to" label="To">
          <Input name="to" type="date" defaultValue={filter.to} />
        </LabelledControl>
        <Button type="submit" variant="secondary">
          Filter
        </Button>
        <Button asChild variant="ghost">
          <Link href="/admin/audit">Clear</Link>
        </Button>
        <Button asChild variant="outline" className="ml-auto">
          {/* A route handler answers with the file; a plain link downloads it. */}
          <a href={exportHref} download>
            Export CSV
          </a>
        </Button>
      </form>
      <p className="text-xs text-muted-foreground">
        The export holds the entries matching these filters, the newest{' '}
        {AUDIT_EXPORT_LIMIT.toLocaleString('en')} at most.
      </p>
      <DataTable
        caption={`${total} entries${total > 0 ? ` · page ${filter.page} of ${pages}` : ''}`}
        columns={auditColumns(locale, labelsClients(scope))}
        rows={rows}
        rowKey={(row) => String(row.id)}
        empty="No entries match these filters."
      />
      <nav aria-label="Audit log pages" className="flex justify-end gap-2">
        {filter.page > 1 ? (
          <Button asChild variant="outline" size="sm">
            <Link href={pageHref(filter.page - 1)}>Previous page</Link>
          </Button>
        ) : null}
        {filter.page < pages ? (
          <Button asChild variant="outline" size="sm">
            <Link href={pageHref(filter.page + 1)}>Next page</Link>
          </Button>
        ) : null}
      </nav>
    </PageSection>
  );
}
