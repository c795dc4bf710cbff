import type { Metadata } from 'next';
import Link from 'next/link';
import { DataTable } from '@/components/data-table/data-table';
import { ReviewCandidates } from '@/components/reviews/review-candidates';
import { CopyAgeNotice } from '@/components/shell/copy-age-notice';
import { PageHeader } from '@/components/shell/page-header';
import { PageSection } from '@/components/shell/page-section';
import { ProblemPanel } from '@/components/shell/problem-panel';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/labelled-control';
import { calendarToday, formatDate } from '@/lib/format/dates';
import { can } from '@/lib/policy/roles';
import { quarterFrom, quarterOf } from '@/lib/reviews/review-hold';
import { requireViewer } from '@/lib/server/auth/session';
import { pageClientScope } from '@/lib/server/clients/scope';
import { loadForPage, pageLocale, pageRequestId } from '@/lib/server/http/request-context';
import { loadCandidates } from '@/lib/server/reviews/candidates';
import { listHolds, reviewOwners } from '@/lib/server/reviews/holds';
import { copyAge, ensureMonths, monthsOfWindow } from '@/lib/server/sync/copy';
import { holdColumns } from './columns';

export const metadata: Metadata = { title: 'Reviews' };

/** The lowest-scored renewals shown; the rest of the window is counted. */
const SHOWN = 50;

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/**
 * Review holds: the renewals under review (owner, review-by date, overdue, release) with the
 * committee pack, and the candidates: renewals due in a quarter (the next one by default) from our
 * copy, lowest keep score first, to put under review for a colleague. No upstream call.
 */
export default async function ReviewsPage({ searchParams }: { searchParams: SearchParams }) {
  const viewer = await requireViewer('renewals:read');
  const params = await searchParams;
  const locale = await pageLocale();
  const today = calendarToday();
  const quarters = [0, 1, 2, 3, 4].map((offset) => quarterFrom(today, offset));
  const asked = typeof params.quarter === 'string' ? params.quarter : null;
  const chosen = asked ? quarterOf(asked) : null;
  const quarter = chosen ?? (quarters[1] as (typeof quarters)[number]);
  const mineOnly = params.owner === 'me';
  const canWrite = can(viewer.role, 'reviews:write');
  const [requestId, { connections }] = await Promise.all([pageRequestId(), pageClientScope(viewer.userId)]);
  const months = monthsOfWindow(quarter.from, quarter.to);
  const [holds, loaded, owners] = await Promise.all([
    listHolds(mineOnly ? { ownerUserId: viewer.userId, connections } : { connections }),
    // A quarter the copy never held is read once (as the month view does); then only the copy.
    loadForPage(requestId, async () => {
      await ensureMonths(months, requestId, connections);
      const [list, copy] = await Promise.all([
        loadCandidates(quarter, { limit: SHOWN, locale, connections }),
        copyAge(months, connections),
      ]);
      return { list, copy };
    }),
    canWrite ? reviewOwners() : Promise.resolve([]),
  ]);
  const list = loaded.ok ? loaded.data.list : null;
  const overdue = holds.filter((hold) => hold.overdue).length;
  return (
    <>
      <PageHeader
        title="Reviews"
        description="Renewals put under review before their deadline, and the weakest candidates for it. From the renewal service's data as last synced."
      />
      <div className="flex flex-col gap-8">
        <PageSection
          id="under-review-heading"
          title={
            <>
              Under review <span className="text-sm font-normal text-muted-foreground">({holds.length})</span>
            </>
          }
          description={
            <p className="text-sm text-muted-foreground">
              {overdue > 0 ? `${overdue} past the review-by date. ` : ''}
              {mineOnly ? (
                <Link href="/renewals/reviews" className="text-primary underline-offset-2 hover:underline">
                  Show everyone's
                </Link>
              ) : (
                <Link
                  href="/renewals/reviews?owner=me"
                  className="text-primary underline-offset-2 hover:underline"
                >
                  Show only mine
                </Link>
              )}
            </p>
          }
          actions={
            can(viewer.role, 'exports:read') ? (
              <div className="flex gap-2">
                <Button asChild variant="outline">
                  <a href="/api/reviews/pack?format=pdf" download>
                    Committee pack (PDF)
                  </a>
                </Button>
                <Button asChild variant="outline">
                  <a href="/api/reviews/pack?format=xlsx" download>
                    Committee pack (XLSX)
                  </a>
                </Button>
              </div>
            ) : null
          }
        >
          {holds.length === 0 ? (
            <p className="text-sm text-muted-foreground">No renewal is under review.</p>
          ) : (
            <DataTable
              caption="Renewals under review"
              captionHidden
              columns={holdColumns(locale, canWrite)}
              rows={holds}
              rowKey={(hold) => hold.id}
              rowProps={(hold) => ({ 'data-event-id': hold.eventId })}
            />
          )}
        </PageSection>

        <PageSection
          id="candidates-heading"
          title="Candidates"
          description={
            <p className="text-sm text-muted-foreground">
              Undecided renewals due {formatDate(quarter.from, locale)} to {formatDate(quarter.to, locale)},
              lowest keep score first
              {list === null
                ? ''
                : list.total > list.candidates.length
                  ? ` (the ${list.candidates.length} lowest of ${list.total})`
                  : ` (${list.total})`}
              .
            </p>
          }
          actions={
            <form method="get" className="flex items-end gap-2">
              <SelectField
                id="review-quarter"
                name="quarter"
                label="Due in"
                className="gap-1"
                options={quarters.map((option) => ({ value: option.id, label: option.label }))}
                value={quarter.id}
              />
              <Button type="submit" variant="outline">
                Show
              </Button>
            </form>
          }
        >
          {asked && !chosen ? (
            <Alert>
              “{asked}” is not a quarter (write it as 2027-Q1): showing {quarter.label} instead.
            </Alert>
          ) : null}
          {loaded.ok ? <CopyAgeNotice copy={loaded.data.copy} months={months} /> : null}
          {!loaded.ok ? (
            <ProblemPanel problem={loaded.problem} />
          ) : list === null || list.candidates.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              No undecided renewal is due in this quarter in our copy.
            </p>
          ) : (
            <ReviewCandidates
              candidates={list.candidates}
              owners={owners}
              canWrite={canWrite}
              today={today}
              locale={locale}
            />
          )}
        </PageSection>
      </div>
    </>
  );
}
