import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AnnuityClient } from '@/lib/annuity/client';
import {
  auditLog,
  dropSaving,
  instructionBatch,
  instructionBatchItem,
  standingInstruction,
} from '@/lib/db/schema';
import { recordAudit } from '@/lib/server/audit/audit';
import { auditFilterSchema, queryAuditLog } from '@/lib/server/audit/audit-query';
import { clientScopeOf } from '@/lib/server/clients/scope';
import { DEFAULT_CONNECTION } from '@/lib/server/connection/default-connection';
import { loadSavings } from '@/lib/server/decisions/drop-savings';
import { loadManagerSection } from '@/lib/server/today/manager';
import { jsonRequest } from './app-harness';
import { setUpTwoClients } from './client-grants';

/**
 * Records kept in our own database about one client's patents stay that client's (spec: rule 2),
 * for users granted only the other client: the audit log and its export, standing instructions,
 * and what DROPs saved (Today and Scenarios). The paralegal, the manager and the administrator
 * work for the second client only; finance works for every client.
 */

const SECOND = 'second';
const TODAY = '2026-03-15';
const NOW = new Date(`${TODAY}T10:00:00Z`);
const app = setUpTwoClients({
  first: { patents: 30, seed: 41 },
  second: { patents: 30, seed: 42 },
  secondClient: 'Second',
  sync: true,
  today: TODAY,
  // The administrator grants itself last: it grants the others first.
  grants: { paralegal: [SECOND], manager: [SECOND], admin: [SECOND] },
});

/** A patent of each client, as its own service lists it. */
const patents = { first: '', second: '' };
/** What an entry of the first client's names: a user of the second must never read it. */
const FIRST_CASE = 'FIRST-CASE-4711';
const LEGACY_CASE = 'LEGACY-CASE-0815';

async function firstPatentOf(service: AnnuityClient): Promise<string> {
  const { data } = await service.getPatents({ itemsPerPage: 10 });
  return data.data[0]?.id as string;
}

/** The paralegal (of the second client) notes a patent. */
async function noteAsParalegal(target: string, note: string): Promise<Response> {
  const { PUT } = await import('@/app/api/notes/route');
  return PUT(
    jsonRequest('/api/notes', {
      method: 'PUT',
      cookie: app.cookies.paralegal,
      body: { scope: 'patent', target, note },
    }),
  );
}

beforeAll(async () => {
  patents.first = await firstPatentOf(app.services.first);
  patents.second = await firstPatentOf(app.services.second);
});

