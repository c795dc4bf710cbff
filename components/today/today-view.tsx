import { CopyAgeNotice } from '@/components/shell/copy-age-notice';
import type { TodayBucketId } from '@/lib/today/buckets';
import type { TodayData } from '@/lib/today/data';
import type { TodayViewLinks } from '@/lib/today/view-links';
import { AdminPart } from './admin-section';
import { ApprovalsPart } from './approvals-section';
import { ChangesPart } from './changes-section';
import { FinancePart } from './finance-section';
import { ManagerPart } from './manager-section';
import { RenewalsCopyAge, RenewalsPart, ScheduledPart } from './renewals-section';
import { SectionFrame } from './section-frame';
import { UnprocessablePart } from './unprocessable-section';

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
      {data.renewals?.ok ? (
        <RenewalsCopyAge renewals={data.renewals.data} />
      ) : data.renewalsCopy ? (
        // Finance and the manager: only what needs saying (a first read, a service not answering).
        <CopyAgeNotice copy={data.renewalsCopy} months={[]} ageLine={false} />
      ) : null}
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
      {data.unprocessable ? (
        <SectionFrame
          title={
            data.unprocessable.ok
              ? `Unprocessable renewals (${data.unprocessable.data.items.length})`
              : 'Unprocessable renewals'
          }
          section={data.unprocessable}
        >
          {(unprocessable) => <UnprocessablePart unprocessable={unprocessable} locale={locale} />}
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
