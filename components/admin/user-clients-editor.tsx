'use client';

import { useRouter } from 'next/navigation';
import { type FormEvent, useState } from 'react';
import { FailureAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { SubmitButton } from '@/components/ui/submit-button';
import type { ClientRef } from '@/lib/clients/chosen-client';
import { useApiMutation } from '@/lib/forms/use-api-mutation';
import { apiFetch } from '@/lib/http/api-client';

/** Which clients a user works for, as the list shows it: all, or the names of those granted. */
export type UserClients = { all: true } | { all: false; clientIds: string[] };

/**
 * The clients a user works for (every page and route keeps to them, on the server): all of them,
 * including clients added later, or a list. Shown as a sentence; "Change" opens the choice in place.
 */
export function UserClientsEditor({
  user,
  grant,
  clients,
}: {
  user: { id: string; email: string };
  grant: UserClients;
  clients: ClientRef[];
}) {
  const router = useRouter();
  const [editing, setEditing] = useState(false);
  const [all, setAll] = useState(grant.all);
  const save = useApiMutation({
    mutationFn: (value: 'all' | string[]) =>
      apiFetch(`/api/admin/users/${encodeURIComponent(user.id)}`, {
        method: 'PATCH',
        json: { clients: value },
      }),
    failure: 'The clients could not be saved.',
    onSuccess: () => {
      setEditing(false);
      router.refresh();
    },
  });
  const names = grant.all
    ? 'All clients'
    : grant.clientIds.length === 0
      ? 'No client'
      : grant.clientIds.map((id) => clients.find((client) => client.id === id)?.name ?? id).join(', ');
  if (!editing)
    return (
      <span className="flex flex-wrap items-center gap-2">
        <span>{names}</span>
        <Button size="sm" variant="ghost" onClick={() => setEditing(true)}>
          Change<span className="sr-only"> the clients of {user.email}</span>
        </Button>
      </span>
    );
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    save.mutate(all ? 'all' : data.getAll('client').map(String));
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-2" aria-label={`Clients of ${user.email}`}>
      <fieldset className="flex flex-col gap-1">
        <legend className="sr-only">Clients of {user.email}</legend>
        <label className="flex items-center gap-2 text-sm">
          <input type="radio" name="scope" checked={all} onChange={() => setAll(true)} />
          All clients, and those added later
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input type="radio" name="scope" checked={!all} onChange={() => setAll(false)} />
          Only these clients:
        </label>
        {clients.map((client) => (
          <label key={client.id} className="ml-6 flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              name="client"
              value={client.id}
              disabled={all}
              defaultChecked={!grant.all && grant.clientIds.includes(client.id)}
            />
            {client.name}
          </label>
        ))}
      </fieldset>
      <FailureAlert message={save.failureMessage} />
      <span className="flex gap-2">
        <SubmitButton size="sm" busy={save.isPending} busyLabel="Saving…">
          Save
        </SubmitButton>
        <Button size="sm" type="button" variant="outline" onClick={() => setEditing(false)}>
          Cancel
        </Button>
      </span>
    </form>
  );
}
