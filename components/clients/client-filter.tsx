'use client';

import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useId } from 'react';
import { Label } from '@/components/ui/label';
import type { ClientRef } from '@/lib/clients/chosen-client';
import { ClientSelect } from './client-select';

/**
 * A list's client filter, shown only to users who work for several clients: one of theirs, or all.
 * It is the address parameter `client` (lib/server/clients/client-filter.ts checks it is theirs);
 * a change goes back to the first page, and the list's exports take the same parameter.
 */
export function ClientFilter({ clients }: { clients: readonly ClientRef[] }) {
  const id = useId();
  const router = useRouter();
  const pathname = usePathname();
  const search = useSearchParams();
  const value = search.get('client') ?? '';
  const choose = (client: string) => {
    const next = new URLSearchParams(search.toString());
    if (client) next.set('client', client);
    else next.delete('client');
    next.delete('page');
    const query = next.toString();
    router.push(query ? `${pathname}?${query}` : pathname);
  };
  return (
    <div className="flex flex-col gap-1">
      <Label htmlFor={id} className="text-xs text-muted-foreground">
        Client
      </Label>
      <ClientSelect
        id={id}
        clients={clients}
        value={value}
        onChange={(event) => choose(event.target.value)}
      />
    </div>
  );
}
