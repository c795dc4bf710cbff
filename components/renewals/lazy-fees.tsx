'use client';

import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import type { Fees } from '@/lib/annuity/schemas';
import { apiFetch, problemMessage } from '@/lib/http/api-client';
import { FeesCell } from './fees-cell';

/**
 * For an event that came without fees (the per-patent endpoints may omit them: spec, Patent event
 * "not shown"): one button reads them from the fees endpoint, only when someone asks.
 */
export function LazyFees({ patentId, eventId, label }: { patentId: string; eventId: string; label: string }) {
  const [wanted, setWanted] = useState(false);
  const fees = useQuery({
    queryKey: ['event-fees', patentId, eventId],
    queryFn: ({ signal }) =>
      apiFetch<Fees>(
        `/api/patents/${encodeURIComponent(patentId)}/events/${encodeURIComponent(eventId)}/fees`,
        {
          signal,
        },
      ),
    enabled: wanted,
  });
  if (!wanted) {
    return (
      <Button variant="outline" size="sm" className="h-7" onClick={() => setWanted(true)}>
        Show fees
      </Button>
    );
  }
  if (fees.error) {
    return (
      <span className="text-destructive text-xs">
        {problemMessage(fees.error, 'Fees could not be read.')}
      </span>
    );
  }
  if (!fees.data) return <span className="text-muted-foreground text-xs">Reading fees…</span>;
  return <FeesCell fees={fees.data} label={label} />;
}
