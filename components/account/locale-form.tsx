'use client';

import { useRouter } from 'next/navigation';
import { type FormEvent, useId, useState } from 'react';
import { NativeSelect } from '@/components/ui/native-select';
import { SubmitButton } from '@/components/ui/submit-button';
import { formatDate } from '@/lib/format/dates';
import { LOCALE_CHOICES } from '@/lib/format/locale';
import { useApiMutation } from '@/lib/forms/use-api-mutation';
import { apiFetch } from '@/lib/http/api-client';

const BROWSER = 'browser';
// A date and an amount that show the differences between formats (day/month order, separators).
const SAMPLE_DATE = '2026-12-03';
const SAMPLE_AMOUNT = 1234.5;

function sample(locale: string): string {
  return `${formatDate(SAMPLE_DATE, locale)} · ${new Intl.NumberFormat(locale, { minimumFractionDigits: 2 }).format(SAMPLE_AMOUNT)}`;
}

/** How dates and numbers read on every page: the browser's setting, or one chosen here. */
export function LocaleForm({ chosen, browser }: { chosen: string | null; browser: string }) {
  const router = useRouter();
  const id = useId();
  const [value, setValue] = useState(chosen ?? BROWSER);
  const saving = useApiMutation({
    mutationFn: (locale: string | null) =>
      apiFetch('/api/account/locale', { method: 'PUT', json: { locale } }),
    failure: 'The format could not be saved.',
    onSuccess: () => router.refresh(),
  });
  const save = (event: FormEvent) => {
    event.preventDefault();
    saving.mutate(value === BROWSER ? null : value);
  };
  const status = saving.failureMessage
    ? { ok: false, text: saving.failureMessage }
    : saving.isSuccess
      ? { ok: true, text: 'Saved. Every page now uses this format.' }
      : null;

  return (
    <form onSubmit={save} className="flex max-w-xl flex-col gap-3">
      <div className="flex flex-col gap-1.5">
        <label htmlFor={id} className="text-sm font-medium">
          Dates and numbers
        </label>
        <NativeSelect id={id} value={value} onChange={(event) => setValue(event.target.value)}>
          <option value={BROWSER}>As my browser is set ({browser})</option>
          {LOCALE_CHOICES.map((choice) => (
            <option key={choice.tag} value={choice.tag}>
              {choice.label}
            </option>
          ))}
        </NativeSelect>
        <p className="text-sm text-muted-foreground">
          Reads like: <span data-testid="locale-sample">{sample(value === BROWSER ? browser : value)}</span>.
          This browser keeps the choice.
        </p>
      </div>
      <div className="flex items-center gap-3">
        <SubmitButton size="sm" busy={saving.isPending} busyLabel="Saving…">
          Save format
        </SubmitButton>
        <p aria-live="polite" className={status?.ok === false ? 'text-sm text-destructive' : 'text-sm'}>
          {status?.text}
        </p>
      </div>
    </form>
  );
}
