import type { ComponentProps, ReactNode } from 'react';
import { EnumBadge } from '@/components/renewals/enum-badge';
import { formatDate } from '@/lib/format/dates';
import { processingStatusLabel } from '@/lib/renewals/labels';
import type { RenewalRef } from '@/lib/today/data';

/** A short list of renewals, each linking to where it is acted on and to its patent. */
export function RenewalRefList({
  label,
  items,
  empty,
  locale,
  limit = 10,
}: {
  label: string;
  items: readonly RenewalRef[];
  empty: string;
  locale: string;
  limit?: number;
}) {
  if (items.length === 0) return <p className="text-sm text-muted-foreground">{empty}</p>;
  return (
    <>
      <ul aria-label={label} className="flex flex-col divide-y rounded-md border">
        {items.slice(0, limit).map((item) => (
          <RenewalRefItem key={item.eventId} item={item} href={item.href} locale={locale}>
            <EnumBadge value={processingStatusLabel(item.processingStatus)} />
            <a className="text-xs text-primary underline" href={item.patentHref}>
              Patent
            </a>
          </RenewalRefItem>
        ))}
      </ul>
      {items.length > limit ? (
        <p className="text-xs text-muted-foreground">and {items.length - limit} more.</p>
      ) : null}
    </>
  );
}

/**
 * One renewal of such a list: its name linking to `href`, its client (when the user works for
 * several), office, year and due date, then `children`.
 */
export function RenewalRefItem({
  item,
  href,
  locale,
  children,
  ...props
}: ComponentProps<'li'> & {
  item: RenewalRef;
  href: string;
  locale: string;
  children: ReactNode;
}) {
  return (
    <li {...props} className="flex flex-wrap items-center gap-x-4 gap-y-1 px-3 py-2 text-sm">
      <a className="font-medium text-primary underline" href={href}>
        {item.name}
      </a>
      <span className="text-muted-foreground">
        {item.client ? `${item.client.name} · ` : null}
        {item.office ?? '—'} · year {item.annuityYear ?? '—'} · due {formatDate(item.dueDate, locale)}
      </span>
      {children}
    </li>
  );
}
