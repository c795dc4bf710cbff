'use client';

import { useId } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { ClientRef } from '@/lib/clients/chosen-client';
import type { CreateUserInput } from '@/lib/users/user.schema';

/**
 * What "Add user" ticks at first: the one client of a console that has one, and none where there
 * are several, so that nobody is given a client's data by not looking.
 */
export function initialClientsOf(clients: readonly ClientRef[]): string[] {
  return clients.length === 1 && clients[0] ? [clients[0].id] : [];
}

/**
 * The clients a new user works for, as checkboxes of the active clients. Only these are granted:
 * a client added later is granted on the users list, never by itself.
 */
export function NewUserClientsField({
  form,
  clients,
}: {
  form: Pick<UseFormReturn<CreateUserInput>, 'watch' | 'setValue' | 'formState'>;
  clients: readonly ClientRef[];
}) {
  const id = useId();
  const chosen = form.watch('clients') ?? [];
  const error = form.formState.errors.clients?.message;
  const hint =
    clients.length === 0
      ? 'There is no active client yet: they see no client’s data until you grant one on the users list.'
      : clients.length === 1
        ? 'A client added later is not theirs until you grant it on the users list.'
        : 'With none ticked they see no client’s data until you grant one. A client added later is not theirs until you grant it.';
  return (
    <fieldset className="flex flex-col gap-1.5" aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}>
      <legend className="mb-1 text-sm font-medium">Works for</legend>
      {clients.map((client) => (
        <label key={client.id} className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            name="clients"
            value={client.id}
            checked={chosen.includes(client.id)}
            aria-invalid={error ? true : undefined}
            onChange={(event) =>
              form.setValue(
                'clients',
                event.target.checked
                  ? [...chosen, client.id]
                  : chosen.filter((chosenId) => chosenId !== client.id),
                { shouldDirty: true },
              )
            }
          />
          {client.name}
        </label>
      ))}
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        {hint}
      </p>
      {error ? (
        <p id={`${id}-error`} className="text-xs font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
