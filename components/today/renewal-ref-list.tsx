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
          <li key={item.eventId} className="flex flex-wrap items-center gap-x-4 gap-y-1 px-3 py-2 text-sm">
            <a className="font-medium text-primary underline" href={item.href}>
              {item.name}
            </a>
            <span className="text-muted-foreground">
              {item.office ?? '—'} · year {item.annuityYear ?? '—'} · due {formatDate(item.dueDate, locale)}
            </span>
            <EnumBadge value={processingStatusLabel(item.processingStatus)} />
            <a className="text-xs text-primary underline" href={item.patentHref}>
              Patent
            </a>
          </li>
        ))}
      </ul>
      {items.length > limit ? (
        <p className="text-xs text-muted-foreground">and {items.length - limit} more.</p>
      ) : null}
    </>
  );
}
