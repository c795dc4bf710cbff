import Big from 'big.js';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { listAll } from '@/lib/annuity/pagination';
import type { Patent, PatentEvent } from '@/lib/annuity/schemas';
import { auditLog } from '@/lib/db/schema';
import { forecastWindow } from '@/lib/forecast/window';
import { addMonths, currentYearMonth } from '@/lib/format/dates';
import type { RenewalRow } from '@/lib/renewals/rows';
import { upstreamClient } from '@/lib/server/connection/upstream';
import { refreshForecast } from '@/lib/server/forecast/refresh';
import { allSnapshotPatents, refreshSnapshot } from '@/lib/server/portfolio/snapshot';
import { keepScoresOf } from '@/lib/server/signals/keep-scores';
import { loadSignals } from '@/lib/server/signals/signals';
import { refreshMonths } from '@/lib/server/sync/after-write';
import { keepSentence } from '@/lib/signals/keep-score';
import type { RenewalSignals } from '@/lib/signals/signals';
import type { ImportMatch, ImportMiss } from '@/lib/signals/tags';
import { jsonRequest } from './app-harness';
import { setUpSandboxApp } from './sandbox-app';

/**
 * The signals beside a renewal, end to end through GET /api/signals: every figure is checked against
 * the stand-in service's own patents and estimates, read here independently, after a DROP on one
 * member of a family. The route reads only our copy: it makes no upstream call.
 */
const CURRENT = currentYearMonth();
const TENANT = 'signals';
const TODAY = new Date().toISOString().slice(0, 10);

const app = setUpSandboxApp({
  tenant: { name: TENANT, patents: 300, seed: 2911 },
  scopes: ['patents:read', 'patents:instructions:write', 'invoices:read'],
  dailyLimit: 100_000,
});

let patents: Patent[];
let dropped: PatentEvent;
let subject: Patent;
let family: Patent[];
let ahead: PatentEvent[];

const periodEvents = async (from: string, to: string) =>
  (
    await listAll<PatentEvent>((currentPage, itemsPerPage) =>
      app.service.getPatentEventsByPeriod({
        dueFrom: from,
        dueTo: to,
        include: ['fees'],
        eventTypes: ['RENEWAL'],
        currentPage,
        itemsPerPage,
      }),
    )
  ).items;

async function signalsOf(query: string, cookie = app.cookies.paralegal) {
  const { GET } = await import('@/app/api/signals/route');
  const response = await GET(jsonRequest(`/api/signals?${query}`, { cookie }));
  return {
    status: response.status,
    body: (await response.json()) as { signals: RenewalSignals } & Record<string, unknown>,
  };
}

beforeAll(async () => {
  await refreshSnapshot(upstreamClient('signals-test'), 'signals-test');
  patents = await allSnapshotPatents();
  // A family of three or more with a renewal open for DROP this month (spec: Instruction rules).
  // Renewals of this month and the next two are open (spec: opensAt, two months before the due month).
  const thisMonth = await periodEvents(`${CURRENT}-01`, `${addMonths(CURRENT, 2)}-28`);
  const byFamily = new Map<string, Patent[]>();
  for (const patent of patents) {
    if (!patent.clientFamilyReference) continue;
    byFamily.set(patent.clientFamilyReference, [
      ...(byFamily.get(patent.clientFamilyReference) ?? []),
      patent,
    ]);
  }
  const span = forecastWindow(CURRENT, 24);
  ahead = await periodEvents(span.from, span.to);
  const hasRenewalAhead = (patent: Patent) =>
    ahead.some((event) => event.patent.id === patent.id && event.dueDate > `${addMonths(CURRENT, 2)}-28`);
  const candidate = thisMonth.find((event) => {
    const patent = patents.find((item) => item.id === event.patent.id);
    const members = patent?.clientFamilyReference ? (byFamily.get(patent.clientFamilyReference) ?? []) : [];
    return (
      members.length >= 3 &&
      members.some((member) => member.id !== event.patent.id && hasRenewalAhead(member)) &&
      event.instructability?.isAllowed &&
      event.instructability.allowedDecisions.includes('DROP')
    );
  });
  if (!candidate) {
    throw new Error(
      `no family with a renewal open for DROP in the next three months in the test tenant (${thisMonth.length} renewals, ${
        thisMonth.filter((event) => event.instructability?.allowedDecisions.includes('DROP')).length
      } open for DROP, ${[...byFamily.values()].filter((members) => members.length >= 3).length} families of 3+)`,
    );
  }
  dropped = candidate;
  const reference = patents.find((item) => item.id === candidate.patent.id)?.clientFamilyReference as string;
  family = byFamily.get(reference) ?? [];
  subject = family.find((item) => item.id !== candidate.patent.id && hasRenewalAhead(item)) as Patent;
  await app.service.postPatentInstructions({ instructions: [{ eventId: candidate.id, decision: 'DROP' }] });
  await refreshMonths([dropped.dueDate.slice(0, 7)], 'signals-test');
  const result = await refreshForecast(app.harness.database.db, {
    now: new Date(),
    requestId: crypto.randomUUID(),
  });
  expect(result.status).toBe('done');
}, 240_000);