describe('the audit log of an administrator granted the second client only', () => {
  it('shows their client’s entries and what concerns no client, never the first client’s', async () => {
    const actor = { userId: app.harness.users.manager.id, email: app.harness.users.manager.email };
    await recordAudit({
      actor,
      action: 'decisions.send',
      target: randomUUID(),
      connection: DEFAULT_CONNECTION,
      outcome: 'success',
      requestId: 'first-send',
      details: { patentId: patents.first, caseReference: FIRST_CASE },
    });
    // Written before entries recorded their client: it may name any client's patents.
    await recordAudit({
      actor,
      action: 'tags.set',
      target: `patent:${patents.first}`,
      outcome: 'success',
      requestId: 'legacy-tags',
      details: { caseReference: LEGACY_CASE },
    });
    await recordAudit({ actor, action: 'auth.sign_in', outcome: 'success', requestId: 'sign-in' });
    // A real write of the second client's records its client.
    const noted = await noteAsParalegal(patents.second, 'Second client’s note');
    expect(noted.status, await noted.clone().text()).toBe(200);

    const { GET } = await import('@/app/api/admin/audit/export/route');
    const exported = await GET(jsonRequest('/api/admin/audit/export', { cookie: app.cookies.admin }));
    expect(exported.status).toBe(200);
    const csv = await exported.text();
    expect(csv).not.toContain(patents.first);
    expect(csv).not.toContain(FIRST_CASE);
    expect(csv).not.toContain(LEGACY_CASE);
    expect(csv).toContain('Changed a note');
    expect(csv).toContain('Signed in');
    // One client: no Client column, as on every page of a single-client user.
    expect(csv.split('\r\n')[0]).toMatch(/^(\uFEFF)?When \(UTC\)/);
    // The first client named as a filter does not exist for them.
    const other = await GET(
      jsonRequest(`/api/admin/audit/export?client=${DEFAULT_CONNECTION}`, { cookie: app.cookies.admin }),
    );
    expect(other.status).toBe(404);

    const page = await queryAuditLog(
      auditFilterSchema.parse({}),
      await clientScopeOf(app.harness.users.admin.id),
    );
    expect(page.rows.map((row) => row.requestId).sort()).toEqual(
      expect.arrayContaining(['sign-in', noted.headers.get('x-request-id')]),
    );
    expect(page.rows.map((row) => row.requestId)).not.toContain('first-send');
    expect(page.rows.map((row) => row.requestId)).not.toContain('legacy-tags');
    // With their client chosen in the header, what concerns no client is still there.
    const chosen = await queryAuditLog(
      auditFilterSchema.parse({}),
      await clientScopeOf(app.harness.users.admin.id, SECOND),
    );
    expect(chosen.rows.map((row) => row.requestId)).toEqual(
      expect.arrayContaining(['sign-in', noted.headers.get('x-request-id')]),
    );
    expect(chosen.rows.map((row) => row.requestId)).not.toContain('first-send');
    expect(chosen.rows.map((row) => row.requestId)).not.toContain('legacy-tags');
    // The entry records its client.
    const [written] = await app.harness.database.db
      .select({ connection: auditLog.connection })
      .from(auditLog)
      .where(eq(auditLog.action, 'notes.set'));
    expect(written?.connection).toBe(SECOND);
  });

  it('gives a user of every client every entry, a Client column and a client filter', async () => {
    const everyClient = await clientScopeOf(app.harness.users.finance.id);
    expect(everyClient.allClients).toBe(true);
    const all = await queryAuditLog(auditFilterSchema.parse({}), everyClient);
    const byRequest = new Map(all.rows.map((row) => [row.requestId, row]));
    expect(byRequest.get('first-send')?.client).toBe('Default client');
    expect(byRequest.get('legacy-tags')?.client).toBeNull();
    const second = await queryAuditLog(auditFilterSchema.parse({ client: SECOND }), everyClient);
    expect(second.rows.length).toBeGreaterThan(0);
    expect(second.rows.every((row) => row.client === 'Second')).toBe(true);

    const { auditLogCsv } = await import('@/lib/server/audit/audit-export');
    const csv = await (await auditLogCsv(auditFilterSchema.parse({ client: SECOND }), everyClient)).text();
    expect(csv.split('\r\n')[0]).toMatch(/^(\uFEFF)?Client,When \(UTC\)/);
    expect(csv).not.toContain(FIRST_CASE);
  });
});

