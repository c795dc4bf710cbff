import { ScheduledBadge } from '@/components/decisions/batch-state-badge';
import { CurrencyTotals } from '@/components/money/currency-totals';
import { EnumBadge } from '@/components/renewals/enum-badge';
import { CopyAgeNotice } from '@/components/shell/copy-age-notice';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, TitledCard } from '@/components/ui/card';
import { formatMoney } from '@/lib/annuity/money';
import { formatDate, formatTimestamp, formatYearMonth } from '@/lib/format/dates';
import { patentName } from '@/lib/portfolio/patent-name';
import { decisionLabel } from '@/lib/renewals/labels';
import { monthsOfWindow } from '@/lib/sync/age';
import { mostUrgent, TODAY_BUCKET_TEXT, type TodayBucketId } from '@/lib/today/buckets';
import type {
  AdminSection,
  ApprovalsAttention,
  ChangeSummary,
  FinanceSection,
  InvoiceAttention,
  ManagerSection,
  RenewalsSection,
  ScheduledSection,
  TodayData,
} from '@/lib/today/data';
import type { TodayViewLinks } from '@/lib/today/view-links';
import { BucketCard } from './bucket-card';
import { CostOfWaiting } from './cost-of-waiting';
import { RenewalRefItem, RenewalRefList } from './renewal-ref-list';
import { SectionFrame } from './section-frame';

type TodayLinks = TodayViewLinks;

/**
 * Today, per role: what needs this person now, most urgent first. Each section comes
 * with its own data or its own problem. Links are built on the server (lib/today/links.ts).
 */
export function TodayView({
  data,
  links,
  locale,
  canDecide,
  focus = null,
}: {
  data: TodayData;
  links: TodayLinks;
  locale: string;
  canDecide: boolean;
  /** The bucket the address asked for (a digest's link): shown whole and focused. */
  focus?: TodayBucketId | null;
}) {
  return (
    <div className="flex flex-col gap-8">
      {data.approvals && (!data.approvals.ok || data.approvals.data.batches.length > 0) ? (
        <SectionFrame title="Awaiting approval" section={data.approvals}>
          {(approvals) => <ApprovalsPart approvals={approvals} locale={locale} />}
        </SectionFrame>
      ) : null}
      {data.admin ? (
        <SectionFrame title="Administration" section={data.admin}>
          {(admin) => <AdminPart admin={admin} links={links} locale={locale} />}
        </SectionFrame>
      ) : null}
      {data.manager ? (
        <SectionFrame title="Across the team" section={data.manager}>
          {(manager) => <ManagerPart manager={manager} locale={locale} />}
        </SectionFrame>
      ) : null}
      {data.renewals ? (
        <SectionFrame title="Renewals that need a decision" section={data.renewals}>
          {(renewals) => (
            <RenewalsPart
              renewals={renewals}
              links={links}
              locale={locale}
              canDecide={canDecide}
              focus={focus}
            />
          )}
        </SectionFrame>
      ) : null}
      {data.scheduled && (!data.scheduled.ok || data.scheduled.data.items.length > 0) ? (
        <SectionFrame title="Scheduled at the service" section={data.scheduled}>
          {(scheduled) => <ScheduledPart scheduled={scheduled} locale={locale} />}
        </SectionFrame>
      ) : null}
      {data.finance ? (
        <SectionFrame title="Invoices and billing" section={data.finance}>
          {(finance) => <FinancePart finance={finance} locale={locale} compact={data.role === 'manager'} />}
        </SectionFrame>
      ) : null}
      {data.changes ? (
        <SectionFrame title="Changed since your last visit" section={data.changes}>
          {(changes) => <ChangesPart changes={changes} locale={locale} />}
        </SectionFrame>
      ) : null}
    </div>
  );
}

