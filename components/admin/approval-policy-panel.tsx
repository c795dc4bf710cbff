'use client';

import { useState } from 'react';
import { type UseFormReturn, useFieldArray, useForm } from 'react-hook-form';
import { useLocale } from '@/components/shell/locale';
import { PageSection } from '@/components/shell/page-section';
import { Alert, FailureAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { FormInput } from '@/components/ui/form-field';
import { SubmitButton } from '@/components/ui/submit-button';
import type { ApprovalPolicy } from '@/lib/decisions/approval-policy';
import type { ApprovalPolicyInput } from '@/lib/decisions/approval-policy.schema';
import { formatDate } from '@/lib/format/dates';
import { lazyZodResolver } from '@/lib/forms/lazy-zod-resolver';
import { useApiMutation } from '@/lib/forms/use-api-mutation';
import { apiFetch } from '@/lib/http/api-client';

// The schema (and zod) load when the form first validates; see lib/forms/lazy-zod-resolver.ts.
const policyResolver = lazyZodResolver(() =>
  import('@/lib/decisions/approval-policy.schema').then((schemas) => schemas.approvalPolicySchema),
);

export interface ApprovalPolicyView extends ApprovalPolicy {
  updatedAt: string | null;
  updatedByEmail: string | null;
}

type ListName = 'proceedAbove' | 'batchAbove';

/**
 * The administrator's approval policy. Which batches wait for a manager: every DROP (by
 * default), a PROCEED above an amount in its currency, a batch above a total in a currency. The
 * same zod schema checks it here and on the server (lib/decisions/approval-policy.schema.ts).
 */
export function ApprovalPolicyPanel({
  initial,
  client,
}: {
  initial: ApprovalPolicyView;
  /** The client whose policy this is (each client has its own; the first client's is the default). */
  client: string;
}) {
  const [saved, setSaved] = useState(initial);
  const locale = useLocale();
  const form = useForm<ApprovalPolicyInput>({
    resolver: policyResolver,
    defaultValues: {
      dropRequiresApproval: initial.dropRequiresApproval,
      proceedAbove: initial.proceedAbove,
      batchAbove: initial.batchAbove,
      unlistedCurrencyRequiresApproval: initial.unlistedCurrencyRequiresApproval,
    },
  });
  const save = useApiMutation({
    mutationFn: (values: ApprovalPolicyInput) =>
      apiFetch<{ policy: ApprovalPolicyView }>(
        `/api/admin/approval-policy?client=${encodeURIComponent(client)}`,
        {
          method: 'PUT',
          json: values,
        },
      ),
    failure: 'The approval policy could not be saved.',
    // The server names the fields at fault (400): each shows beside its field.
    form,
    onSuccess: ({ policy }) => {
      setSaved(policy);
      form.reset({
        dropRequiresApproval: policy.dropRequiresApproval,
        proceedAbove: policy.proceedAbove,
        batchAbove: policy.batchAbove,
        unlistedCurrencyRequiresApproval: policy.unlistedCurrencyRequiresApproval,
      });
    },
  });
  const onSubmit = form.handleSubmit((values) => save.mutate(values));
  return (
    <PageSection id="approval-policy-heading" title="Approvals" className="max-w-3xl gap-4">
      <p className="text-sm text-muted-foreground">
        Batches these rules hold wait as “awaiting approval” until a manager other than the person who
        prepared them approves them; only then are they sent.
        {saved.updatedAt
          ? ` Last changed ${formatDate(saved.updatedAt.slice(0, 10), locale)} by ${saved.updatedByEmail ?? 'unknown'}.`
          : ''}
      </p>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
        <FailureAlert message={save.failureMessage} />
        {save.isSuccess ? (
          <Alert tone="info">
            <p>The approval policy is saved.</p>
          </Alert>
        ) : null}
        <div className="flex items-start gap-2">
          <Checkbox
            id="drop-requires-approval"
            className="mt-0.5"
            checked={form.watch('dropRequiresApproval')}
            onCheckedChange={(state) =>
              form.setValue('dropRequiresApproval', state === true, { shouldDirty: true })
            }
          />
          <label htmlFor="drop-requires-approval" className="text-sm">
            Every DROP needs a manager’s approval (a dropped patent cannot be restored)
          </label>
        </div>
        <ThresholdList
          name="proceedAbove"
          legend="PROCEED above an amount"
          hint="A renewal to proceed whose estimate is above the amount of its currency waits."
          form={form}
        />
        <ThresholdList
          name="batchAbove"
          legend="Batch above a total"
          hint="A batch whose estimated total in a currency is above that currency’s amount waits."
          form={form}
        />
        <fieldset className="flex flex-col gap-2">
          <legend className="text-sm font-medium">A currency without an amount above</legend>
          <p className="text-sm text-muted-foreground">
            Once amounts are limited, a renewal or batch total in a currency you gave no amount follows this
            choice.
          </p>
          <label className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name="unlisted-currency"
              checked={form.watch('unlistedCurrencyRequiresApproval')}
              onChange={() => form.setValue('unlistedCurrencyRequiresApproval', true, { shouldDirty: true })}
            />
            Needs a manager’s approval
          </label>
          <label className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name="unlisted-currency"
              checked={!form.watch('unlistedCurrencyRequiresApproval')}
              onChange={() => form.setValue('unlistedCurrencyRequiresApproval', false, { shouldDirty: true })}
            />
            Is sent without approval
          </label>
        </fieldset>
        <div>
          <SubmitButton busy={save.isPending} busyLabel="Saving…">
            Save approval policy
          </SubmitButton>
        </div>
      </form>
    </PageSection>
  );
}

function ThresholdList({
  name,
  legend,
  hint,
  form,
}: {
  name: ListName;
  legend: string;
  hint: string;
  form: UseFormReturn<ApprovalPolicyInput>;
}) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name });
  return (
    <fieldset className="flex flex-col gap-3 rounded-lg border p-4">
      <legend className="px-1 text-sm font-semibold">{legend}</legend>
      <p className="text-xs text-muted-foreground">{hint}</p>
      {fields.length === 0 ? (
        <p className="text-sm text-muted-foreground">No threshold: never held for this.</p>
      ) : null}
      {fields.map((field, index) => (
        <div key={field.id} className="flex flex-wrap items-end gap-3">
          <div className="w-28">
            <FormInput
              form={form}
              name={`${name}.${index}.currency`}
              label="Currency"
              autoComplete="off"
              maxLength={3}
              placeholder="EUR"
            />
          </div>
          <div className="w-44">
            <FormInput
              form={form}
              name={`${name}.${index}.amount`}
              label="Amount"
              inputMode="decimal"
              autoComplete="off"
              placeholder="1500.00"
            />
          </div>
          <Button type="button" variant="outline" onClick={() => remove(index)}>
            Remove
            <span className="sr-only">
              {' '}
              threshold {index + 1} of {legend}
            </span>
          </Button>
        </div>
      ))}
      <div>
        <Button type="button" variant="outline" onClick={() => append({ currency: '', amount: '' })}>
          Add a currency<span className="sr-only"> to {legend}</span>
        </Button>
      </div>
    </fieldset>
  );
}
