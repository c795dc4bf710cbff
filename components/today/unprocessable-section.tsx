import type { UnprocessableSection } from '@/lib/today/data';
import { RenewalRefList } from './renewal-ref-list';

/**
 * The renewals someone must take up with support (lib/today/sections.ts, unprocessableNow): the
 * same ones, by the same rule, as the "needs attention" notification.
 */
export function UnprocessablePart({
  unprocessable,
  locale,
}: {
  unprocessable: UnprocessableSection;
  locale: string;
}) {
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm text-muted-foreground">
        The office rejected the payment or a complication occurred: contact the service&apos;s support. Listed
        for {unprocessable.recentDays} days after the status changed;{' '}
        <a className="text-primary underline" href={unprocessable.trackingHref}>
          the processing board
        </a>{' '}
        keeps them all.
      </p>
      <RenewalRefList
        label="Unprocessable renewals"
        items={unprocessable.items}
        empty={`None in the last ${unprocessable.recentDays} days: every instructed renewal is moving.`}
        locale={locale}
      />
    </div>
  );
}
