'use client';

import { useRouter } from 'next/navigation';
import { NativeSelect } from '@/components/ui/native-select';
import type { ClientRef } from '@/lib/clients/chosen-client';
import { useApiMutation } from '@/lib/forms/use-api-mutation';
import { apiFetch } from '@/lib/http/api-client';

const ALL = '';

/**
 * The header's choice of client, for users who work for several: one client, or all of theirs
 * together. The choice is remembered (a cookie the server reads) and every page follows it.
 */
export function ClientSwitcher({ clients, chosen }: { clients: ClientRef[]; chosen: string | null }) {
  const router = useRouter();
  const choose = useApiMutation({
    mutationFn: (client: string | null) =>
      apiFetch('/api/account/client', { method: 'PUT', json: { client } }),
    failure: 'The client could not be chosen.',
    onSuccess: () => router.refresh(),
  });
  return (
    <span className="flex items-center gap-2">
      <NativeSelect
        aria-label="Client"
        value={choose.isPending ? (choose.variables ?? ALL) : (chosen ?? ALL)}
        disabled={choose.isPending}
        onChange={(event) => choose.mutate(event.target.value === ALL ? null : event.target.value)}
        className="h-8 w-full text-sm"
      >
        <option value={ALL}>All clients</option>
        {clients.map((client) => (
          <option key={client.id} value={client.id}>
            {client.name}
          </option>
        ))}
      </NativeSelect>
      {choose.failureMessage ? (
        <span role="alert" className="text-xs text-destructive">
          {choose.failureMessage}
        </span>
      ) : null}
    </span>
  );
}
