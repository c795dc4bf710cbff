'use client';

import { WriteButton } from '@/components/ui/write-button';
import { apiFetch } from '@/lib/http/api-client';

/** Marks one notification read, or all of them (no id); the page and the bell refresh after. */
export function MarkReadButton({ id, label }: { id?: string; label: string }) {
  return (
    <WriteButton
      write={() => apiFetch('/api/notifications/read', { method: 'POST', json: id ? { id } : {} })}
      failure="Could not mark as read."
    >
      {label}
    </WriteButton>
  );
}
