'use client';

import Link from 'next/link';
import { EnumBadge } from '@/components/badges/enum-badge';
import { batchItemColumns as col } from '@/components/decisions/batch-item-columns';
import { SignalsToggle } from '@/components/signals/signals-toggle';
import { CostOfWaiting } from '@/components/today/cost-of-waiting';
import { type CurrencyTotal, formatTotals } from '@/lib/annuity/money';
import type { DraftEntry } from '@/lib/decisions/draft';
import type { EventProblem } from '@/lib/decisions/event-problems';
import { patentName } from '@/lib/portfolio/patent-name';
import { decisionLabel } from '@/lib/renewals/labels';
import type { TableColumn } from '@/lib/table/columns';
import { waitingFactsOfDraft } from '@/lib/today/draft-grace';

/** The grace surcharge and grace end, or "Lapsed", under the due date. */
function WaitingNote({ entry, locale }: { entry: DraftEntry; locale: string }) {
  const facts = waitingFactsOfDraft(entry);
  return facts ? (
    <span className="block whitespace-normal">
      <CostOfWaiting row={facts} locale={locale} />
    </span>
  ) : null;
}

function ProblemText({ problem }: { problem: EventProblem | undefined }) {
  if (!problem) return <span className="text-muted-foreground">—</span>;
  const earliestMissing = problem.missingPreviousRenewalDates?.[0];
  return (
    <span className="text-destructive">
      <strong>{problem.title}.</strong> {problem.detail}
      {earliestMissing ? (
        <>
          {' '}
          <Link href={`/renewals?month=${earliestMissing.slice(0, 7)}`} className="text-primary underline">
            Open {earliestMissing.slice(0, 7)} to add the earlier renewal
          </Link>
        </>
      ) : null}
    </span>
  );
}

/**
 * The send review's columns: every decision with its reason to give (a DROP's is given with its
 * confirmation above) and the service's refusal of it, if any.
 */
export function sendColumns({
  locale,
  problems,
  rationales,
  onRationale,
}: {
  locale: string;
  problems: ReadonlyMap<string, EventProblem>;
  rationales: ReadonlyMap<string, string>;
  onRationale: (eventId: string, text: string) => void;
}): TableColumn<DraftEntry>[] {
  return [
    col.patent<DraftEntry>((entry) => (
      <>
        {entry.title ? (
          <span className="block max-w-72 truncate text-xs text-muted-foreground">{entry.title}</span>
        ) : null}
        <span className="flex flex-wrap text-xs">
          <SignalsToggle patentId={entry.patentId} eventId={entry.eventId} name={patentName(entry)} />
        </span>
      </>
    )),
    col.office(),
    col.annuityYear(),
    col.dueDate<DraftEntry>(locale, (entry) => <WaitingNote entry={entry} locale={locale} />),
    col.decision(),
    col.estimate('Estimated cost', locale),
    {
      id: 'reason',
      header: 'Reason',
      className: 'min-w-48',
      cell: (entry) =>
        entry.decision === 'DROP' ? (
          <span className="text-xs text-muted-foreground">Given with the drop above</span>
        ) : (
          <input
            type="text"
            value={rationales.get(entry.eventId) ?? ''}
            maxLength={2000}
            onChange={(event) => onRationale(entry.eventId, event.target.value)}
            aria-label={`Reason for ${patentName(entry)} (optional)`}
            placeholder="Optional"
            className="h-8 w-full rounded-md border border-input bg-background px-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          />
        ),
    },
    {
      id: 'problem',
      header: 'Problem',
      className: 'max-w-96 text-sm',
      cell: (entry) => <ProblemText problem={problems.get(entry.eventId)} />,
    },
  ];
}

/** A decision's renewals and estimated cost; `decision` null for the last row, every decision's. */
interface DecisionGroupRow {
  decision: string | null;
  count: number;
  totals: CurrencyTotal[];
}

/** The summary's columns: renewals and their estimated cost per decision, totals per currency. */
export function summaryColumns(locale: string): TableColumn<DecisionGroupRow>[] {
  return [
    {
      id: 'decision',
      header: 'Decision',
      cell: (group) =>
        group.decision === null ? 'All' : <EnumBadge value={decisionLabel(group.decision)} />,
    },
    { id: 'count', header: 'Renewals', align: 'end', cell: (group) => group.count },
    {
      id: 'totals',
      header: 'Estimated cost',
      align: 'end',
      cell: (group) => formatTotals(group.totals, locale),
    },
  ];
}
