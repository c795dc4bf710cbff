import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, instructionBatch, instructionBatchItem } from '@/lib/db/schema';
import { recordAudit } from '@/lib/server/audit/audit';
import { auditFilterSchema, queryAuditLog } from '@/lib/server/audit/audit-query';
import { forgetRefusalsForTests, REFUSAL_ACTION } from '@/lib/server/audit/refusals';
import { clientScopeOf } from '@/lib/server/clients/scope';
import { jsonRequest, signIn, startAppHarness } from './app-harness';

/**
 * The audit log: refusals are audited (without bodies, without flooding), the table refuses
 * UPDATE and DELETE in the database itself, and the page reads in words with an export.
 */
let harness: Awaited<ReturnType<typeof startAppHarness>>;
let adminCookie: string;
beforeAll(async () => {
  harness = await startAppHarness();
  adminCookie = await signIn(harness.users.admin.email);
});
afterAll(async () => harness?.stop());
beforeEach(() => forgetRefusalsForTests());

const refusals = (code: string) =>
  harness.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, REFUSAL_ACTION), sql`${auditLog.details}->>'code' = ${code}`));

describe('refusals', () => {
  it('401, 403 and 400 are audited with the route and code, never the body, once a minute per caller', async () => {
    const { GET, POST } = await import('@/app/api/admin/users/route');
    expect((await GET(jsonRequest('/api/admin/users'))).status).toBe(401);
    expect((await GET(jsonRequest('/api/admin/users'))).status).toBe(401);
    const unauthenticated = await refusals('unauthenticated');
    expect(unauthenticated).toHaveLength(1);
    expect(unauthenticated[0]?.target).toBe('GET /api/admin/users');
    expect(unauthenticated[0]?.outcome).toBe('failure');

    const paralegal = await signIn(harness.users.paralegal.email);
    expect((await GET(jsonRequest('/api/admin/users', { cookie: paralegal }))).status).toBe(403);
    const forbidden = await refusals('forbidden_for_role');
    expect(forbidden[0]?.actorEmail).toBe(harness.users.paralegal.email);

    const secret = 'a password that must not be logged';
    const bad = await POST(
      jsonRequest('/api/admin/users', {
        method: 'POST',
        cookie: adminCookie,
        body: { email: 'not-an-email', name: '', role: 'emperor', password: secret },
      }),
    );
    expect(bad.status).toBe(400);
    const invalid = await refusals('invalid_input');
    expect(invalid).toHaveLength(1);
    expect(JSON.stringify(invalid)).not.toContain(secret);
    expect(JSON.stringify(invalid)).not.toContain('not-an-email');
  });
});

describe('the audit table', () => {
  it('is append-only in the database: UPDATE, DELETE and TRUNCATE are refused', async () => {
    await recordAudit({ actor: null, action: 'test.entry', outcome: 'success' });
    // Drizzle wraps the database's error; the trigger's message is its cause.
    const refusal = (attempt: Promise<unknown>) =>
      attempt.then(
        () => 'allowed',
        (error: Error & { cause?: Error }) => `${error.message} ${error.cause?.message ?? ''}`,
      );
    const db = harness.database.db;
    expect(
      await refusal(db.update(auditLog).set({ outcome: 'failure' }).where(eq(auditLog.action, 'test.entry'))),
    ).toMatch(/audit_log is append-only: UPDATE refused/);
    expect(await refusal(db.delete(auditLog).where(eq(auditLog.action, 'test.entry')))).toMatch(
      /append-only: DELETE refused/,
    );
    expect(await refusal(db.execute(sql`truncate audit_log`))).toMatch(/append-only: TRUNCATE refused/);
    const [kept] = await db.select().from(auditLog).where(eq(auditLog.action, 'test.entry'));
    expect(kept?.outcome).toBe('success');
  });
});

describe('the audit page', () => {
  it('names actions in words, the patents of each decision batch, and the request id once', async () => {
    const batchId = randomUUID();
    await harness.database.db.insert(instructionBatch).values({
      id: batchId,
      idempotencyKey: randomUUID(),
      state: 'executed',
      eventCount: 2,
    });
    await harness.database.db.insert(instructionBatchItem).values([
      {
        batchId,
        position: 0,
        eventId: 'ev-1',
        patentId: 'pat-1',
        caseReference: 'EP1000001',
        decision: 'PROCEED',
        outcome: 'executed',
      },
      { batchId, position: 1, eventId: 'ev-2', patentId: 'pat-2', decision: 'DROP', outcome: 'executed' },
    ]);
    await recordAudit({
      actor: { userId: harness.users.manager.id, email: harness.users.manager.email },
      action: 'decisions.send',
      target: batchId,
      outcome: 'success',
      requestId: 'req-1',
      upstreamRequestIds: ['req-1', 'up-1', 'up-1'],
      details: { events: 2 },
    });
    const { rows } = await queryAuditLog(
      auditFilterSchema.parse({ action: 'decisions.send', actor: harness.users.manager.email }),
      await clientScopeOf(harness.users.admin.id),
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actionLabel: 'Sent renewal decisions',
      // A patent with neither case reference nor provider id is named as on every page.
      patents: ['EP1000001 PROCEED', 'Unnamed patent pat-2 DROP'],
      requestId: 'req-1',
      upstreamRequestIds: ['up-1'],
    });
  });

  it('filters by user, action and outcome, and exports the same entries as CSV', async () => {
    await recordAudit({
      actor: { userId: harness.users.finance.id, email: harness.users.finance.email },
      action: 'reconciliation.mark',
      target: '=1+1',
      outcome: 'failure',
      requestId: 'req-export',
    });
    const { GET } = await import('@/app/api/admin/audit/export/route');
    const query = new URLSearchParams({
      actor: harness.users.finance.email,
      action: 'reconciliation.mark',
      outcome: 'failure',
    });
    const answer = await GET(jsonRequest(`/api/admin/audit/export?${query}`, { cookie: adminCookie }));
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('text/csv');
    expect(answer.headers.get('content-disposition')).toMatch(/attachment; filename="audit-log-.*\.csv"/);
    const lines = (await answer.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toContain('When (UTC),Who,Action');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('Marked an invoice');
    expect(lines[1]).toContain('req-export');
    // A cell that a spreadsheet would run as a formula is defused.
    expect(lines[1]).not.toMatch(/,"?=1\+1/);

    const paralegal = await signIn(harness.users.paralegal.email);
    expect((await GET(jsonRequest('/api/admin/audit/export', { cookie: paralegal }))).status).toBe(403);
  });
});