function RenewalsPart({
  renewals,
  links,
  locale,
  canDecide,
  focus,
}: {
  renewals: RenewalsSection;
  links: TodayLinks;
  locale: string;
  canDecide: boolean;
  focus: TodayBucketId | null;
}) {
  const first = mostUrgent(renewals.buckets);
  return (
    <>
      {first ? (
        <TitledCard
          data-testid="most-urgent"
          title={<>First: {TODAY_BUCKET_TEXT[first.bucket].title.toLowerCase()}</>}
          contentClassName="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm"
        >
          <a className="font-medium text-primary underline" href={links.items[first.row.eventId]?.renewal}>
            {patentName(first.row)}
          </a>
          <span className="text-muted-foreground">
            {first.row.client ? `${first.row.client.name} · ` : null}
            {first.row.office ?? '—'} · due {formatDate(first.row.dueDate, locale)}
          </span>
          <span className="font-medium">
            {first.bucket === 'lapsing-soon' || first.bucket === 'in-grace'
              ? `${first.daysLeft === 0 ? 'Grace period ends today' : `${first.daysLeft} days of grace left`}`
              : `Deadline ${formatDate(first.deadline, locale)}`}
          </span>
          <CostOfWaiting row={first.row} today={renewals.today} locale={locale} />
        </TitledCard>
      ) : (
        <p className="text-sm text-muted-foreground">No renewal needs a decision today.</p>
      )}
      {renewals.buckets.map((bucket) => (
        <BucketCard
          key={bucket.id}
          bucket={bucket}
          itemLinks={links.items}
          canDecide={canDecide}
          draftHref={links.draft}
          rest={renewals.rest ?? null}
          today={renewals.today}
          focused={bucket.id === focus}
        />
      ))}
      <p className="text-xs text-muted-foreground">
        From {renewals.renewalsRead} renewals due{' '}
        {renewals.windows
          .map((w) => `${formatDate(w.from, locale)} – ${formatDate(w.to, locale)}`)
          .join(' and ')}
        .
      </p>
      <CopyAgeNotice
        copy={renewals.copy}
        months={[...new Set(renewals.windows.flatMap((w) => monthsOfWindow(w.from, w.to)))]}
      />
    </>
  );
}

/**
 * Decisions the service accepted and executes on a later date (a mode other than DIRECT): not
 * undecided (they are in no bucket and go into no batch) and not executed yet.
 */
function ScheduledPart({ scheduled, locale }: { scheduled: ScheduledSection; locale: string }) {
  return (
    <>
      <p className="text-sm text-muted-foreground">
        The service accepted these decisions and applies them on the date shown; nothing is sent again.
      </p>
      <ul aria-label="Scheduled at the service" className="flex flex-col divide-y rounded-md border">
        {scheduled.items.map((item) => (
          <RenewalRefItem
            key={item.eventId}
            data-event-id={item.eventId}
            item={item}
            href={item.patentHref}
            locale={locale}
          >
            <EnumBadge value={decisionLabel(item.decision)} />
            <ScheduledBadge date={item.scheduledFor} locale={locale} />
            <a className="text-xs text-primary underline" href={item.batchHref}>
              Batch<span className="sr-only"> of {item.name}</span>
            </a>
          </RenewalRefItem>
        ))}
      </ul>
    </>
  );
}

const REASON_TEXT: Record<InvoiceAttention['reasons'][number], string> = {
  'failed-checks': 'Failed checks',
  warnings: 'Warnings',
  disputed: 'Disputed',
  unreconciled: 'Not reconciled',
};

