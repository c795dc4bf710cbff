import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type DatabaseHandle, openDatabase, openPgliteClient } from './open';

export type TestDatabaseKind = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL too when DATABASE_URL names a server (CI sets it). */
export const testDatabaseKinds: TestDatabaseKind[] = process.env.DATABASE_URL
  ? ['pglite', 'postgres']
  : ['pglite'];

export interface TestDatabase extends DatabaseHandle {
  /** Closes the handle and removes what the test created (the whole PostgreSQL database). */
  dispose(): Promise<void>;
}

/**
 * A fresh, migrated database for one test file: an in-memory PGlite, or a new PostgreSQL database
 * with a random name on the DATABASE_URL server, so parallel runs never see each other's rows.
 */
export async function openTestDatabase(kind: TestDatabaseKind): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const { dump: _dump, ...handle } = await openPgliteClient({
      dataDir: null,
      loadDataDir: await migratedTemplate(),
    });
    await backdateMigratedRows(handle);
    return { ...handle, dispose: handle.close };
  }
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) throw new Error('openTestDatabase("postgres") needs DATABASE_URL');
  const name = `annuity_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await withAdminClient(serverUrl, (client) => client.query(`create database "${name}"`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: 'postgres', url: url.toString() });
  await backdateMigratedRows(handle);
  return {
    ...handle,
    dispose: async () => {
      await handle.close();
      await withAdminClient(serverUrl, (client) =>
        client.query(`drop database if exists "${name}" with (force)`),
      );
    },
  };
}

/**
 * The rows the migrations insert (the default client) date from before anything a test does, as
 * they do in a real database, migrated before it is used. Tests run on a pinned clock
 * (test/pinned-clock.mjs) while the migrated template, or a PostgreSQL server's now(), may be
 * later: a default client stamped after the clients a test adds would no longer be the oldest.
 */
async function backdateMigratedRows(handle: DatabaseHandle): Promise<void> {
  await handle.db.execute(
    sql`update client_connection set created_at = '2000-01-01T00:00:00Z' where id = 'default'`,
  );
}

async function withAdminClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/**
 * A dump of a freshly migrated PGlite, made once for every test process of a run and kept in the
 * temporary directory under a hash of the migrations and PGlite's version: creating a cluster is
 * most of the time of opening one (seconds each, for every test file), loading a dump a fraction.
 * A changed migration makes a new dump; two processes making it at once each write their own file
 * and rename it into place, so none ever reads half of one.
 */
async function migratedTemplate(): Promise<Blob> {
  const folder = path.join(process.cwd(), 'lib/db/migrations');
  const hash = createHash('sha256');
  for (const name of readdirSync(folder, { recursive: true }).map(String).sort()) {
    const full = path.join(folder, name);
    if (!statSync(full).isFile()) continue;
    hash.update(name);
    hash.update(readFileSync(full));
  }
  const pgliteVersion = JSON.parse(
    readFileSync(path.join(process.cwd(), 'node_modules/@electric-sql/pglite/package.json'), 'utf8'),
  ) as { version: string };
  hash.update(pgliteVersion.version);
  const file = path.join(os.tmpdir(), `annuity-pglite-migrated-${hash.digest('hex').slice(0, 20)}.tar`);
  if (!existsSync(file)) {
    const fresh = await openPgliteClient({ dataDir: null });
    try {
      const dump = Buffer.from(await (await fresh.dump()).arrayBuffer());
      const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
      writeFileSync(partial, dump);
      renameSync(partial, file);
    } finally {
      await fresh.close();
    }
  }
  return new Blob([readFileSync(file)]);
}
