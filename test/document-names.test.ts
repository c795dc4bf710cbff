import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filenameFromDisposition } from '@/lib/annuity/content-disposition';
import type { PatentEvent } from '@/lib/annuity/schemas';
import { addMonths } from '@/lib/format/dates';
import { upstreamClient } from '@/lib/server/connection/upstream';
import { refreshSnapshot } from '@/lib/server/portfolio/snapshot';
import { jsonRequest, signIn } from './app-harness';
import { eventsBetween, startUpstreamHarness, type UpstreamHarness } from './upstream-harness';

/**
 * A downloaded receipt is saved under the renewal's case reference (the provider id without one),
 * not under the event id the stand-in service names it by (spec: Endpoints 6 to 8 leave the
 * filename open).
 */
let up: UpstreamHarness;
let cookie: string;
let fulfilled: PatentEvent;

beforeAll(async () => {
  up = await startUpstreamHarness(
    { name: 'document-names', patents: 200, seed: 4343 },
    { profile: 'default' },
  );
  await refreshSnapshot(upstreamClient('document-names'), 'document-names');
  const events = await eventsBetween(up.client, addMonths(up.currentMonth, -8), up.currentMonth);
  const found = events.find((e) => e.processingStatus === 'FULFILLED' && e.appliedDecision === 'PROCEED');
  if (!found) throw new Error('no fulfilled renewal in the history');
  fulfilled = found;
  cookie = await signIn(up.app.users.paralegal.email);
}, 180_000);
afterAll(async () => up?.stop());

describe('receipt downloads', () => {
  it('carry the case reference in their file name', async () => {
    const { GET } = await import('@/app/api/documents/[patentId]/[eventId]/[kind]/route');
    const { data: patent } = await up.client.getPatent(fulfilled.patent.id);
    const reference = patent.clientCaseReference ?? patent.providerId;
    expect(reference).toBeTruthy();
    for (const kind of ['official-receipt', 'instruction-receipt'] as const) {
      const answer = await GET(
        jsonRequest(`/api/documents/${fulfilled.patent.id}/${fulfilled.id}/${kind}`, { cookie }),
        { params: Promise.resolve({ patentId: fulfilled.patent.id, eventId: fulfilled.id, kind }) },
      );
      expect(answer.status).toBe(200);
      const name = filenameFromDisposition(answer.headers.get('content-disposition') ?? '');
      expect(name).toContain(reference as string);
      expect(name).not.toContain(fulfilled.id);
      await answer.arrayBuffer();
    }
  });
});
