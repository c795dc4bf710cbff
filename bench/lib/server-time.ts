import { openPage } from './actions';
import type { DashboardSession } from './dashboard-session';
import type { ServiceReader } from './service-data';
import { timed } from './stats';

/**
 * The month view's server time against the upstream time it cannot avoid: the same page walk
 * done directly against the service, one page after another at 100 per page. Both sides are read
 * uncompressed (Accept-Encoding: identity), as the stand-in service always answers: gzip of a
 * 2 MB answer is transfer work that pays for itself on a real network, not the server's time;
 * the JSON as a browser asks for it (gzip) is measured beside it. Runs interleave the timings so
 * drift on a shared machine lands on all of them alike.
 */
export interface ServerTimeSamples {
  upstreamMs: number[];
  pageMs: number[];
  apiMs: number[];
  apiGzipMs: number[];
}

async function rawMonthWalk(reader: ServiceReader, month: string, pages: number): Promise<void> {
  for (let page = 1; page <= pages; page++) await reader.getText(reader.monthPageQuery(month, page));
}

export async function measureServerTime(
  session: DashboardSession,
  reader: ServiceReader,
  month: string,
  pages: number,
  runs: number,
): Promise<ServerTimeSamples> {
  const page = () => openPage(session, `/renewals?month=${month}`, { encoding: 'identity' });
  const api = (encoding?: 'identity') => async () => {
    const { status } = await session.get(`/api/renewals?month=${month}`, { encoding });
    if (status !== 200) throw new Error(`GET /api/renewals answered ${status}`);
  };
  // One unmeasured round first: route modules load and the JIT warms up on the first request.
  await rawMonthWalk(reader, month, pages);
  await page();
  await api('identity')();
  const samples: ServerTimeSamples = { upstreamMs: [], pageMs: [], apiMs: [], apiGzipMs: [] };
  for (let run = 0; run < runs; run++) {
    samples.upstreamMs.push((await timed(() => rawMonthWalk(reader, month, pages))).ms);
    samples.pageMs.push((await timed(page)).ms);
    samples.apiMs.push((await timed(api('identity'))).ms);
    samples.apiGzipMs.push((await timed(api())).ms);
  }
  return samples;
}
