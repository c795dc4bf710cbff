import { dehydrate, HydrationBoundary, QueryClient, type QueryKey } from '@tanstack/react-query';
import type { ReactNode } from 'react';

/** One query the server has read already: its key and the data the browser starts from. */
export type QuerySeed = readonly [key: QueryKey, data: unknown];

/**
 * The one way a page hands what it read on the server to the browser's queries: each seed fills
 * its query in a fresh client, and the children start from that data (no second request on load).
 */
export function SeededQueries({ seeds, children }: { seeds: readonly QuerySeed[]; children: ReactNode }) {
  const queryClient = new QueryClient();
  for (const [key, data] of seeds) queryClient.setQueryData(key, data);
  return <HydrationBoundary state={dehydrate(queryClient)}>{children}</HydrationBoundary>;
}
