import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { queryRows } from '@/lib/db/open';
import { openTestDatabase, testDatabaseKinds } from '@/lib/db/testing';

/**
 * A PostgreSQL server closes connections now and then (a restart, a failover, an administrator's
 * command). The dashboard's pool must outlive that: node-postgres throws an idle connection's
 * error as uncaught when the pool has no listener, which ends the dashboard or the worker.
 */
// Only PostgreSQL closes connections under the pool (PGlite runs inside the process): reported as
// skipped, never as passed, where no PostgreSQL answers (DATABASE_URL unset).
describe.skipIf(!testDatabaseKinds.includes('postgres'))('the database pool, on postgres', () => {
  it('outlives the server closing its idle connection, and reconnects for the next query', async () => {
    const database = await openTestDatabase('postgres');
    try {
      const [backend] = await queryRows<{ pid: number }>(database.db, sql`select pg_backend_pid() as pid`);
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      try {
        const ended = await admin.query('select pg_terminate_backend($1) as ended', [backend?.pid]);
        expect(ended.rows[0]?.ended).toBe(true);
      } finally {
        await admin.end();
      }
      // The closed connection's error reaches the pool while it is idle there.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const [row] = await queryRows<{ one: number }>(database.db, sql`select 1 as one`);
      expect(row?.one).toBe(1);
    } finally {
      await database.dispose();
    }
  });
});
