import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { queryRows } from './open';
import { auditLog } from './schema';
import { openTestDatabase, type TestDatabase, testDatabaseKinds } from './testing';

interface ColumnRow {
  table_name: string;
  column_name: string;
  data_type: string;
  is_nullable: string;
  column_default: string | null;
}

async function describeTables(database: TestDatabase): Promise<ColumnRow[]> {
  return queryRows<ColumnRow>(
    database.db,
    sql`
    select table_name, column_name, data_type, is_nullable, column_default
    from information_schema.columns
    where table_schema = 'public'
    order by table_name, column_name`,
  );
}

const opened: TestDatabase[] = [];
afterAll(async () => {
  await Promise.all(opened.map((database) => database.dispose()));
});

// Thirteen migrations on a fresh PGlite (initdb included) take 25 s alone on a busy 2-core machine.
describe('migrations', { timeout: 120_000 }, () => {
  const shapes = new Map<string, ColumnRow[]>();

  for (const kind of testDatabaseKinds) {
    it(`create the schema on ${kind} and the app can write and read it`, async () => {
      const database = await openTestDatabase(kind);
      opened.push(database);
      const columns = await describeTables(database);
      expect(
        columns.some((c) => c.table_name === 'audit_log' && c.column_name === 'upstream_request_ids'),
      ).toBe(true);
      shapes.set(kind, columns);

      await database.db
        .insert(auditLog)
        .values({ action: 'test.write', outcome: 'success', details: { n: 1 } });
      const rows = await database.db.select().from(auditLog);
      expect(rows).toHaveLength(1);
      expect(rows[0]?.details).toEqual({ n: 1 });
      expect(rows[0]?.upstreamRequestIds).toEqual([]);
    });
  }

  // Registered only when both drivers ran; the global setup says so when PostgreSQL did not.
  if (testDatabaseKinds.includes('postgres')) {
    it('produce the same tables on PGlite and PostgreSQL', () => {
      expect(shapes.get('pglite')?.length).toBeGreaterThan(0);
      expect(shapes.get('postgres')).toEqual(shapes.get('pglite'));
    });
  }
});
