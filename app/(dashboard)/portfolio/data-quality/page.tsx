import type { Metadata } from 'next';
import { DataTable } from '@/components/data-table/data-table';
import { PatentLink } from '@/components/portfolio/patent-link';
import { BackLink } from '@/components/shell/back-link';
import { PageHeader } from '@/components/shell/page-header';
import { ProblemPanel } from '@/components/shell/problem-panel';
import { Alert } from '@/components/ui/alert';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatYearMonth } from '@/lib/format/dates';
import { plural } from '@/lib/format/plural';
import { requireViewer } from '@/lib/server/auth/session';
import { clientNameOf, labelsClients, pageClientScope } from '@/lib/server/clients/scope';
import { loadForPage, pageLocale, pageRequestId } from '@/lib/server/http/request-context';
import { loadDataQuality } from '@/lib/server/portfolio/data-quality';
import type { TableColumn } from '@/lib/table/columns';

export const metadata: Metadata = { title: 'Data quality' };

/** A finding as the check lists it (lib/portfolio/data-quality.ts). */
interface Finding {
  client?: string;
  patentId: string;
  patent: string;
  detail: string;
}

/** First for a user of several clients: whose patent it is. */
const CLIENT_COLUMN: TableColumn<Finding> = {
  id: 'client',
  header: 'Client',
  cell: (finding) => finding.client ?? '—',
};

const FINDING_COLUMNS: TableColumn<Finding>[] = [
  {
    id: 'patent',
    header: 'Patent',
    cell: (finding) => <PatentLink patentId={finding.patentId}>{finding.patent}</PatentLink>,
  },
  {
    id: 'detail',
    header: 'What was found',
    className: 'whitespace-normal',
    cell: (finding) => finding.detail,
  },
];

/** Findings shown per check; the count says how many there are in all. */
const SHOWN = 200;

/** What looks wrong in the portfolio, each check with its patents and why it matters. */
export default async function DataQualityPage() {
  const viewer = await requireViewer('portfolio:read');
  const requestId = await pageRequestId();
  const locale = await pageLocale();
  const scope = await pageClientScope(viewer.userId);
  const labelled = labelsClients(scope);
  const loaded = await loadForPage(requestId, () =>
    loadDataQuality(
      new Date(),
      scope.connections,
      labelled ? (connection) => clientNameOf(scope, connection) : undefined,
    ),
  );
  return (
    <>
      <BackLink href="/portfolio">Portfolio</BackLink>
      <PageHeader
        title="Data quality"
        description="What looks wrong in the portfolio the renewal service holds, and why it matters."
      />
      {!loaded.ok ? (
        <ProblemPanel problem={loaded.problem} />
      ) : (
        <div className="flex flex-col gap-4">
          <p className="text-sm text-muted-foreground">
            {plural(loaded.data.patents, 'patent')} checked
            {loaded.data.held
              ? `, with the renewals due from ${formatYearMonth(loaded.data.held.from, locale)} to ${formatYearMonth(loaded.data.held.to, locale)}`
              : ''}
            . Fix a finding at the renewal service; it leaves this list once the portfolio is read again.
          </p>
          {loaded.data.held === null ? (
            <Alert tone="info">
              <p>
                No month of renewals has been read completely yet, so the checks on renewals wait for the
                first sync.
              </p>
            </Alert>
          ) : null}
          <ul className="flex flex-col gap-4">
            {loaded.data.checks.map((check) => (
              <li key={check.id}>
                <Card>
                  <CardHeader>
                    <CardTitle>
                      {check.title}: {check.count === 0 ? 'none found' : plural(check.count, 'patent')}
                    </CardTitle>
                  </CardHeader>
                  <CardContent className="flex flex-col gap-3 text-sm">
                    <p className="text-muted-foreground">{check.why}</p>
                    {check.findings.length > 0 ? (
                      <DataTable
                        caption={check.title}
                        captionHidden
                        columns={labelled ? [CLIENT_COLUMN, ...FINDING_COLUMNS] : FINDING_COLUMNS}
                        rows={check.findings.slice(0, SHOWN)}
                        rowKey={(finding) => `${finding.patentId}-${finding.detail}`}
                      />
                    ) : null}
                    {check.findings.length > SHOWN ? (
                      <p className="text-muted-foreground">
                        The first {SHOWN} of {check.findings.length} findings are shown.
                      </p>
                    ) : null}
                  </CardContent>
                </Card>
              </li>
            ))}
          </ul>
        </div>
      )}
    </>
  );
}