describe('signals beside a renewal', () => {
  it('show the family with its offices, how many are still kept, and the DROP just taken', async () => {
    const { status, body } = await signalsOf(`patentId=${subject.id}`);
    expect(status).toBe(200);
    const expectedKept = family.filter((member) => {
      if (member.id === dropped.patent.id || member.status === 'LAPSED') return false;
      if (member.lapseDate && member.lapseDate <= TODAY) return false;
      const end = member.extendedExpirationDate ?? member.expirationDate;
      return !(end && end < TODAY);
    }).length;
    expect(body.signals.family).toMatchObject({
      reference: subject.clientFamilyReference,
      members: family.length,
      kept: expectedKept,
    });
    expect(body.signals.family?.offices.map((office) => office.office).sort()).toEqual(
      family.map((member) => member.office).sort(),
    );
    expect(body.signals.family?.offices.find((office) => office.patentId === dropped.patent.id)?.kept).toBe(
      false,
    );
    expect(body.signals.decisions).toContainEqual(
      expect.objectContaining({ patentId: dropped.patent.id, decision: 'DROP', dueDate: dropped.dueDate }),
    );
  });

  it('give the term left to the extended expiry and the cost to keep per currency from the forecast', async () => {
    const { body } = await signalsOf(`patentId=${subject.id}`);
    const end = subject.extendedExpirationDate ?? subject.expirationDate;
    expect(body.signals.term?.expiry).toBe(end);
    expect(body.signals.term?.extended).toBe(subject.extendedExpirationDate !== null);

    const span = forecastWindow(CURRENT, 24);
    const remaining = ahead.filter(
      (event) =>
        event.patent.id === subject.id &&
        event.dueDate >= TODAY &&
        event.appliedDecision !== 'DROP' &&
        event.appliedDecision !== 'SKIP_THIS_TIME',
    );
    const expected = new Map<string, Big>();
    for (const event of remaining) {
      if (!event.fees?.total) continue;
      expected.set(
        event.fees.currency,
        (expected.get(event.fees.currency) ?? new Big(0)).plus(event.fees.total),
      );
    }
    expect(expected.size).toBeGreaterThan(0);
    expect(Object.fromEntries(body.signals.costToExpiry.map((line) => [line.currency, line.total]))).toEqual(
      Object.fromEntries([...expected].map(([currency, sum]) => [currency, sum.toFixed(2)])),
    );
    expect(body.signals.forecastTo).toBe(span.to);
  });

  it('stand beside the renewal named, with its annuity year, and cost no upstream call', async () => {
    const before = (await app.sandbox.operator.getUsage(TENANT)).operations;
    const { body } = await signalsOf(
      `patentId=${dropped.patent.id}&eventId=${dropped.id}`,
      app.cookies.finance,
    );
    expect(body.signals).toMatchObject({
      eventId: dropped.id,
      annuityYear: dropped.renewal?.annuityYear,
      dueDate: dropped.dueDate,
      // A dropped patent has nothing left to pay (spec: Instruction rules, DROP).
      costToExpiry: [],
    });
    expect((await app.sandbox.operator.getUsage(TENANT)).operations).toEqual(before);
  });

  it('answer 400 naming a patent id that is not one, and 403 to a role that does not read renewals', async () => {
    const bad = await signalsOf('patentId=nope');
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([expect.objectContaining({ field: 'patentId' })]);
    expect((await signalsOf(`patentId=${subject.id}`, app.cookies.admin)).status).toBe(403);
  });
});

