'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { apiFetch, problemMessage } from '@/lib/http/api-client';

/**
 * "Refresh now" for managers (issue 19). The server answers at once (started, or refused because
 * the background budget would be exceeded or a refresh runs); while a refresh runs the page is
 * re-rendered every few seconds so its result appears without a reload.
 */
const WHILE_RUNNING_MS = 4_000;

export function ForecastRefreshButton({ running }: { running: boolean }) {
  const router = useRouter();
  const [pending, setPending] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);

  useEffect(() => {
    if (!running) return;
    const timer = setTimeout(() => router.refresh(), WHILE_RUNNING_MS);
    return () => clearTimeout(timer);
  }, [running, router]);

  const refresh = async () => {
    setPending(true);
    setOutcome(null);
    try {
      const started = await apiFetch<{ estimate: number }>('/api/analytics/forecast/refresh', {
        method: 'POST',
      });
      setOutcome({ ok: true, text: `Refresh started: about ${started.estimate} calls.` });
      router.refresh();
    } catch (error) {
      setOutcome({ ok: false, text: problemMessage(error, 'The forecast was not refreshed.') });
    } finally {
      setPending(false);
    }
  };

  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button type="button" variant="outline" size="sm" onClick={refresh} disabled={pending || running}>
        {running ? 'Refreshing…' : pending ? 'Starting the refresh…' : 'Refresh now'}
      </Button>
      <p aria-live="polite" className={outcome?.ok === false ? 'text-sm text-destructive' : 'text-sm'}>
        {outcome ? <span data-testid="forecast-refresh-outcome">{outcome.text}</span> : null}
      </p>
    </div>
  );
}
