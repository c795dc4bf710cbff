'use client';

import { type DraftDropsCounts, DraftDropsOutcome } from '@/components/decisions/draft-drops-outcome';
import { SubmitButton } from '@/components/ui/submit-button';
import { plural } from '@/lib/format/plural';
import { useApiMutation } from '@/lib/forms/use-api-mutation';
import { useChosen } from '@/lib/forms/use-chosen';
import { apiFetch } from '@/lib/http/api-client';

interface Droppable {
  eventId: string;
  label: string;
}

/**
 * "Drop these countries": the members whose next renewal takes a DROP now, chosen here and put in
 * the user's draft as DROPs. Nothing is sent: the review asks for each DROP's confirmation and the
 * approvals still apply.
 */
export function FamilyDropForm({ droppable }: { droppable: readonly Droppable[] }) {
  const { chosen, toggle } = useChosen();
  const draft = useApiMutation({
    mutationFn: (eventIds: string[]) =>
      apiFetch<DraftDropsCounts>('/api/portfolio/family-drops', { method: 'POST', json: { eventIds } }),
    failure: 'The DROPs could not be put in your draft.',
  });
  const done = draft.data;
  return (
    <form
      className="flex flex-col gap-3 text-sm"
      onSubmit={(event) => {
        event.preventDefault();
        draft.mutate([...chosen]);
      }}
    >
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 font-medium">Drop these countries</legend>
        {droppable.map((item) => (
          <label key={item.eventId} className="flex items-center gap-2">
            <input
              type="checkbox"
              checked={chosen.has(item.eventId)}
              onChange={(event) => toggle(item.eventId, event.target.checked)}
            />
            {item.label}
          </label>
        ))}
      </fieldset>
      <div>
        <SubmitButton
          variant="outline"
          busy={draft.isPending}
          busyLabel="Adding…"
          disabled={chosen.size === 0}
        >
          {`Put ${plural(chosen.size, 'DROP')} in my draft`}
        </SubmitButton>
      </div>
      <div aria-live="polite">
        {draft.failureMessage ? <p className="text-destructive">{draft.failureMessage}</p> : null}
        {done ? <DraftDropsOutcome done={done} /> : null}
      </div>
    </form>
  );
}
