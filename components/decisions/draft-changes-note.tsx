import { Alert } from '@/components/ui/alert';
import { formatMoney } from '@/lib/annuity/money';
import type { DraftEntry } from '@/lib/decisions/draft';
import type { DraftChange } from '@/lib/decisions/draft-changes';
import { patentName } from '@/lib/portfolio/patent-name';
import { decisionLabel, humanize } from '@/lib/renewals/labels';

/**
 * What changed at the service since the drafted decisions were taken, as the synced copy now
 * shows it: the user sees it before sending, not as a refusal after.
 */
const label = (decision: string | undefined) => decisionLabel(decision)?.label ?? decision ?? '';

export function DraftChangesNote({
  changes,
  entries,
  locale,
}: {
  changes: readonly DraftChange[];
  entries: readonly DraftEntry[];
  locale: string;
}) {
  if (changes.length === 0) return null;
  const byId = new Map(entries.map((entry) => [entry.eventId, entry]));
  return (
    <Alert tone="warning" className="mb-4">
      <h2>Changed since you decided</h2>
      <ul className="mt-2 list-disc pl-5">
        {changes.map((change) => {
          const entry = byId.get(change.eventId);
          const name = entry ? patentName(entry) : change.eventId;
          if (change.kind === 'estimate-moved')
            return (
              <li key={change.eventId}>
                {name}: the estimate moved from {formatMoney(change.was, change.currency, locale)} to{' '}
                {formatMoney(change.now, change.currency, locale)}.
              </li>
            );
          if (change.kind === 'not-decidable')
            return (
              <li key={change.eventId}>
                {name}: {label(entry?.decision)} is no longer offered
                {change.blockedReason ? ` (${humanize(change.blockedReason)})` : ''}
                {change.allowed.length > 0
                  ? `; the service now offers ${change.allowed.map(label).join(', ')}`
                  : ''}
                .
              </li>
            );
          return (
            <li key={change.eventId}>
              {name}: the service no longer lists this renewal (a drop made elsewhere deletes a patent's
              future renewals).
            </li>
          );
        })}
      </ul>
      <p className="mt-2">Sending reads the service again first; its answer decides.</p>
    </Alert>
  );
}
