'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { type FormEvent, useId, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { SubmitButton } from '@/components/ui/submit-button';
import { Textarea } from '@/components/ui/textarea';
import { useApiMutation } from '@/lib/forms/use-api-mutation';
import { apiFetch } from '@/lib/http/api-client';
import type { TagScope } from '@/lib/signals/tags';

export interface ScopeTags {
  scope: TagScope;
  target: string;
  heading: string;
  tags: string[];
  note: string | null;
}

/**
 * The patent's tags and note and its family's: those who may change them add or remove a tag and
 * edit the note here; everyone else reads them. The family's tags show on each of its patents.
 */
export function TagsPanel({
  scopes,
  canWrite,
  client,
}: {
  scopes: ScopeTags[];
  canWrite: boolean;
  /** The patent's client: a family reference may be used by several of the user's clients. */
  client?: string;
}) {
  return (
    <Card aria-labelledby="tags-title">
      <CardHeader>
        <CardTitle id="tags-title">Tags and notes</CardTitle>
        <CardDescription>
          Your team’s own tags (product, licence, litigation, “core”…). A family’s tags show on each of its
          patents.{' '}
          <Link href="/portfolio/tags" className="text-primary underline underline-offset-2">
            All tags and the CSV import
          </Link>
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 text-sm sm:grid-cols-2">
        {scopes.map((scope) => (
          <ScopeEditor key={scope.scope} value={scope} canWrite={canWrite} client={client} />
        ))}
      </CardContent>
    </Card>
  );
}

type TagsWrite = { kind: 'tags'; change: { add?: string[]; remove?: string[] } } | { kind: 'note' };

function ScopeEditor({ value, canWrite, client }: { value: ScopeTags; canWrite: boolean; client?: string }) {
  const router = useRouter();
  const tagId = useId();
  const noteId = useId();
  const [tag, setTag] = useState('');
  const [note, setNote] = useState(value.note ?? '');
  // One pending state and one failure for the tag buttons and the note.
  const save = useApiMutation({
    mutationFn: (write: TagsWrite) =>
      write.kind === 'tags'
        ? apiFetch('/api/tags', {
            method: 'POST',
            json: { scope: value.scope, targets: [value.target], ...write.change, client },
          })
        : apiFetch('/api/notes', {
            method: 'PUT',
            json: { scope: value.scope, target: value.target, note, client },
          }),
    failure: 'The change was not saved.',
    onSuccess: (_data, write) => {
      router.refresh();
      if (write.kind === 'tags' && write.change.add) setTag('');
    },
  });
  const busy = save.isPending;
  const error = save.failureMessage;

  function addTag(event: FormEvent) {
    event.preventDefault();
    if (tag.trim() === '') return;
    save.mutate({ kind: 'tags', change: { add: [tag] } });
  }

  function saveNote(event: FormEvent) {
    event.preventDefault();
    save.mutate({ kind: 'note' });
  }

  return (
    <section aria-label={value.heading} className="flex flex-col gap-2">
      <h3 className="font-medium">{value.heading}</h3>
      {value.tags.length === 0 ? (
        <p className="text-muted-foreground">No tags</p>
      ) : (
        <ul className="flex flex-wrap gap-1" aria-label={`Tags of ${value.heading}`}>
          {value.tags.map((item) => (
            <li key={item} className="flex items-center gap-1 rounded border px-1.5 text-xs">
              {item}
              {canWrite ? (
                <button
                  type="button"
                  disabled={busy}
                  onClick={() => save.mutate({ kind: 'tags', change: { remove: [item] } })}
                  className="rounded px-0.5 text-muted-foreground hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                  aria-label={`Remove tag ${item} from ${value.heading}`}
                >
                  ×
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {canWrite ? (
        <form onSubmit={addTag} className="flex items-end gap-2">
          <div className="flex flex-1 flex-col gap-1">
            <Label htmlFor={tagId}>Add a tag to {value.heading}</Label>
            <Input id={tagId} value={tag} maxLength={40} onChange={(event) => setTag(event.target.value)} />
          </div>
          <SubmitButton size="sm" busy={busy}>
            Add
          </SubmitButton>
        </form>
      ) : null}
      {canWrite ? (
        <form onSubmit={saveNote} className="flex flex-col gap-1">
          <Label htmlFor={noteId}>Note on {value.heading}</Label>
          <Textarea
            id={noteId}
            value={note}
            maxLength={4000}
            rows={2}
            onChange={(event) => setNote(event.target.value)}
          />
          <SubmitButton size="sm" variant="outline" busy={busy} className="self-start">
            Save note
          </SubmitButton>
        </form>
      ) : (
        <p>{value.note ?? <span className="text-muted-foreground">No note</span>}</p>
      )}
      {error ? <Alert tone="danger">{error}</Alert> : null}
    </section>
  );
}
