import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Patent, PatentEvent } from '@/lib/annuity/schemas';
import { auditLog } from '@/lib/db/schema';
import type { StandingInstruction } from '@/lib/decisions/standing-instructions';
import { draftEntryOf } from '@/lib/decisions/testing';
import { addMonths } from '@/lib/format/dates';
import {
  draftFollowingInstructions,
  suggestionsForWindow,
} from '@/lib/server/decisions/standing-instructions';
import { allSnapshotPatents, refreshSnapshot } from '@/lib/server/portfolio/snapshot';
import { jsonRequest, signIn } from './app-harness';
import { putDraftAs } from './draft-fixtures';
import { eventsBetween, startUpstreamHarness, type UpstreamHarness } from './upstream-harness';

/**
 * Standing instructions end to end: set through our route handlers (audited, checked),
 * and the month's suggestions computed from the renewals the real stand-in service lists, with
 * the offices and families of the portfolio snapshot. A suggestion is made only where the
 * service's instructability offers the decision (spec: Instruction rules).
 */
let up: UpstreamHarness;
let paralegal: string;
let finance: string;
let thisMonth: PatentEvent[];
let patents: Map<string, Patent>;
const used = new Set<string>();

beforeAll(async () => {
  up = await startUpstreamHarness({ name: 'standing', patents: 400, seed: 1812 });
  [paralegal, finance] = await Promise.all([
    signIn(up.app.users.paralegal.email),
    signIn(up.app.users.finance.email),
  ]);
  // The month view takes each renewal's family from the portfolio snapshot.
  await refreshSnapshot(up.client, 'standing-test');
  patents = new Map((await allSnapshotPatents()).map((patent) => [patent.id, patent]));
  thisMonth = await eventsBetween(up.client, up.currentMonth, up.currentMonth);
}, 180_000);
afterAll(async () => up?.stop());

const offers = (event: PatentEvent, decision: string) =>
  Boolean(event.instructability?.isAllowed && event.instructability.allowedDecisions.includes(decision));

/** A renewal of this month the service offers `decision` for, of a patent no other test used. */
function openEvent(decision: string, where: (event: PatentEvent) => boolean = () => true): PatentEvent {
  const found = thisMonth.find(
    (event) => offers(event, decision) && !used.has(event.patent.id) && where(event),
  );
  if (!found) throw new Error(`no open ${decision} renewal this month in the test tenant`);
  used.add(found.patent.id);
  return found;
}

const familyOf = (event: PatentEvent) => patents.get(event.patent.id)?.clientFamilyReference ?? null;

