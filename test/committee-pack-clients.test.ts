import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { PatentEvent } from '@/lib/annuity/schemas';
import { syncEvent } from '@/lib/db/schema';
import { clientScopeOf } from '@/lib/server/clients/scope';
import { DEFAULT_CONNECTION } from '@/lib/server/connection/default-connection';
import { placeHolds } from '@/lib/server/reviews/holds';
import { jsonRequest } from './app-harness';
import { setUpTwoClients } from './client-grants';

/**
 * The committee pack of a user of two clients (spec: Authentication 1 and rule 2, each client's
 * data its own): one renewal of each under review, read from each client's copy; the pack's rows
 * say whose each one is, and a user who chose one client in the header gets that client's alone,
 * without the column.
 */
const SECOND = 'northwind-labs';
// The stand-in's day is fixed; a hold is placed on the day its renewal falls due (placeHolds is
// given that day as its clock), so nothing here reads today's date.
const app = setUpTwoClients({
  first: { patents: 12, seed: 3 },
  second: { patents: 12, seed: 9 },
  secondClient: 'Northwind Labs',
  sync: true,
  today: '2026-12-15',
});

async function undecidedOf(connection: string): Promise<PatentEvent> {
  const rows = await app.harness.database.db
    .select({ connection: syncEvent.connection, body: syncEvent.body })
    .from(syncEvent);
  const event = rows
    .filter((row) => row.connection === connection)
    .map((row) => JSON.parse(row.body) as PatentEvent)
    .find((candidate) => candidate.appliedDecision === null);
  if (!event) throw new Error(`no undecided renewal in ${connection}'s copy`);
  return event;
}

async function packRows(cookie: string): Promise<unknown[][]> {
  const { GET } = await import('@/app/api/reviews/pack/route');
  const response = await GET(jsonRequest('/api/reviews/pack?format=xlsx', { cookie }));
  expect(response.status).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(await response.arrayBuffer()) as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0] as ExcelJS.Worksheet;
  return (sheet.getSheetValues().filter(Boolean) as unknown[][]).map((row) => row.slice(1));
}

describe('the committee pack of several clients', () => {
  it('names the client of each renewal when it mixes clients, and not for one client', async () => {
    const manager = app.harness.users.manager;
    for (const connection of [DEFAULT_CONNECTION, SECOND]) {
      const event = await undecidedOf(connection);
      await placeHolds(
        { userId: manager.id, email: manager.email },
        {
          eventIds: [event.id],
          ownerUserId: manager.id,
          reviewBy: event.dueDate,
          askedDecision: 'undecided',
        },
        'pack-clients',
        new Date(`${event.dueDate}T00:00:00Z`),
        [connection],
      );
    }
    const mixed = await packRows(app.cookies.manager);
    expect(mixed[0]?.[0]).toBe('Client');
    expect(
      mixed
        .slice(1)
        .map((row) => row[0])
        .sort(),
    ).toEqual((await clientScopeOf(manager.id)).clients.map((client) => client.name).sort());
    expect(mixed.slice(1).map((row) => row[0])).toContain('Northwind Labs');

    const one = await packRows(`${app.cookies.manager}; ac_client=${SECOND}`);
    expect(one[0]?.[0]).toBe('Case reference');
    expect(one).toHaveLength(2);
  });
});
