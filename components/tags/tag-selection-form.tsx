'use client';

import { type FormEvent, useId, useState } from 'react';
import { SubmitButton } from '@/components/ui/submit-button';
import { useApiMutation } from '@/lib/forms/use-api-mutation';
import { apiFetch } from '@/lib/http/api-client';

/** The form behind ./tag-selection.tsx, loaded when first opened. Tags are added, none removed. */
export function TagSelectionForm({ patentIds }: { patentIds: readonly string[] }) {
  const id = useId();
  const [tag, setTag] = useState('');
  const count = patentIds.length;
  const tagging = useApiMutation({
    mutationFn: async (added: string) => {
      await apiFetch('/api/tags', {
        method: 'POST',
        json: { scope: 'patent', targets: patentIds, add: [added] },
      });
      return `Tagged ${count} patent${count === 1 ? '' : 's'} “${added.trim().toLowerCase()}”.`;
    },
    failure: 'The tag was not saved.',
    onSuccess: () => setTag(''),
  });
  const status = tagging.failureMessage ?? tagging.data ?? null;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (tag.trim() === '') return;
    tagging.mutate(tag);
  }

  return (
    <>
      <form onSubmit={submit} className="flex items-center gap-1">
        <label htmlFor={id} className="sr-only">
          Tag for the {count} selected patent{count === 1 ? '' : 's'}
        </label>
        <input
          id={id}
          value={tag}
          maxLength={40}
          placeholder="Tag"
          onChange={(event) => setTag(event.target.value)}
          className="h-8 w-32 rounded-md border border-input bg-background px-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        />
        <SubmitButton size="sm" variant="outline" className="h-8" busy={tagging.isPending}>
          Add tag
        </SubmitButton>
      </form>
      {status ? <span role="status">{status}</span> : null}
    </>
  );
}
