import { formatTimestamp } from '@/lib/format/dates';
import type { ApprovalsAttention } from '@/lib/today/data';

/** Batches waiting for a manager; a passed deadline is flagged first. */
export function ApprovalsPart({ approvals, locale }: { approvals: ApprovalsAttention; locale: string }) {
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