function FinancePart({
  finance,
  locale,
  compact,
}: {
  finance: FinanceSection;
  locale: string;
  compact: boolean;
}) {
  const byReason = (reason: InvoiceAttention['reasons'][number]) =>
    finance.invoices.filter((invoice) => invoice.reasons.includes(reason)).length;
  // Each count that links to the invoice list is the number of rows that list shows.
  const counts: { label: string; count: number; href: string | null; danger: boolean }[] = [
    { label: 'Failed checks', count: byReason('failed-checks'), href: null, danger: true },
    { label: 'Disputed', count: finance.disputed.count, href: finance.disputed.href, danger: true },
    { label: 'With warnings', count: byReason('warnings'), href: null, danger: false },
    {
      label: `Not reconciled after ${finance.unreconciledAfterDays} days`,
      count: finance.overdue.count,
      href: finance.overdue.href,
      danger: false,
    },
  ];
  return (
    <>
      <TitledCard
        title={<>Invoices not reconciled ({finance.notReconciled.count})</>}
        action={
          <a className="text-sm text-primary underline" href={finance.notReconciled.href}>
            Open the {finance.notReconciled.count} invoices not reconciled
          </a>
        }
        contentClassName="flex flex-col gap-3"
      >
        <ul
          className="flex flex-wrap gap-2 text-sm"
          aria-label="Invoices not reconciled, by what needs attention"
        >
          {counts.map((item) => (
            <li key={item.label}>
              <Badge tone={item.danger ? 'danger' : 'warning'}>
                {item.href ? (
                  <a className="underline" href={item.href}>
                    {item.label}: {item.count}
                  </a>
                ) : (
                  <>
                    {item.label}: {item.count}
                  </>
                )}
              </Badge>
            </li>
          ))}
        </ul>
        <CurrencyTotals
          totals={finance.totals}
          label="Invoices needing attention: totals per currency"
          withCounts={false}
        />
        {finance.invoices.length > 0 ? (
          <p className="text-sm text-muted-foreground">
            {finance.invoices.length} of them need attention now: failed checks, a dispute, warnings, or not
            reconciled after {finance.unreconciledAfterDays} days.
          </p>
        ) : null}
        {compact ? null : finance.invoices.length === 0 ? (
          <p className="text-sm text-muted-foreground">Every invoice is reconciled or passes its checks.</p>
        ) : (
          <ul aria-label="Invoices needing attention" className="flex flex-col divide-y rounded-md border">
            {finance.invoices.slice(0, 15).map((invoice) => (
              <li key={invoice.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 px-3 py-2 text-sm">
                <a className="font-medium text-primary underline" href={invoice.href}>
                  {invoice.reference}
                </a>
                <span className="text-muted-foreground">issued {formatDate(invoice.issueDate, locale)}</span>
                {invoice.total ? (
                  <span className="tabular-nums">{formatMoney(invoice.total, invoice.currency, locale)}</span>
                ) : null}
                {invoice.reasons.map((reason) => (
                  <Badge
                    key={reason}
                    tone={reason === 'failed-checks' || reason === 'disputed' ? 'danger' : 'warning'}
                  >
                    {reason === 'failed-checks'
                      ? `${invoice.fails} failed`
                      : reason === 'warnings'
                        ? `${invoice.warnings} warnings`
                        : reason === 'unreconciled'
                          ? `Not reconciled after ${finance.unreconciledAfterDays} days`
                          : REASON_TEXT[reason]}
                  </Badge>
                ))}
              </li>
            ))}
          </ul>
        )}
      </TitledCard>
      <TitledCard
        title={<>Fulfilled renewals without an invoice line ({finance.fulfilledWithoutInvoice.length})</>}
      >
        <RenewalRefList
          label="Fulfilled renewals without an invoice line"
          items={finance.fulfilledWithoutInvoice}
          empty="Every fulfilled renewal has its invoice line."
          locale={locale}
          limit={compact ? 5 : 10}
        />
      </TitledCard>
    </>
  );
}

function ManagerPart({ manager, locale }: { manager: ManagerSection; locale: string }) {
  return (
    <>
      <TitledCard title="Renewals that need a decision">
        <ul className="grid gap-2 sm:grid-cols-3" aria-label="Renewals that need a decision, by bucket">
          {manager.bucketCounts.map((bucket) => (
            <li key={bucket.id} data-bucket-count={bucket.id}>
              <a
                className="flex items-baseline justify-between gap-2 rounded-md border px-3 py-2 text-sm hover:bg-muted"
                href={bucket.href}
              >
                <span>{TODAY_BUCKET_TEXT[bucket.id].title}</span>
                <span className="font-semibold tabular-nums">{bucket.count}</span>
              </a>
            </li>
          ))}
        </ul>
      </TitledCard>
      <TitledCard title={<>Unprocessable renewals ({manager.unprocessable.length})</>}>
        <RenewalRefList
          label="Unprocessable renewals"
          items={manager.unprocessable}
          empty="None: every instructed renewal is moving."
          locale={locale}
        />
      </TitledCard>
      <TitledCard title={<>Months that can be frozen now ({manager.freezable.length})</>}>
        {manager.freezable.length === 0 ? (
          <p className="text-sm text-muted-foreground">No month can be frozen now.</p>
        ) : (
          <ul aria-label="Months that can be frozen now" className="flex flex-col divide-y rounded-md border">
            {manager.freezable.map((month) => (
              <li
                key={`${month.client?.id ?? ''}:${month.month}`}
                className="flex flex-wrap items-center gap-x-4 gap-y-1 px-3 py-2 text-sm"
              >
                <a className="font-medium text-primary underline" href={month.href}>
                  {formatYearMonth(month.month, locale)}
                </a>
                {month.client ? <span className="text-muted-foreground">{month.client.name}</span> : null}
                {month.atStake ? (
                  <CurrencyTotals
                    totals={month.atStake}
                    label={`${month.month}: estimated fees at stake per currency`}
                  />
                ) : (
                  <span className="text-xs text-muted-foreground">amounts on the month&apos;s page</span>
                )}
              </li>
            ))}
          </ul>
        )}
      </TitledCard>
      <TitledCard
        title={
          <>
            Spend: {formatYearMonth(manager.spend.month, locale)} against{' '}
            {formatYearMonth(manager.spend.previousMonth, locale)}
          </>
        }
        contentClassName="flex flex-col gap-2 text-sm"
      >
        <div>
          <p className="font-medium">This month (invoiced, tax included)</p>
          <CurrencyTotals totals={manager.spend.current} label="Spend this month per currency" />
        </div>
        <div>
          <p className="font-medium">Last month</p>
          <CurrencyTotals totals={manager.spend.previous} label="Spend last month per currency" />
        </div>
      </TitledCard>
      <TitledCard title="Saved by DROPs" contentClassName="flex flex-col gap-2 text-sm">
        {manager.savings.length === 0 ? (
          <p className="text-muted-foreground">No executed DROP spares a renewal from this year on.</p>
        ) : (
          manager.savings.map((year) => (
            <div key={year.year}>
              <p className="font-medium">{year.year}</p>
              <CurrencyTotals totals={year.totals} label={`Fees DROPs spare in ${year.year} per currency`} />
            </div>
          ))
        )}
        <a className="text-primary underline" href="/analytics/scenarios">
          Savings and what-if scenarios
        </a>
      </TitledCard>
    </>
  );
}

function AdminPart({ admin, links, locale }: { admin: AdminSection; links: TodayLinks; locale: string }) {
  const { connection, quota } = admin;
  const healthy = connection.reachable === true && connection.keyState === 'valid';
  return (
    <>
      <TitledCard title={<>Locked-out users ({admin.lockedOut.length})</>} contentClassName="text-sm">
        {admin.lockedOut.length === 0 ? (
          <p className="text-muted-foreground">Nobody is locked out.</p>
        ) : (
          <ul aria-label="Locked-out users" className="flex flex-col gap-1">
            {admin.lockedOut.map((entry) => (
              <li key={entry.email}>
                <a className="text-primary underline" href={links.users}>
                  {entry.email}
                </a>{' '}
                — can try again in {Math.ceil(entry.secondsLeft / 60)} min
              </li>
            ))}
          </ul>
        )}
      </TitledCard>
      <TitledCard
        title="Service connection"
        action={
          <a className="text-sm text-primary underline" href={links.connection}>
            Check the connection
          </a>
        }
        contentClassName="flex flex-col gap-2 text-sm"
      >
        <p>
          {connection.checkedAt === null ? (
            'Not checked since this server started.'
          ) : (
            <>
              <Badge tone={healthy ? 'success' : 'danger'}>{healthy ? 'Healthy' : 'Problem'}</Badge> last
              checked {formatTimestamp(connection.checkedAt, locale)}; key {connection.keyState}.
            </>
          )}
        </p>
        <ul aria-label="Key scopes" className="flex flex-wrap gap-2">
          {connection.scopes.map((scope) => (
            <li key={scope.scope}>
              <Badge
                tone={
                  scope.state === 'granted' ? 'success' : scope.state === 'missing' ? 'danger' : 'neutral'
                }
              >
                {scope.scope}: {scope.state === 'unknown' ? 'not checked' : scope.state}
              </Badge>
            </li>
          ))}
        </ul>
        {connection.problems.map((problem) => (
          <p key={problem} className="text-destructive">
            {problem}
          </p>
        ))}
        <p>
          Quota:{' '}
          {quota && quota.limit !== null && quota.remaining !== null
            ? `${quota.remaining.toLocaleString(locale)} of ${quota.limit.toLocaleString(locale)} calls left today`
            : 'not reported yet'}
          {quota?.exhaustedUntil ? ` — exhausted until ${formatTimestamp(quota.exhaustedUntil, locale)}` : ''}
        </p>
      </TitledCard>
      <TitledCard
        title={<>Emails of unknown delivery ({admin.deliveryUnknown})</>}
        action={
          admin.deliveryUnknown > 0 ? (
            <a className="text-sm text-primary underline" href={links.deliveryUnknown}>
              Review them in the outbox
            </a>
          ) : null
        }
        contentClassName="text-sm"
      >
        <p className={admin.deliveryUnknown > 0 ? '' : 'text-muted-foreground'}>
          {admin.deliveryUnknown > 0
            ? 'A send stopped before it finished: each may or may not have arrived, and none is sent again unless you choose to.'
            : 'Every email was sent or is on its way.'}
        </p>
      </TitledCard>
      <TitledCard
        title={
          <>
            Failed sign-ins, last {admin.windowHours} hours (
            {admin.failedSignIns.reduce((sum, row) => sum + row.failures, 0)})
          </>
        }
        contentClassName="text-sm"
      >
        {admin.failedSignIns.length === 0 ? (
          <p className="text-muted-foreground">No failed sign-in.</p>
        ) : (
          <ul aria-label="Failed sign-ins by address" className="flex flex-col gap-1">
            {admin.failedSignIns.map((row) => (
              <li key={row.email}>
                {row.email}: {row.failures} failed, last {formatTimestamp(row.lastAt, locale)}
              </li>
            ))}
          </ul>
        )}
      </TitledCard>
    </>
  );
}

function ChangesPart({ changes, locale }: { changes: ChangeSummary; locale: string }) {
  if (!changes.since) {
    return (
      <p className="text-sm text-muted-foreground">Your first visit: changes will show from your next one.</p>
    );
  }
  const nothing =
    changes.statusMoves.length === 0 &&
    (changes.newInvoices?.length ?? 0) === 0 &&
    changes.colleagueBatches.length === 0;
  return (
    <Card>
      <CardContent className="flex flex-col gap-3 pt-5 text-sm">
        <p className="text-muted-foreground">Since {formatTimestamp(changes.since, locale)}.</p>
        {nothing ? <p>Nothing changed.</p> : null}
        {changes.statusMoves.length > 0 ? (
          <div className="flex flex-col gap-1">
            <h3 className="font-medium">Processing status moved ({changes.statusMoves.length})</h3>
            <RenewalRefList
              label="Processing status moved"
              items={changes.statusMoves}
              empty=""
              locale={locale}
              limit={5}
            />
          </div>
        ) : null}
        {changes.newInvoices && changes.newInvoices.length > 0 ? (
          <div className="flex flex-col gap-1">
            <h3 className="font-medium">New invoices ({changes.newInvoices.length})</h3>
            <ul aria-label="New invoices" className="flex flex-wrap gap-x-4">
              {changes.newInvoices.map((invoice) => (
                <li key={invoice.id}>
                  <a className="text-primary underline" href={invoice.href}>
                    {invoice.reference}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {changes.colleagueBatches.length > 0 ? (
          <div className="flex flex-col gap-1">
            <h3 className="font-medium">Decisions sent by colleagues</h3>
            <ul aria-label="Decisions sent by colleagues" className="flex flex-col gap-1">
              {changes.colleagueBatches.map((batch) => (
                <li key={batch.id}>
                  <a className="text-primary underline" href={batch.href}>
                    {batch.decisions} {batch.decisions === 1 ? 'decision' : 'decisions'}
                  </a>{' '}
                  by {batch.by}, {formatTimestamp(batch.at, locale)}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** Batches waiting for a manager; a passed deadline is flagged first. */
function ApprovalsPart({ approvals, locale }: { approvals: ApprovalsAttention; locale: string }) {
  return (
    <ul className="flex flex-col gap-2 text-sm">
      {approvals.batches.map((batch) => (
        <li key={batch.id} className="flex flex-wrap items-center gap-2">
          <a href={batch.href} className="text-primary underline-offset-2 hover:underline">
            {approvals.asApprover
              ? `${batch.decisions} decision${batch.decisions === 1 ? '' : 's'} from ${batch.by}`
              : `Your ${batch.decisions} decision${batch.decisions === 1 ? '' : 's'}`}
          </a>
          <span className="text-muted-foreground">submitted {formatTimestamp(batch.at, locale)}</span>
          {batch.deadlinesPassed > 0 ? (
            <span className="font-medium text-destructive">
              {batch.deadlinesPassed === 1
                ? 'a deadline passed while it waits'
                : `${batch.deadlinesPassed} deadlines passed while it waits`}
            </span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
