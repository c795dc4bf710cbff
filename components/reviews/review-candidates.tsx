'use client';

import { useRouter } from 'next/navigation';
import { useForm } from 'react-hook-form';
import { DataTable } from '@/components/data-table/data-table';
import { FormInput, FormSelect } from '@/components/ui/form-field';
import { Options } from '@/components/ui/native-select';
import { SubmitButton } from '@/components/ui/submit-button';
import { plural } from '@/lib/format/plural';
import { useApiMutation } from '@/lib/forms/use-api-mutation';
import { useChosen } from '@/lib/forms/use-chosen';
import { apiFetch } from '@/lib/http/api-client';
import {
  ASKED_DECISION_LABELS,
  ASKED_DECISIONS,
  type AskedDecision,
  type ReviewCandidate,
} from '@/lib/reviews/review-hold';
import { candidateColumns } from './candidate-columns';

interface HoldForm {
  ownerUserId: string;
  reviewBy: string;
  askedDecision: AskedDecision;
  note: string;
}

/**
 * The renewals due in the window, lowest keep score first: chosen here and put under review for
 * one owner at once (POST /api/reviews). The server checks the review-by date against each
 * renewal's deadline and the owner against the users who may decide; a 400 shows at its field.
 */
export function ReviewCandidates({
  candidates,
  owners,
  canWrite,
  today,
  locale,
}: {
  candidates: readonly ReviewCandidate[];
  owners: readonly { userId: string; name: string; role: string }[];
  canWrite: boolean;
  today: string;
  locale: string;
}) {
  const router = useRouter();
  const { chosen, toggle, clear } = useChosen();
  const form = useForm<HoldForm>({
    defaultValues: { ownerUserId: '', reviewBy: today, askedDecision: 'undecided', note: '' },
  });
  const place = useApiMutation<HoldForm & { eventIds: string[] }, { holds: unknown[] }, HoldForm>({
    mutationFn: (body) =>
      apiFetch('/api/reviews', {
        method: 'POST',
        json: { ...body, note: body.note.trim() === '' ? undefined : body.note },
      }),
    failure: 'The renewals could not be put under review.',
    form,
    onSuccess: () => {
      clear();
      router.refresh();
    },
  });
  const placed = place.data?.holds.length ?? 0;
  return (
    <form
      className="flex flex-col gap-4"
      aria-label="Put renewals under review"
      onSubmit={form.handleSubmit((values) => place.mutate({ ...values, eventIds: [...chosen] }))}
    >
      {canWrite ? (
        // Above the table and kept in view while the rows are ticked (sticky within the form), not
        // below the 50 rows it acts on.
        <fieldset className="sticky top-0 z-10 flex flex-col gap-3 rounded-md border bg-background p-4 shadow-sm">
          <legend className="px-1 text-sm font-medium">Put the selected renewals under review</legend>
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            <FormSelect
              form={form}
              name="ownerUserId"
              label="Owner"
              rules={{ required: 'choose who reviews' }}
            >
              <option value="">Choose who reviews…</option>
              {owners.map((owner) => (
                <option key={owner.userId} value={owner.userId}>
                  {owner.name} ({owner.role})
                </option>
              ))}
            </FormSelect>
            <FormInput
              form={form}
              name="reviewBy"
              label="Review by"
              hint="From today to the renewal's due date"
              type="date"
              min={today}
              rules={{ required: 'choose a date' }}
            />
            <FormSelect form={form} name="askedDecision" label="Decision asked for">
              <Options values={ASKED_DECISIONS} label={ASKED_DECISION_LABELS} />
            </FormSelect>
            <FormInput form={form} name="note" label="Note (optional)" maxLength={500} />
          </div>
          <div className="flex flex-wrap items-center gap-3">
            <SubmitButton
              busy={place.isPending}
              busyLabel="Putting under review…"
              disabled={chosen.size === 0}
            >
              {`Put ${chosen.size} under review`}
            </SubmitButton>
            <div aria-live="polite" className="text-sm">
              {place.failureMessage ? <p className="text-destructive">{place.failureMessage}</p> : null}
              {place.isSuccess ? <p>Put {plural(placed, 'renewal')} under review.</p> : null}
            </div>
          </div>
        </fieldset>
      ) : null}
      <DataTable
        caption="Renewals due in the window, lowest keep score first"
        captionHidden
        columns={candidateColumns({ locale, choice: canWrite ? { chosen, toggle } : null })}
        rows={candidates}
        rowKey={(candidate) => candidate.eventId}
        rowProps={(candidate) => ({ 'data-event-id': candidate.eventId })}
      />
    </form>
  );
}
