'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { apiFetch, problemMessage } from '@/lib/http/api-client';

/** Marks one notification read, or all of them (no id); the page and the bell refresh after. */
export function MarkReadButton({ id, label }: { id?: string; label: string }) {
  const router = useRouter();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const mark = async () => {
    setPending(true);
    setError(null);
    try {
      await apiFetch('/api/notifications/read', { method: 'POST', json: id ? { id } : {} });
      router.refresh();
    } catch (caught) {
      setError(problemMessage(caught, 'Could not mark as read.'));
    } finally {
      setPending(false);
    }
  };
  return (
    <span className="inline-flex items-center gap-2">
      <Button type="button" variant="outline" size="sm" onClick={mark} disabled={pending}>
        {label}
      </Button>
      {error ? (
        <span role="alert" className="text-xs text-destructive">
          {error}
        </span>
      ) : null}
    </span>
  );
}
