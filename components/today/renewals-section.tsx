import { ScheduledBadge } from '@/components/decisions/batch-state-badge';
import { EnumBadge } from '@/components/renewals/enum-badge';
import { CopyAgeNotice } from '@/components/shell/copy-age-notice';
import { TitledCard } from '@/components/ui/card';
import { formatDate } from '@/lib/format/dates';
import { pluralWord } from '@/lib/format/plural';
import { patentName } from '@/lib/portfolio/patent-name';
import { decisionLabel } from '@/lib/renewals/labels';
import { monthsOfWindow } from '@/lib/sync/age';
import { mostUrgent, TODAY_BUCKET_TEXT, type TodayBucketId } from '@/lib/today/buckets';
import type { RenewalsSection, ScheduledSection } from '@/lib/today/data';
import type { TodayViewLinks } from '@/lib/today/view-links';
import { BucketCard } from './bucket-card';
import { CostOfWaiting } from './cost-of-waiting';
import { RenewalRefItem } from './renewal-ref-list';

/** The age of Today's renewals, said at the top of the page; "Refresh now" reads their months again. */
export function RenewalsCopyAge({ renewals }: { renewals: RenewalsSection }) {
  return (
    <CopyAgeNotice
      copy={renewals.copy}
      months={[...new Set(renewals.windows.flatMap((w) => monthsOfWindow(w.from, w.to)))]}
    />
  );
}

/** The renewals that need a decision, bucket by bucket, most urgent first (lib/server/today/renewals.ts). */
export function RenewalsPart({
  renewals,
  links,
  locale,
  canDecide,
  focus,
}: {
  renewals: RenewalsSection;
  links: TodayViewLinks;
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
      ) : renewals.copy?.firstRead ? null : (
        // While months are still being read for the first time, none found yet is not "none".
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
        {renewals.openOutside > 0
          ? `, and ${renewals.openOutside} still open at the service that ${pluralWord(renewals.openOutside, 'is', 'are')} due before`
          : ''}
        .
      </p>
    </>
  );
}

/**
 * Decisions the service accepted and executes on a later date (a mode other than DIRECT): not
 * undecided (they are in no bucket and go into no batch) and not executed yet.
 */
export function ScheduledPart({ scheduled, locale }: { scheduled: ScheduledSection; locale: string }) {
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
