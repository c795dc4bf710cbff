'use client';

import type { ComponentProps } from 'react';
import { NativeSelect } from '@/components/ui/native-select';
import type { ClientRef } from '@/lib/clients/chosen-client';

/**
 * A client filter's choice: all clients (the empty value) or one of them. Its own module so a page
 * keeping the choice in its own state (the month view) loads it without the address-driven
 * ClientFilter, and only for users who work for several clients.
 */
export function ClientSelect({
  clients,
  ...props
}: { clients: readonly ClientRef[] } & Omit<ComponentProps<'select'>, 'children'>) {
  return (
    <NativeSelect className="h-8" {...props}>
      <option value="">All clients</option>
      {clients.map((client) => (
        <option key={client.id} value={client.id}>
          {client.name}
        </option>
      ))}
    </NativeSelect>
  );
}
