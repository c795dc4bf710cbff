'use client';

import Link from 'next/link';
import { Button } from '@/components/ui/button';
import type { ScenarioRule } from '@/lib/forecast/scenario';
import { useApiMutation } from '@/lib/forms/use-api-mutation';
import { apiFetch } from '@/lib/http/api-client';

interface Drafted {
  drafted: number;
  notOpen: number;
  alreadyInDraft: number;
  notRead: number;
}

/**
 * Puts the scenario's DROPs into the user's draft: nothing is sent, the review asks for each DROP's
 * confirmation and the approvals still apply.
 */
export function ScenarioDraftButton({ rule }: { rule: ScenarioRule }) {
  const draft = useApiMutation({
    mutationFn: () =>
      apiFetch<Drafted>('/api/analytics/scenario/draft', {
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
      {done ? (
        <p>
          {done.drafted === 0 ? 'No DROP was added' : `${done.drafted} DROP(s) added to your draft`}
          {done.notOpen > 0
            ? `; ${done.notOpen} patent(s) cannot be dropped now (not open yet, or decided)`
            : ''}
          {done.alreadyInDraft > 0 ? `; ${done.alreadyInDraft} already in your draft, left as they are` : ''}
          {done.notRead > 0 ? `; ${done.notRead} not read from the service yet` : ''}.{' '}
          {done.drafted > 0 ? (
            <Link href="/renewals/review" className="text-primary underline-offset-2 hover:underline">
              Review, confirm each DROP and send
            </Link>
          ) : null}
        </p>
      ) : null}
    </div>
  );
}
