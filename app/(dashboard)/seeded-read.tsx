import type { QueryKey } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ProblemPanel } from '@/components/shell/problem-panel';
import { SeededQueries } from '@/components/shell/seeded-queries';
import { loadForPage } from '@/lib/server/http/request-context';

/**
 * A page's read from the service, drawn inside the page's Suspense: the mapped problem when the
 * read fails (with the page's request id), else the children starting from the data, their query
 * seeded under `queryKey`, so the browser does not ask again on load.
 */
export async function SeededRead({
  requestId,
  queryKey,
  load,
  children,
}: {
  requestId: string;
  queryKey: QueryKey;
  load: () => Promise<unknown>;
  children: ReactNode;
}) {
  const loaded = await loadForPage(requestId, load);
  if (!loaded.ok) return <ProblemPanel problem={loaded.problem} />;
  return <SeededQueries seeds={[[queryKey, loaded.data]]}>{children}</SeededQueries>;
}
