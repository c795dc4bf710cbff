import { Badge } from '@/components/ui/badge';
import { duePeriodView } from '@/lib/renewals/due-period';

/**
 * A renewal's due period with what was decided and how far processing got (lib/renewals/due-period.ts):
 * one badge and at most one short line, so a month-view row keeps its height. The period's meaning
 * (LATE above all) is the badge's tooltip and is read out to screen readers. No hooks: the month
 * view and the patent page (a server page) both draw it.
 */
export function DuePeriodBadge({
  row,
}: {
  row: { duePeriod: string | null; appliedDecision: string | null; processingStatus: string | null };
}) {
  const view = duePeriodView(row);
  if (!view) return <span className="text-muted-foreground">—</span>;
  return (
    <span className="flex flex-col items-start gap-0.5">
      <Badge tone={view.tone} title={view.help ?? undefined} data-due-period={row.duePeriod}>
        {view.label}
        {view.help ? <span className="sr-only">. {view.help}</span> : null}
      </Badge>
      {view.note ? (
        <span className="text-xs whitespace-nowrap text-muted-foreground">{view.note}</span>
      ) : null}
    </span>
  );
}
