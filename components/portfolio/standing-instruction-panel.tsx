'use client';

import { useRouter } from 'next/navigation';
import { type FormEvent, useId, useState } from 'react';
import type { UseFormGetValues } from 'react-hook-form';
import { useLocale } from '@/components/shell/locale';
import { FailureAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormField } from '@/components/ui/form-field';
import { SubmitButton } from '@/components/ui/submit-button';
import { Textarea } from '@/components/ui/textarea';
import {
  STANDING_INSTRUCTION_LABELS,
  STANDING_INSTRUCTIONS,
  type StandingInstruction,
  type StandingInstructionKind,
  type StandingScope,
} from '@/lib/decisions/standing-instructions';
import { formatTimestamp } from '@/lib/format/dates';
import { useApiMutation } from '@/lib/forms/use-api-mutation';
import { ApiProblem, apiFetch } from '@/lib/http/api-client';
import { familyReferenceText } from '@/lib/portfolio/family';

const HINTS: Record<StandingInstructionKind, string> = {
  renew: 'Each month suggests Proceed for its renewal.',
  skip: 'Each month suggests Skip this time; say where it is handled.',
  review: 'Suggests nothing; the renewal is marked to be reviewed each time.',
};

/**
 * The patent's standing instruction and its family's, with who set them, when and why;
 * those who may set them change or clear them here (clearing asks first). The patent's own wins
 * over its family's. They only ever suggest in the month view: nothing is sent without the user.
 */
