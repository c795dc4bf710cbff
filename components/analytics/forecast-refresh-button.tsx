'use client';

import { useRouter } from 'next/navigation';
import { useEffect } from 'react';
import { Button } from '@/components/ui/button';
import { useApiMutation } from '@/lib/forms/use-api-mutation';
import { apiFetch } from '@/lib/http/api-client';

/**
 * "Refresh now" for managers. The server answers at once (started, or refused because
 * the background budget would be exceeded or a refresh runs); while a refresh runs the page is
 * re-rendered every few seconds so its result appears without a reload.
 */
const WHILE_RUNNING_MS = 4_000;

export function ForecastRefreshButton({
  running,
  client,
  clientName,
}: {
  running: boolean;
  /** The client whose forecast is refreshed, when the user works for several. */
  client?: string;
  /** Its name, when the page offers one refresh per client ("All clients"). */
  clientName?: string;
}) {
  const router = useRouter();
  const refresh = useApiMutation({
    mutationFn: () =>
      apiFetch<{ estimate: number }>(
        `/api/analytics/forecast/refresh${client ? `?client=${encodeURIComponent(client)}` : ''}`,
        { method: 'POST' },
      ),
    failure: 'The forecast was not refreshed.',
    onSuccess: () => router.refresh(),
  });
  const outcome = refresh.failureMessage
    ? { ok: false, text: refresh.failureMessage }
    : refresh.data
      ? { ok: true, text: `Refresh started: about ${refresh.data.estimate} calls.` }
      : null;

  useEffect(() => {
    if (!running) return;
    const timer = setTimeout(() => router.refresh(), WHILE_RUNNING_MS);
    return () => clearTimeout(timer);
  }, [running, router]);

  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button
        type="button"
        variant="outline"
        size="sm"
        onClick={() => refresh.mutate()}
        disabled={refresh.isPending || running}
      >
        {running ? 'Refreshing…' : refresh.isPending ? 'Starting the refresh…' : 'Refresh now'}
        {clientName ? `: ${clientName}` : null}
      </Button>
      <p aria-live="polite" className={outcome?.ok === false ? 'text-sm text-destructive' : 'text-sm'}>
        {outcome ? <span data-testid="forecast-refresh-outcome">{outcome.text}</span> : null}
      </p>
    </div>
  );
}
