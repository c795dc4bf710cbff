'use client';

import { WriteButton } from '@/components/ui/write-button';
import { apiFetch } from '@/lib/http/api-client';

/** Ends a hold by hand: the renewal is no longer under review (no decision is taken). */
export function ReleaseHoldButton({ holdId, label }: { holdId: string; label: string }) {
  return (
    <WriteButton
      write={() => apiFetch(`/api/reviews/${holdId}`, { method: 'DELETE' })}
      failure="The hold could not be released."
      pending="Releasing…"
      stacked
      aria-label={`Release the review of ${label}`}
    >
      Release
    </WriteButton>
  );
}