async function send(path: string, method: string, body: unknown, cookie = app.cookies.paralegal) {
  const module = (await import(`@/app/api${path}/route`)) as Record<
    string,
    (request: Request) => Promise<Response>
  >;
  const handler = module[method] as (request: Request) => Promise<Response>;
  const response = await handler(jsonRequest(`/api${path}`, { method, cookie, body }));
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const audited = (action: string, target: string) =>
  app.harness.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.target, target)));

describe('tags and notes', () => {
  it('are set on a selection at once, audited, and shown with the family’s among the signals', async () => {
    const other = family.find((member) => member.id !== subject.id) as Patent;
    const set = await send('/tags', 'POST', {
      scope: 'patent',
      targets: [subject.id, other.id],
      add: ['Core '],
    });
    expect(set.status).toBe(200);
    expect(set.body.targets).toEqual([
      { scope: 'patent', target: subject.id, tags: ['core'] },
      { scope: 'patent', target: other.id, tags: ['core'] },
    ]);
    const [entry] = await audited('tags.set', 'patent:2 targets');
    expect(entry?.actorEmail).toBe(app.harness.users.paralegal.email);
    expect(entry?.details).toMatchObject({ targets: [subject.id, other.id], added: ['core'] });

    const reference = subject.clientFamilyReference as string;
    expect(
      (await send('/tags', 'POST', { scope: 'family', targets: [reference], add: ['licensed'] })).status,
    ).toBe(200);
    expect((await signalsOf(`patentId=${subject.id}`)).body.signals.tags).toEqual(['core', 'licensed']);

    // Filterable: the family's tag reaches every member of the family.
    const { GET } = await import('@/app/api/tags/route');
    const tagged = (await (
      await GET(jsonRequest('/api/tags?tag=Licensed', { cookie: app.cookies.finance }))
    ).json()) as { patentIds: string[] };
    expect(tagged.patentIds).toEqual(family.map((member) => member.id).sort());
    // The portfolio table filters on it too (its address, its export and its saved views carry `tag`).
    const portfolio = await import('@/app/api/portfolio/route');
    const page = (await (
      await portfolio.GET(
        jsonRequest('/api/portfolio?tag=licensed&size=100', { cookie: app.cookies.finance }),
      )
    ).json()) as { data: Patent[]; pagination: { totalItems: number } };
    expect(page.pagination.totalItems).toBe(family.length);
    expect(page.data.map((patent) => patent.id).sort()).toEqual(family.map((member) => member.id).sort());

    // Removing takes it off this patent only.
    const removed = await send('/tags', 'POST', { scope: 'patent', targets: [other.id], remove: ['core'] });
    expect(removed.body.targets).toEqual([{ scope: 'patent', target: other.id, tags: [] }]);
  });

  it('refuse a tag that is not one (400 naming it), a patent named by anything but its id, and finance', async () => {
    const bad = await send('/tags', 'POST', { scope: 'patent', targets: [subject.id], add: ['<b>'] });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([expect.objectContaining({ field: 'add.0' })]);
    const notId = await send('/tags', 'POST', { scope: 'patent', targets: ['ACME-1'], add: ['core'] });
    expect(notId.status).toBe(400);
    expect(notId.body.errors).toEqual([expect.objectContaining({ field: 'targets.0' })]);
    expect(
      (
        await send(
          '/tags',
          'POST',
          { scope: 'patent', targets: [subject.id], add: ['x'] },
          app.cookies.finance,
        )
      ).status,
    ).toBe(403);
  });

  it('a note is set and cleared, audited with the note it replaced', async () => {
    const target = { scope: 'patent', target: subject.id };
    expect((await send('/notes', 'PUT', { ...target, note: 'Licensed to Foo until 2030' })).body).toEqual({
      note: 'Licensed to Foo until 2030',
    });
    expect((await send('/notes', 'PUT', { ...target, note: '' }, app.cookies.manager)).body).toEqual({
      note: null,
    });
    const entries = await audited('notes.set', `patent:${subject.id}`);
    expect(entries.map((entry) => entry.details)).toEqual([
      { before: null, after: 'Licensed to Foo until 2030' },
      { before: 'Licensed to Foo until 2030', after: null },
    ]);
  });

  it('a CSV import is previewed with what did not match, then applied and audited', async () => {
    const byProvider = patents.find((patent) => patent.providerId) as Patent;
    const byCase = patents.find(
      (patent) => patent.clientCaseReference && patent.id !== byProvider.id,
    ) as Patent;
    const csv = [
      'providerId;caseReference;tags;note',
      `${byProvider.providerId};;Product A|litigation;`,
      `;${byCase.clientCaseReference};product a;Watch`,
      ';NO-SUCH-CASE;core;',
    ].join('\n');
    const preview = await send('/tags/import', 'POST', { csv });
    expect(preview.status).toBe(200);
    const matched = preview.body.matched as ImportMatch[];
    expect(matched.map((match) => [match.line, match.matchedBy, match.tags])).toEqual([
      [2, 'providerId', ['litigation', 'product a']],
      [3, 'caseReference', ['product a']],
    ]);
    expect(matched[0]?.patentIds).toContain(byProvider.id);
    expect(preview.body.unmatched as ImportMiss[]).toEqual([
      { line: 4, key: 'NO-SUCH-CASE', reason: 'no patent has this provider id or case reference' },
    ]);
    expect(preview.body.applied).toBe(false);
    // A preview writes nothing.
    expect((await signalsOf(`patentId=${byProvider.id}`)).body.signals.tags).not.toContain('litigation');

    const applied = await send('/tags/import', 'POST', { csv, apply: true }, app.cookies.manager);
    expect(applied.body.applied).toBe(true);
    expect((await signalsOf(`patentId=${byProvider.id}`)).body.signals.tags).toEqual(
      expect.arrayContaining(['litigation', 'product a']),
    );
    const [entry] = await app.harness.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'tags.import'));
    expect(entry?.details).toMatchObject({ rows: 3, matchedLines: 2, unmatchedLines: [4] });

    const badHeader = await send('/tags/import', 'POST', { csv: 'name,colour\nx,y' });
    expect(badHeader.status).toBe(400);
    expect(badHeader.body.errors).toEqual([
      expect.objectContaining({
        field: 'csv',
        message: 'the file needs a "providerId" or "caseReference" column',
      }),
    ]);
  });
});

