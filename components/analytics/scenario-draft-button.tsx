'use client';

import { type DraftDropsCounts, DraftDropsOutcome } from '@/components/decisions/draft-drops-outcome';
import { Button } from '@/components/ui/button';
import type { ScenarioRule } from '@/lib/forecast/scenario';
import { useApiMutation } from '@/lib/forms/use-api-mutation';
import { apiFetch } from '@/lib/http/api-client';

/**
 * Puts the scenario's DROPs into the user's draft: nothing is sent, the review asks for each DROP's
 * confirmation and the approvals still apply.
 */
export function ScenarioDraftButton({ rule }: { rule: ScenarioRule }) {
  const draft = useApiMutation({
    mutationFn: () =>
      apiFetch<DraftDropsCounts>('/api/analytics/scenario/draft', {
        method: 'POST',
        json: {
          office: rule.offices,
          family: rule.families,
          tag: rule.tags,
          from: rule.minAnnuityYear ?? 0,
          below: rule.scoreBelow ?? 0,
        },
      }),
    failure: 'The DROPs could not be put in your draft.',
  });
  const done = draft.data;
  return (
    <div className="flex flex-col gap-2 text-sm" aria-live="polite">
      <div>
        <Button type="button" variant="outline" disabled={draft.isPending} onClick={() => draft.mutate()}>
          {draft.isPending ? 'Adding…' : 'Put these DROPs in my draft'}
        </Button>
      </div>
      {draft.failureMessage ? <p className="text-destructive">{draft.failureMessage}</p> : null}
      {done ? <DraftDropsOutcome done={done} /> : null}
    </div>
  );
}
