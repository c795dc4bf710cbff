'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert, FailureAlert } from '@/components/ui/alert';
import { FormInput, FormSelect } from '@/components/ui/form-field';
import { Options } from '@/components/ui/native-select';
import { SubmitButton } from '@/components/ui/submit-button';
import type { BudgetRecord } from '@/lib/analytics/budget';
import type { BudgetInput, BudgetValues } from '@/lib/analytics/budget.schema';
import type { BudgetChoices } from '@/lib/analytics/budget-choices';
import { BUDGET_PAGE, budgetScopeQuery } from '@/lib/analytics/budget-url';
import { lazyZodResolver } from '@/lib/forms/lazy-zod-resolver';
import { useApiMutation } from '@/lib/forms/use-api-mutation';
import { apiFetch } from '@/lib/http/api-client';

// The schema (and zod) load when the form first validates; see lib/forms/lazy-zod-resolver.ts.
const budgetResolver = lazyZodResolver(() =>
  import('@/lib/analytics/budget.schema').then((schemas) => schemas.budgetSchema),
);

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** The known values, with the one already chosen (a budget's own, or the page's) kept first if missing. */
function withCurrent(known: readonly string[], current: string): string[] {
  return current === '' || known.includes(current) ? [...known] : [current, ...known];
}

interface FormValues {
  year: string;
  currency: string;
  office: string;
  family: string;
  amount: string;
  note: string;
  months?: string[];
}

/**
 * Add or change a renewal budget (managers only). The same zod schema checks it here and on
 * the server (lib/analytics/budget.schema.ts). Phasing by month is optional: without it the year
 * is spread evenly. Saving the same year, currency, office and family again replaces that budget.
 */
export function BudgetForm({
  initial,
  defaults,
  choices,
  client,
}: {
  initial: BudgetRecord | null;
  /** The client the budget is for, when the user works for several (the page asks them to choose). */
  client: string | null;
  defaults: { year: number; currency: string };
  /** The offices and currencies the dashboard knows: the only ones offered (and accepted). */
  choices: BudgetChoices;
}) {
  const router = useRouter();
  const [phased, setPhased] = useState(Boolean(initial?.months));
  const form = useForm<FormValues, unknown, BudgetValues>({
    // The resolver checks the schema's input; the form's strings are that input.
    resolver: budgetResolver as never,
    shouldUnregister: true,
    defaultValues: {
      year: String(initial?.year ?? defaults.year),
      currency: initial?.currency ?? defaults.currency,
      office: initial?.office ?? '',
      family: initial?.family ?? '',
      amount: initial?.amount ?? '',
      note: initial?.note ?? '',
      months: initial?.months ?? Array(12).fill(''),
    },
  });
  const save = useApiMutation({
    mutationFn: (body: BudgetInput) =>
      apiFetch<{ budget: BudgetRecord }>('/api/analytics/budgets', {
        method: 'PUT',
        json: client ? { ...body, client } : body,
      }),
    failure: 'The budget could not be saved.',
    // The server names the fields at fault (400): each shows beside its field.
    form,
    onSuccess: ({ budget }) => {
      router.push(`${BUDGET_PAGE}?${budgetScopeQuery({ ...budget, client })}`);
      router.refresh();
    },
  });
  const onSubmit = form.handleSubmit((values) => save.mutate({ ...values, months: values.months ?? null }));
  const { errors } = form.formState;
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label="Budget">
      <FailureAlert message={save.failureMessage} />
      {save.data ? (
        <Alert tone="info">
          <p>
            Budget for {save.data.budget.year} in {save.data.budget.currency} saved.
          </p>
        </Alert>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-3">
        <FormInput form={form} name="year" label="Year" inputMode="numeric" autoComplete="off" />
        <FormSelect
          form={form}
          name="currency"
          label="Currency"
          hint="A currency renewals are estimated or invoiced in"
        >
          <Options values={withCurrent(choices.currencies, initial?.currency ?? defaults.currency)} />
        </FormSelect>
        <FormInput
          form={form}
          name="amount"
          label="Amount"
          hint="For the whole year"
          inputMode="decimal"
          autoComplete="off"
        />
        <FormSelect form={form} name="office" label="Office" hint="An office of the portfolio, or all">
          <option value="">All offices</option>
          <Options values={withCurrent(choices.offices, initial?.office ?? '')} />
        </FormSelect>
        <FormInput
          form={form}
          name="family"
          label="Family"
          hint="Empty for all families"
          autoComplete="off"
        />
        <FormInput form={form} name="note" label="Note" autoComplete="off" />
      </div>
      <div className="flex items-center gap-2">
        <input
          id="budget-phased"
          type="checkbox"
          className="size-4"
          checked={phased}
          onChange={(event) => setPhased(event.target.checked)}
        />
        <label htmlFor="budget-phased" className="text-sm">
          Phase the year by month (otherwise it is spread evenly, the remainder going to the first months)
        </label>
      </div>
      {phased ? (
        <fieldset className="flex flex-col gap-2">
          <legend className="text-sm font-medium">Monthly amounts (they must add up to the year)</legend>
          {errors.months?.message ? (
            <p className="text-xs font-medium text-destructive" role="alert">
              {errors.months.message}
            </p>
          ) : null}
          <div className="grid gap-3 sm:grid-cols-4">
            {MONTH_NAMES.map((name, index) => (
              <FormInput
                key={name}
                form={form}
                name={`months.${index}`}
                label={name}
                inputMode="decimal"
                autoComplete="off"
              />
            ))}
          </div>
        </fieldset>
      ) : null}
      <div>
        <SubmitButton busy={save.isPending} busyLabel="Saving…">
          Save budget
        </SubmitButton>
      </div>
    </form>
  );
}