describe('standing instructions of a paralegal granted the second client only', () => {
  const put = async (target: string) => {
    const { PUT } = await import('@/app/api/standing-instructions/route');
    return PUT(
      jsonRequest('/api/standing-instructions', {
        method: 'PUT',
        cookie: app.cookies.paralegal,
        body: { scope: 'patent', target, instruction: 'renew' },
      }),
    );
  };

  it('are not found on the first client’s patent, as its tags and notes are', async () => {
    expect((await put(patents.first)).status).toBe(404);
    expect((await noteAsParalegal(patents.first, 'x')).status).toBe(404);
    const { GET } = await import('@/app/api/standing-instructions/route');
    const listed = await GET(
      jsonRequest(`/api/standing-instructions?patentId=${patents.first}`, { cookie: app.cookies.paralegal }),
    );
    expect(listed.status).toBe(404);

    // One kept under their client but naming the first client's patent cannot be cleared by them.
    const [stray] = await app.harness.database.db
      .insert(standingInstruction)
      .values({
        connection: SECOND,
        scope: 'patent',
        target: patents.first,
        instruction: 'renew',
        setByEmail: 'someone@example.com',
        setAt: NOW,
      })
      .returning({ id: standingInstruction.id });
    const { DELETE } = await import('@/app/api/standing-instructions/[id]/route');
    const cleared = await DELETE(
      jsonRequest(`/api/standing-instructions/${stray?.id}`, {
        method: 'DELETE',
        cookie: app.cookies.paralegal,
      }),
      { params: Promise.resolve({ id: stray?.id as string }) },
    );
    expect(cleared.status).toBe(404);
  });

  it('are set, listed and cleared on their own client’s patent', async () => {
    const set = await put(patents.second);
    expect(set.status, await set.clone().text()).toBe(200);
    const { instruction } = (await set.json()) as { instruction: { id: string; connection: string } };
    expect(instruction.connection).toBe(SECOND);
    const { GET } = await import('@/app/api/standing-instructions/route');
    const listed = await GET(
      jsonRequest(`/api/standing-instructions?patentId=${patents.second}`, { cookie: app.cookies.paralegal }),
    );
    expect(((await listed.json()) as { instructions: { id: string }[] }).instructions).toEqual([
      expect.objectContaining({ id: instruction.id }),
    ]);
    const { DELETE } = await import('@/app/api/standing-instructions/[id]/route');
    const cleared = await DELETE(
      jsonRequest(`/api/standing-instructions/${instruction.id}`, {
        method: 'DELETE',
        cookie: app.cookies.paralegal,
      }),
      { params: Promise.resolve({ id: instruction.id }) },
    );
    expect(cleared.status).toBe(200);
  });
});

describe('what DROPs saved, for a manager granted the second client only', () => {
  /** One executed DROP of a client's, sparing one renewal due in 2026 at this amount in EUR. */
  async function executedDrop(connection: string, amount: string): Promise<void> {
    const db = app.harness.database.db;
    const [batch] = await db
      .insert(instructionBatch)
      .values({ connection, idempotencyKey: randomUUID(), state: 'executed', eventCount: 1 })
      .returning({ id: instructionBatch.id });
    const batchId = batch?.id as string;
    const eventId = `drop-${connection}`;
    await db.insert(instructionBatchItem).values({
      batchId,
      position: 0,
      eventId,
      patentId: `patent-${connection}`,
      decision: 'DROP',
      dueDate: '2026-09-30',
      outcome: 'executed',
    });
    await db.insert(dropSaving).values({
      batchId,
      eventId,
      sparedEventId: eventId,
      patentId: `patent-${connection}`,
      dueDate: '2026-09-30',
      currency: 'EUR',
      amount,
    });
  }

  it('counts their client’s DROPs only, on Today and on Scenarios', async () => {
    await executedDrop(DEFAULT_CONNECTION, '241.16');
    await executedDrop(SECOND, '100.00');
    const scope = await clientScopeOf(app.harness.users.manager.id);
    expect(scope.connections).toEqual([SECOND]);

    // Scenarios' "Saved by DROPs so far".
    const saved = await loadSavings(scope.connections);
    expect(saved.patents).toBe(1);
    expect(saved.years).toEqual([
      { year: 2026, totals: [expect.objectContaining({ currency: 'EUR', total: '100.00' })] },
    ]);

    // Today's "Saved by DROPs".
    const today = await loadManagerSection({
      buckets: null,
      rows: null,
      windows: [],
      invoices: null,
      today: TODAY,
      now: NOW,
      requestId: 'savings-today',
      clients: { connections: scope.connections, labelOf: () => undefined },
    });
    expect(today.savings).toEqual([
      { year: 2026, totals: [expect.objectContaining({ currency: 'EUR', total: '100.00' })] },
    ]);
  });
});
