import { CHECK_TITLES, type CheckResult } from '@/lib/invoices/check-types';
import { CheckBadge } from './status-badges';

/** Checks as a list: the mark, what was checked, and the explanation a finance person acts on. */
export function CheckList({ checks, label }: { checks: readonly CheckResult[]; label: string }) {
  return (
    <ul aria-label={label} className="flex flex-col gap-2">
      {checks.map((check) => (
        <li key={check.id} data-check={check.id} data-status={check.status} className="flex gap-2 text-sm">
          <span className="w-16 shrink-0">
            <CheckBadge status={check.status} />
          </span>
          <span>
            <span className="font-medium">{CHECK_TITLES[check.id]}.</span>{' '}
            <span className="text-muted-foreground">{check.explanation}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}

export function CheckCountsText({ counts }: { counts: Record<'pass' | 'warning' | 'fail', number> }) {
  return (
    <span className="tabular-nums">
      {counts.fail} failed · {counts.warning} warning{counts.warning === 1 ? '' : 's'} · {counts.pass} passed
    </span>
  );
}
