'use client';

import { useQuery } from '@tanstack/react-query';
import { HoldBadge } from '@/components/reviews/holds-list';
import { useLocale } from '@/components/shell/locale';
import { apiFetch, problemMessage } from '@/lib/http/api-client';
import type { ReviewHoldView } from '@/lib/reviews/review-hold';
import type { RenewalSignals } from '@/lib/signals/signals';
import { RenewalSignalsList } from './renewal-signals';

export function SignalsPanel({ patentId, eventId }: { patentId: string; eventId: string }) {
  const locale = useLocale();
  const query = useQuery({
    queryKey: ['signals', patentId, eventId],
    queryFn: ({ signal }) =>
      apiFetch<{ signals: RenewalSignals; hold?: ReviewHoldView | null }>(
        `/api/signals?patentId=${encodeURIComponent(patentId)}&eventId=${encodeURIComponent(eventId)}`,
        { signal },
      ),
  });
  if (query.error) {
    return (
      <span className="text-destructive">{problemMessage(query.error, 'Signals could not be read.')}</span>
    );
  }
  if (!query.data) return <span className="text-muted-foreground">Reading signals…</span>;
  const hold = query.data.hold;
  return (
    <>
      {hold ? <HoldBadge hold={hold} /> : null}
      <RenewalSignalsList signals={query.data.signals} locale={locale} />
    </>
  );
}