describe('the keep score', () => {
  it('weighs the family’s dropped members and sums its reasons', async () => {
    const { body } = await signalsOf(`patentId=${subject.id}`);
    const { keep, family: signalled } = body.signals;
    const dropped = (signalled?.members ?? 0) - (signalled?.kept ?? 0);
    expect(dropped).toBeGreaterThan(0);
    expect(keep.reasons.find((reason) => reason.factor === 'family')?.points).toBe(
      0 - Math.round((20 * dropped) / (signalled?.members ?? 1)),
    );
    const sum = keep.reasons.reduce((total, reason) => total + reason.points, 50);
    expect(keep.score).toBe(Math.min(100, Math.max(0, sum)));
  });

  it('takes the weights only an administrator sets, audited, refusing a bad amount by name', async () => {
    const route = await import('@/app/api/admin/keep-score/route');
    const call = async (method: 'GET' | 'PUT', cookie: string, body?: unknown) => {
      const response = await route[method](jsonRequest('/api/admin/keep-score', { method, cookie, body }));
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    const current = await call('GET', app.cookies.admin);
    expect(current.body.custom).toBe(false);
    const weights = current.body.weights as Record<string, unknown>;
    expect((await call('PUT', app.cookies.manager, weights)).status).toBe(403);
    const bad = await call('PUT', app.cookies.admin, {
      ...weights,
      expensiveRenewal: [{ currency: 'EUR', amount: '2000' }],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([expect.objectContaining({ field: 'expensiveRenewal.0.amount' })]);

    // The patent the import tagged "litigation" and "product a" is protected by "litigation" (+30).
    const tagged = patents.find((patent) => patent.providerId) as Patent;
    const before = (await signalsOf(`patentId=${tagged.id}`)).body.signals.keep;
    expect(before.reasons.find((reason) => reason.factor === 'tags')?.points).toBe(30);
    const set = await call('PUT', app.cookies.admin, {
      ...weights,
      protectingTag: 50,
      protectingTags: ['Product A'],
    });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ custom: true, updatedByEmail: app.harness.users.admin.email });
    const after = (await signalsOf(`patentId=${tagged.id}`)).body.signals.keep;
    expect(after.reasons.find((reason) => reason.factor === 'tags')?.points).toBe(50);
    expect(after.protectingTags).toEqual(['product a']);
    const [entry] = await audited('keep_score.weights', 'keep_score_policy');
    expect(entry?.details).toMatchObject({ before: { protectingTag: 30 }, after: { protectingTag: 50 } });
  });
});

describe('the keep score in the month view', () => {
  const month = () => dropped.dueDate.slice(0, 7);

  it('is on every row, the same score the signals give each renewal, with no upstream call', async () => {
    const before = (await app.sandbox.operator.getUsage(TENANT)).operations;
    const { GET } = await import('@/app/api/renewals/route');
    const response = await GET(
      jsonRequest(`/api/renewals?month=${month()}`, { cookie: app.cookies.paralegal }),
    );
    expect(response.status).toBe(200);
    const { rows } = (await response.json()) as { rows: RenewalRow[] };
    expect(rows.length).toBeGreaterThan(1);
    expect((await app.sandbox.operator.getUsage(TENANT)).operations).toEqual(before);
    // The bulk path (one set of queries for the month) against the one-renewal path of the signals.
    const single = await loadSignals(rows.map((row) => ({ patentId: row.patentId, eventId: row.eventId })));
    expect(rows.map((row) => row.keepScore)).toEqual(single.map((signals) => signals.keep.score));
    const bulk = await keepScoresOf(rows, { sentences: true });
    const first = rows[0] as RenewalRow;
    expect(bulk.get(first.eventId)?.sentence).toBe(
      keepSentence(single[0] as RenewalSignals, (single[0] as RenewalSignals).keep),
    );

    // A tag set since is in the next view's score (what is kept between views follows the tags).
    const weakest = [...rows].sort((a, b) => (a.keepScore ?? 0) - (b.keepScore ?? 0))[0] as RenewalRow;
    expect(
      (await send('/tags', 'POST', { scope: 'patent', targets: [weakest.patentId], add: ['Product A'] }))
        .status,
    ).toBe(200);
    const again = (await (
      await GET(jsonRequest(`/api/renewals?month=${month()}`, { cookie: app.cookies.paralegal }))
    ).json()) as { rows: RenewalRow[] };
    const after = again.rows.find((row) => row.eventId === weakest.eventId)?.keepScore ?? 0;
    expect(after).toBeGreaterThan(weakest.keepScore ?? 0);
    const [now] = await loadSignals([{ patentId: weakest.patentId, eventId: weakest.eventId }]);
    expect(after).toBe(now?.keep.score);

    // The row carries its tags, and the view's tag filter (and its export) keeps the tagged ones only.
    const taggedRows = again.rows.filter((row) => row.tags?.includes('product a'));
    expect(taggedRows.map((row) => row.patentId)).toEqual(
      again.rows.filter((row) => row.patentId === weakest.patentId).map((row) => row.patentId),
    );
    const { GET: exportCsv } = await import('@/app/api/renewals/export/route');
    const csv = await (
      await exportCsv(
        jsonRequest(
          `/api/renewals/export?month=${month()}&format=csv&columns=caseReference&tag=product%20a`,
          {
            cookie: app.cookies.paralegal,
          },
        ),
      )
    ).text();
    expect(csv.trim().split(/\r?\n/).length - 1).toBe(taggedRows.length);
  });

  it('sorts weakest first and filters below a score in the export, and refuses a score that is not one', async () => {
    const { GET } = await import('@/app/api/renewals/export/route');
    const exported = async (query: string) =>
      GET(
        jsonRequest(`/api/renewals/export?month=${month()}&format=csv&${query}`, {
          cookie: app.cookies.finance,
        }),
      );
    const all = await (await exported('columns=caseReference&columns=keepScore&sort=keepScore')).text();
    const scores = (text: string) =>
      text
        .trim()
        .split(/\r?\n/)
        .slice(1)
        .map((line) => Number(line.split(',').at(-1)));
    const sorted = scores(all);
    expect(sorted.length).toBeGreaterThan(1);
    expect(sorted).toEqual([...sorted].sort((a, b) => a - b));
    // Scores that differ, so the filter below the highest keeps some rows and leaves some out.
    expect(new Set(sorted).size).toBeGreaterThan(1);
    const threshold = sorted.at(-1) as number;
    const below = scores(
      await (await exported(`columns=caseReference&columns=keepScore&scoreBelow=${threshold}`)).text(),
    );
    expect(below.length).toBe(sorted.filter((score) => score < threshold).length);
    expect(below.every((score) => score < threshold)).toBe(true);

    const bad = await exported('scoreBelow=abc');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { errors: unknown[] }).errors).toEqual([
      expect.objectContaining({ field: 'scoreBelow' }),
    ]);
  });
});