export function StandingInstructionPanel({
  patentId,
  family,
  instructions,
  canWrite,
}: {
  patentId: string;
  family: string | null;
  instructions: StandingInstruction[];
  canWrite: boolean;
}) {
  const own = instructions.find((item) => item.scope === 'patent' && item.target === patentId) ?? null;
  const familys = family
    ? (instructions.find((item) => item.scope === 'family' && item.target === family) ?? null)
    : null;
  const applies = own ?? familys;
  return (
    <Card aria-labelledby="standing-instruction-title">
      <CardHeader>
        <CardTitle id="standing-instruction-title">Standing instruction</CardTitle>
        <CardDescription>
          {applies
            ? `Applies: ${STANDING_INSTRUCTION_LABELS[applies.instruction]}${applies === own ? ' (this patent’s own)' : ` (from ${familyReferenceText(applies.target)})`}. It is suggested in each month’s renewals; nothing is sent without you.`
            : 'None: the renewals of this patent are decided each month.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 text-sm sm:grid-cols-2">
        <ScopeInstruction
          scope="patent"
          target={patentId}
          heading="This patent"
          current={own}
          canWrite={canWrite}
        />
        {family ? (
          <ScopeInstruction
            scope="family"
            target={family}
            heading={`Family ${family}`}
            current={familys}
            canWrite={canWrite}
            note={own ? 'This patent’s own instruction wins over it.' : null}
          />
        ) : null}
      </CardContent>
    </Card>
  );
}

function ScopeInstruction({
  scope,
  target,
  heading,
  current,
  canWrite,
  note = null,
}: {
  scope: StandingScope;
  target: string;
  heading: string;
  current: StandingInstruction | null;
  canWrite: boolean;
  note?: string | null;
}) {
  const locale = useLocale();
  const router = useRouter();
  const [editing, setEditing] = useState(false);
  const [clearing, setClearing] = useState(false);
  return (
    <section aria-label={heading} className="flex flex-col gap-2 rounded-md border p-3">
      <h3 className="font-medium">{heading}</h3>
      {current ? (
        <div className="flex flex-col gap-1" data-standing-scope={scope}>
          <p className="font-medium">{STANDING_INSTRUCTION_LABELS[current.instruction]}</p>
          {current.reason ? <p>Why: {current.reason}</p> : null}
          <p className="text-xs text-muted-foreground">
            Set by {current.setByEmail ?? 'a former user'} on {formatTimestamp(current.setAt, locale)}
          </p>
          {note ? <p className="text-xs text-muted-foreground">{note}</p> : null}
        </div>
      ) : (
        <p className="text-muted-foreground">No standing instruction.</p>
      )}
      {canWrite && !editing ? (
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="outline" onClick={() => setEditing(true)}>
            {current
              ? `Change the instruction for ${heading.toLowerCase()}`
              : `Set an instruction for ${heading.toLowerCase()}`}
          </Button>
          {current ? (
            <Button size="sm" variant="ghost" onClick={() => setClearing(true)}>
              Clear
              <span className="sr-only"> the instruction for {heading.toLowerCase()}</span>
            </Button>
          ) : null}
        </div>
      ) : null}
      {canWrite && editing ? (
        <InstructionForm
          scope={scope}
          target={target}
          heading={heading}
          current={current}
          onDone={(saved) => {
            setEditing(false);
            if (saved) router.refresh();
          }}
        />
      ) : null}
      {current ? (
        <ConfirmDialog
          open={clearing}
          onOpenChange={setClearing}
          title={`Clear the standing instruction for ${heading.toLowerCase()}?`}
          confirmLabel="Clear the instruction"
          failure="The instruction could not be cleared."
          onConfirm={async () => {
            try {
              await apiFetch(`/api/standing-instructions/${current.id}`, { method: 'DELETE' });
            } catch (error) {
              // Cleared elsewhere meanwhile: what the user wanted is done.
              if (!(error instanceof ApiProblem && error.status === 404)) throw error;
            }
            router.refresh();
          }}
        >
          <p>
            “{STANDING_INSTRUCTION_LABELS[current.instruction]}” will no longer be suggested; its renewals are
            decided each month again. Decisions already in drafts stay as they are.
          </p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}

function InstructionForm({
  scope,
  target,
  heading,
  current,
  onDone,
}: {
  scope: StandingScope;
  target: string;
  heading: string;
  current: StandingInstruction | null;
  onDone: (saved: boolean) => void;
}) {
  const id = useId();
  const [instruction, setInstruction] = useState<StandingInstructionKind>(current?.instruction ?? 'renew');
  const [reason, setReason] = useState(current?.reason ?? '');
  const [reasonError, setReasonError] = useState<{ message: string; fromServer: boolean } | null>(null);
  const saving = useApiMutation({
    mutationFn: () =>
      apiFetch('/api/standing-instructions', {
        method: 'PUT',
        json: { scope, target, instruction, reason: reason.trim() || null },
      }),
    failure: 'The instruction could not be saved.',
    // The form's one field a 400 can name: its message shows under the reason.
    form: {
      getValues: (() => ({ reason })) as UseFormGetValues<{ reason: string }>,
      setError: (_name, error) => setReasonError({ message: error.message ?? '', fromServer: true }),
    },
    onSuccess: () => onDone(true),
  });
  const pending = saving.isPending;
  const failure = reasonError?.fromServer ? null : saving.failureMessage;

  const save = (event: FormEvent) => {
    event.preventDefault();
    // The server checks the same (standing-instruction.schema.ts); this only saves a round trip.
    if (instruction === 'skip' && !reason.trim()) {
      setReasonError({
        message: 'Say where this is handled, so others know why it is skipped.',
        fromServer: false,
      });
      return;
    }
    setReasonError(null);
    saving.mutate();
  };

  return (
    <form
      onSubmit={save}
      className="flex flex-col gap-3"
      aria-label={`Standing instruction for ${heading.toLowerCase()}`}
    >
      <FailureAlert message={failure} />
      <fieldset className="flex flex-col gap-1.5">
        <legend className="mb-1 text-sm font-medium">Instruction</legend>
        {STANDING_INSTRUCTIONS.map((kind) => (
          <label key={kind} className="flex items-start gap-2">
            <input
              type="radio"
              name={`${id}-instruction`}
              value={kind}
              checked={instruction === kind}
              onChange={() => setInstruction(kind)}
              className="mt-0.5"
            />
            <span>
              {STANDING_INSTRUCTION_LABELS[kind]}
              <span className="block text-xs text-muted-foreground">{HINTS[kind]}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <FormField
        label={`Reason ${instruction === 'skip' ? '(required: where is it handled?)' : '(optional)'}`}
        error={reasonError?.message}
      >
        <Textarea
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          maxLength={2000}
          rows={2}
        />
      </FormField>
      <div className="flex gap-2">
        <SubmitButton size="sm" busy={pending}>
          {pending ? 'Saving…' : 'Save instruction'}
        </SubmitButton>
        <Button type="button" size="sm" variant="ghost" disabled={pending} onClick={() => onDone(false)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