async function put(body: unknown, cookie = paralegal) {
  const { PUT } = await import('@/app/api/standing-instructions/route');
  const response = await PUT(jsonRequest('/api/standing-instructions', { method: 'PUT', cookie, body }));
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function clear(id: string, cookie = paralegal) {
  const { DELETE } = await import('@/app/api/standing-instructions/[id]/route');
  const response = await DELETE(
    jsonRequest(`/api/standing-instructions/${id}`, { method: 'DELETE', cookie }),
    {
      params: Promise.resolve({ id }),
    },
  );
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function list(query: string, cookie = paralegal): Promise<StandingInstruction[]> {
  const { GET } = await import('@/app/api/standing-instructions/route');
  const response = await GET(jsonRequest(`/api/standing-instructions?${query}`, { cookie }));
  expect(response.status).toBe(200);
  return ((await response.json()) as { instructions: StandingInstruction[] }).instructions;
}

const suggestions = (month = up.currentMonth) =>
  suggestionsForWindow({ kind: 'month', month }, up.app.users.paralegal.id, 'standing-test');

const suggestionFor = async (event: PatentEvent, month = up.currentMonth) =>
  (await suggestions(month)).find((suggestion) => suggestion.eventId === event.id);

describe('standing instructions', () => {
  it('"renew every year" set by a paralegal is audited, listed with who set it, and suggests PROCEED', async () => {
    const event = openEvent('PROCEED');
    const answer = await put({ scope: 'patent', target: event.patent.id, instruction: 'renew' });
    expect(answer.status).toBe(200);
    const set = answer.body.instruction as StandingInstruction;
    expect(set).toMatchObject({
      scope: 'patent',
      target: event.patent.id,
      instruction: 'renew',
      reason: null,
    });
    expect(set.setByEmail).toBe(up.app.users.paralegal.email);

    const [audited] = await up.app.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'standing_instructions.set'),
          eq(auditLog.target, `patent:${event.patent.id}`),
        ),
      );
    expect(audited?.actorEmail).toBe(up.app.users.paralegal.email);
    expect(audited?.details).toMatchObject({ before: null, after: { instruction: 'renew' } });

    expect(await list(`patentId=${event.patent.id}`, finance)).toEqual([set]);
    expect(await suggestionFor(event)).toMatchObject({ decision: 'PROCEED', instruction: { id: set.id } });

    // A decision the user already put in the draft is never overwritten by a suggestion.
    const overridden = await putDraftAs(paralegal, [draftEntryOf(event, 'SKIP_THIS_TIME')]);
    expect(await suggestionFor(event)).toBeUndefined();
    expect(await draftFollowingInstructions(overridden.entries, ['default'])).toEqual([]);
    // Accepted (an ordinary decision in the draft), the review names the instruction it follows.
    const accepted = await putDraftAs(paralegal, [draftEntryOf(event, 'PROCEED')]);
    expect(
      (await draftFollowingInstructions(accepted.entries, ['default'])).map((item) => [
        item.entry.eventId,
        item.instruction.id,
      ]),
    ).toEqual([[event.id, set.id]]);
    await putDraftAs(paralegal, []);
  });

  it('suggests nothing for a renewal the service does not accept an instruction for yet', async () => {
    // Three months ahead is before opensAt (spec: Instruction rules, TOO_EARLY).
    const later = addMonths(up.currentMonth, 3);
    const event = (await eventsBetween(up.client, later, later)).find(
      (candidate) => !candidate.instructability?.isAllowed && !used.has(candidate.patent.id),
    );
    if (!event) throw new Error('no blocked renewal three months ahead in the test tenant');
    used.add(event.patent.id);
    expect((await put({ scope: 'patent', target: event.patent.id, instruction: 'renew' })).status).toBe(200);
    const all = await suggestions(later);
    expect(all.some((suggestion) => suggestion.eventId === event.id)).toBe(false);
  });

  it('applies a family’s instruction to its patents, and a patent’s own instruction wins over it', async () => {
    const event = openEvent('SKIP_THIS_TIME', (candidate) => familyOf(candidate) !== null);
    const family = familyOf(event) as string;
    const answer = await put({
      scope: 'family',
      target: family,
      instruction: 'skip',
      reason: 'Renewed by the co-owner’s agent',
    });
    expect(answer.status).toBe(200);
    expect(await suggestionFor(event)).toMatchObject({
      decision: 'SKIP_THIS_TIME',
      instruction: { scope: 'family', target: family, reason: 'Renewed by the co-owner’s agent' },
    });

    const own = await put({ scope: 'patent', target: event.patent.id, instruction: 'review' });
    expect(own.status).toBe(200);
    expect(await suggestionFor(event)).toMatchObject({
      decision: null,
      instruction: { scope: 'patent', instruction: 'review' },
    });
    // The patent page shows both: its own and its family's.
    const shown = await list(`patentId=${event.patent.id}&family=${encodeURIComponent(family)}`);
    expect(shown.map((instruction) => instruction.scope).sort()).toEqual(['family', 'patent']);

    // Cleared (audited), the family's applies again; a second clear finds nothing.
    const ownId = (own.body.instruction as StandingInstruction).id;
    expect((await clear(ownId)).status).toBe(200);
    expect(await suggestionFor(event)).toMatchObject({
      decision: 'SKIP_THIS_TIME',
      instruction: { scope: 'family' },
    });
    const [audited] = await up.app.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'standing_instructions.clear'));
    expect(audited?.target).toBe(`patent:${event.patent.id}`);
    expect((await clear(ownId)).status).toBe(404);
  });

  it('refuses a skip without its reason with a 400 naming the field', async () => {
    const event = openEvent('SKIP_THIS_TIME');
    const answer = await put({ scope: 'patent', target: event.patent.id, instruction: 'skip' });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual([expect.objectContaining({ field: 'reason' })]);
    expect(await list(`patentId=${event.patent.id}`)).toEqual([]);
  });

  it('lets finance read but not set or clear', async () => {
    const event = openEvent('PROCEED');
    const refused = await put({ scope: 'patent', target: event.patent.id, instruction: 'renew' }, finance);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('forbidden_for_role');
    const set = await put({ scope: 'patent', target: event.patent.id, instruction: 'renew' });
    const id = (set.body.instruction as StandingInstruction).id;
    expect((await clear(id, finance)).status).toBe(403);
    expect(await list(`patentId=${event.patent.id}`, finance)).toHaveLength(1);
  });
});
