import { afterAll, beforeAll, expect } from 'vitest';
import type { PatentEvent } from '@/lib/annuity/schemas';
import type { Draft, DraftEntry } from '@/lib/decisions/draft';
import { addMonths } from '@/lib/format/dates';
import type { CreateTenantRequest } from '@/sandbox/operator-client';
import { jsonRequest, signIn } from './app-harness';
import { eventsBetween, startUpstreamHarness, type UpstreamHarness } from './upstream-harness';

/** Saves the signed-in user's draft through the route handler; the save must succeed. */
export async function putDraftAs(cookie: string, entries: DraftEntry[]): Promise<Draft> {
  const { PUT } = await import('@/app/api/decisions/draft/route');
  const response = await PUT(
    jsonRequest('/api/decisions/draft', { method: 'PUT', cookie, body: { entries } }),
  );
  expect(response.status).toBe(200);
  return (await response.json()) as Draft;
}

export async function getDraftAs(cookie: string): Promise<Draft> {
  const { GET } = await import('@/app/api/decisions/draft/route');
  return (await (await GET(jsonRequest('/api/decisions/draft', { cookie }))).json()) as Draft;
}

/**
 * An event of `events` the service would accept `decision` for now, of a patent none of `used`
 * (which it joins): each test decides on patents of its own.
 */
export function takeOpenEvent(
  events: readonly PatentEvent[],
  used: Set<string>,
  decision: string,
  where: (event: PatentEvent) => boolean = () => true,
): PatentEvent {
  const found = events.find(
    (event) =>
      event.instructability?.isAllowed &&
      event.instructability.allowedDecisions.includes(decision) &&
      !used.has(event.patent.id) &&
      where(event),
  );
  if (!found) throw new Error(`no open event for ${decision} in the test tenant`);
  used.add(found.patent.id);
  return found;
}

export interface DecidingTenant {
  up: UpstreamHarness;
  /** The paralegal's session cookie: the role that drafts and sends. */
  paralegal: string;
  /** Every renewal due from a year before this month to a year after, with fees. */
  events: PatentEvent[];
}

/**
 * The set-up of the tests that decide against the stand-in, registered as the file's
 * beforeAll/afterAll: the upstream harness with `tenant`, the paralegal signed in, and the
 * renewals each test takes its open ones from (`takeOpenEvent`). A file's own beforeAll,
 * registered after this one, runs once these fields are filled.
 */
export function setUpDeciding(tenant: CreateTenantRequest): DecidingTenant {
  const deciding = {} as DecidingTenant;
  beforeAll(async () => {
    const up = await startUpstreamHarness(tenant);
    deciding.up = up;
    deciding.paralegal = await signIn(up.app.users.paralegal.email);
    deciding.events = await eventsBetween(
      up.client,
      addMonths(up.currentMonth, -12),
      addMonths(up.currentMonth, 12),
    );
  }, 180_000);
  afterAll(async () => deciding.up?.stop());
  return deciding;
}
