'use client';

import { isServer, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { FeeBreakdownHost } from '@/components/renewals/fee-breakdown-host';
import { LocaleProvider } from '@/components/shell/locale';
import { ApiProblem, isWorthRetrying } from '@/lib/http/api-client';

function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Server-prefetched data is fresh for a while; the month view refetches on its own schedule.
        staleTime: 60_000,
        // Our route handlers already retried the service; a 4xx, or an answer of the service that
        // a retry cannot change (an expired key, a missing scope, a broken contract), will not get
        // better by asking again.
        retry: (failureCount, error) =>
          failureCount < 2 && !(error instanceof ApiProblem && !isWorthRetrying(error)),
        refetchOnWindowFocus: false,
      },
    },
  });
}

let browserQueryClient: QueryClient | undefined;

function getQueryClient(): QueryClient {
  if (isServer) return makeQueryClient();
  browserQueryClient ??= makeQueryClient();
  return browserQueryClient;
}

export function Providers({ children, locale }: { children: ReactNode; locale: string }) {
  const queryClient = getQueryClient();
  return (
    <QueryClientProvider client={queryClient}>
      {/* No URL-state provider: the table pages' useUrlState needs none (docs/performance.md). */}
      <LocaleProvider locale={locale}>
        {children}
        {/* The one fee breakdown of any page with fee totals; nothing until one is opened. */}
        <FeeBreakdownHost />
      </LocaleProvider>
    </QueryClientProvider>
  );
}
