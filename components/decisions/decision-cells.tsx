'use client';

import { Badge } from '@/components/ui/badge';
import { Checkbox } from '@/components/ui/checkbox';
import { cn } from '@/components/ui/cn';
import { NativeSelect } from '@/components/ui/native-select';
import type { Decision } from '@/lib/annuity/schemas';
import { offeredDecisions } from '@/lib/decisions/rules';
import { patentName } from '@/lib/portfolio/patent-name';
import { decisionLabel } from '@/lib/renewals/labels';
import type { RenewalRow } from '@/lib/renewals/rows';
import { type DecisionCore, useDecisions, useShownRows } from './decision-context';
import { decisionLook } from './decision-look';
import { SuggestionNote } from './standing-suggestions';

const name = (row: RenewalRow) => patentName(row);

/** Ticks a row for "one decision for a selection". */
export function SelectCell({ row }: { row: RenewalRow }) {
  const { selected, toggleSelected } = useDecisions();
  return (
    <Checkbox
      aria-label={`Select ${name(row)}, due ${row.dueDate}`}
      checked={selected.has(row.eventId)}
      onCheckedChange={(state) => toggleSelected(row.eventId, state === true)}
    />
  );
}

/** Selects or clears every row the filters show. */
export function SelectAllHeader() {
  const { selected } = useDecisions();
  const { shownRows, selectShown } = useShownRows();
  // Nothing selected, the usual case on a sort or a filter: no pass over the window's rows.
  const chosen = selected.size === 0 ? 0 : shownRows.filter((row) => selected.has(row.eventId)).length;
  const state = chosen === 0 ? false : chosen === shownRows.length ? true : 'indeterminate';
  return (
    <Checkbox
      aria-label={`Select all ${shownRows.length} shown renewals`}
      checked={state}
      onCheckedChange={(next) => selectShown(next === true)}
    />
  );
}

/**
 * What choosing `value` in a row's select does: DROP asks its confirmation first, as the `d` key
 * and the bulk bar do (spec: Instruction rules, DROP cannot be undone); any other choice, or
 * "No decision", goes into the draft at once.
 */
export function chooseDecision(
  row: RenewalRow,
  value: string,
  { draft, confirmDrop }: Pick<DecisionCore, 'draft' | 'confirmDrop'>,
): void {
  const decision = (value || null) as Decision | null;
  if (decision === 'DROP' && confirmDrop) confirmDrop(row);
  else draft.decide([row], decision);
}

/**
 * The decision for one renewal: only the decisions the service offers now (spec: Patent event,
 * allowedDecisions), or none; and why, on the row, when a choice was refused.
 */
export function DecisionCell({ row }: { row: RenewalRow }) {
  const context = useDecisions();
  const { draft } = context;
  const entry = draft.byEvent.get(row.eventId);
  // Only decisions this version knows how to send: a value a later v2 adds is not offered (spec:
  // Versioning), so it can never enter a draft the server would refuse to save.
  const offered = offeredDecisions(row);
  const problem = draft.problemFor(row.eventId);
  const problemId = `decision-problem-${row.eventId}`;
  // A decision in the draft that the service no longer offers stays visible, marked by the problem.
  const options = entry && !offered.includes(entry.decision) ? [...offered, entry.decision] : offered;
  if (options.length === 0 && !problem) {
    // A renewal decided already (at the service, or from another batch) says what was decided:
    // "Not open" read as if nothing had been done (spec: Patent event, appliedDecision).
    const applied = decisionLabel(row.appliedDecision);
    return applied ? (
      <span className="flex items-center gap-1 text-xs">
        <span className="text-muted-foreground">Decided:</span>
        <Badge tone={applied.tone}>{applied.label}</Badge>
      </span>
    ) : (
      <span className="text-xs text-muted-foreground">Not open</span>
    );
  }
  const look = decisionLook(entry?.decision);
  const Icon = look?.Icon;
  return (
    <span className="flex flex-col gap-0.5">
      <span className="flex items-center gap-1">
        {/* The shape beside the colour: the decision reads without colour vision too. */}
        <span className="inline-flex size-4 shrink-0" data-decision-icon={entry?.decision ?? 'none'}>
          {Icon ? <Icon aria-hidden="true" className={cn('size-4', look.icon)} /> : null}
        </span>
        <NativeSelect
          aria-label={`Decision for ${name(row)}, due ${row.dueDate}`}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? problemId : undefined}
          className={cn(
            'h-7 w-40 text-xs [&>option]:bg-background [&>option]:text-foreground',
            look?.control,
          )}
          value={entry?.decision ?? ''}
          disabled={!draft.ready || options.length === 0}
          onChange={(event) => chooseDecision(row, event.target.value, context)}
        >
          <option value="">No decision</option>
          {options.map((decision) => (
            <option key={decision} value={decision}>
              {decisionLabel(decision)?.label ?? decision}
            </option>
          ))}
        </NativeSelect>
      </span>
      <SuggestionNote row={row} />
      {problem ? (
        <span
          id={problemId}
          role="alert"
          className="block max-w-56 truncate text-xs text-destructive"
          title={problem}
        >
          {problem}
        </span>
      ) : null}
    </span>
  );
}
