'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocale } from '@/components/shell/locale';
import { Button } from '@/components/ui/button';
import { formatTimestamp } from '@/lib/format/dates';
import { useApiMutation } from '@/lib/forms/use-api-mutation';
import { apiFetch } from '@/lib/http/api-client';

export interface SnapshotStatusBody {
  refreshedAt: string | null;
  patentCount: number | null;
  refreshing: { startedAt: string; pagesDone: number; pagesTotal: number | null } | null;
  lastError: string | null;
  isStale: boolean;
}

const statusQuery = {
  queryKey: ['portfolio-snapshot'] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    apiFetch<SnapshotStatusBody>('/api/portfolio/snapshot', { signal }),
};

/**
 * The portfolio snapshot behind the office join: how old it is, a refresh on demand, and the
 * refresh's progress (polled only while one runs). `initial` is the status as the server read it
 * with the page: shown from the first paint, so the header does not grow (and push the table down)
 * when a fetch after hydration answers.
 */
export function SnapshotStatus({ initial }: { initial?: SnapshotStatusBody }) {
  const locale = useLocale();
  const queryClient = useQueryClient();
  const status = useQuery({
    ...statusQuery,
    initialData: initial,
    refetchInterval: (query) => (query.state.data?.refreshing ? 1_000 : false),
  });
  const refresh = useApiMutation({
    mutationFn: () => apiFetch<{ status: SnapshotStatusBody }>('/api/portfolio/snapshot', { method: 'POST' }),
    failure: 'The refresh could not start.',
    onSuccess: (result) => {
      queryClient.setQueryData(statusQuery.queryKey, result.status);
      void queryClient.invalidateQueries({ queryKey: ['renewals'] });
    },
  });
  const data = status.data;
  const running = data?.refreshing;
  return (
    <div className="flex flex-wrap items-center gap-3 text-xs text-muted-foreground" aria-live="polite">
      {data ? (
        running ? (
          <span>
            Refreshing the portfolio snapshot: {running.pagesDone}
            {running.pagesTotal ? ` of ${running.pagesTotal}` : ''} pages read…
          </span>
        ) : data.refreshedAt ? (
          <span>
            Portfolio snapshot: {data.patentCount ?? 0} patents, taken{' '}
            {formatTimestamp(data.refreshedAt, locale)}
            {data.isStale ? ' (due for a refresh)' : ''}.
          </span>
        ) : (
          <span>No portfolio snapshot yet.</span>
        )
      ) : null}
      {data?.lastError && !running ? <span className="text-destructive">Last refresh failed.</span> : null}
      {refresh.failureMessage ? <span className="text-destructive">{refresh.failureMessage}</span> : null}
      <Button
        variant="outline"
        size="sm"
        className="h-7"
        disabled={Boolean(running) || refresh.isPending}
        onClick={() => refresh.mutate()}
      >
        Refresh snapshot
      </Button>
    </div>
  );
}
