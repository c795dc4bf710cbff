import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { asc } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { Decision, KnownInvoiceOrigin, KnownProcessingStatus } from '../../lib/annuity/schemas';
import type { InvoiceData } from '../domain/model';
import type { InstructionBatch } from '../domain/mutations';
import * as schema from './schema';
import { emptyMutations, type SandboxStore, type StoredData, type TenantMutations } from './store';

type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * PGlite in its own data dir (one process per dir: stack-notes) — the default — or PostgreSQL
 * with SANDBOX_DATABASE_URL. Same schema, same migrations, same queries on both drivers.
 */
export async function openPgliteStore(dataDir: string): Promise<SandboxStore> {
  // PGlite's own mkdir is not recursive (stack-notes).
  await mkdir(path.dirname(path.resolve(dataDir)), { recursive: true });
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) await initializeDataDir(dataDir);
  const client = new PGlite(dataDir);
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
  // The two drivers share the query builder; their result-type parameters differ only in what the
  // store never reads (the raw driver results), hence the cast, as in lib/db/open.ts.
  return sqlStore('pglite', db as unknown as Database, () => client.close());
}

/**
 * Creating a data dir runs initdb inside PGlite, and the process keeps that memory afterwards
 * (measured: about 880 MB RSS after a first start against 340 MB after opening an existing dir).
 * A short-lived child process does the initdb, so the long-running service only ever opens.
 */
async function initializeDataDir(dataDir: string): Promise<void> {
  const pglite = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const script = [
    `const { PGlite } = require(${JSON.stringify(pglite)});`,
    `const db = new PGlite(${JSON.stringify(path.resolve(dataDir))});`,
    'db.waitReady.then(() => db.close()).then(() => process.exit(0), (error) => { console.error(error); process.exit(1); });',
  ].join('\n');
  await promisify(execFile)(process.execPath, ['-e', script], { timeout: 120_000 });
}

export async function openPostgresStore(url: string): Promise<SandboxStore> {
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  // An idle connection the server ends (a restart, a dropped test database) must not end the
  // stand-in service: node-postgres throws it as uncaught without a listener.
  pool.on('error', (error) =>
    console.warn(`sandbox store: idle database connection closed: ${error.message}`),
  );
  const db = drizzlePg(pool, { schema });
  await migratePg(db, { migrationsFolder: MIGRATIONS_FOLDER });
  return sqlStore('postgres', db as unknown as Database, () => pool.end());
}

const iso = (value: Date) => value.toISOString();

/** Map.groupBy arrived in Node 21; this runs on Node 20. */
function groupBy<T, K>(items: readonly T[], keyOf: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}
const date = (value: string) => new Date(value);

function sqlStore(kind: 'pglite' | 'postgres', db: Database, close: () => Promise<void>): SandboxStore {
  return {
    kind,
    close,

    async load(): Promise<StoredData> {
      const tenantRows = await db.select().from(schema.tenants).orderBy(asc(schema.tenants.createdAt));
      const keyRows = await db.select().from(schema.apiKeys);
      const settingRows = await db.select().from(schema.settings);
      const freezeRows = await db.select().from(schema.freezes);
      const receiptRows = await db.select().from(schema.receipts).orderBy(asc(schema.receipts.number));
      const instructionRows = await db
        .select()
        .from(schema.instructions)
        .orderBy(asc(schema.instructions.position));
      const invoiceRows = await db.select().from(schema.invoices).orderBy(asc(schema.invoices.createdAt));
      const lineRows = await db.select().from(schema.invoiceLines).orderBy(asc(schema.invoiceLines.position));
      const progressRows = await db
        .select()
        .from(schema.progressMoves)
        .orderBy(asc(schema.progressMoves.sequence));

      const mutations = new Map<string, TenantMutations>();
      const of = (tenantId: string) => {
        let entry = mutations.get(tenantId);
        if (!entry) {
          entry = emptyMutations();
          mutations.set(tenantId, entry);
        }
        return entry;
      };

      const linesByInvoice = groupBy(lineRows, (row) => row.invoiceId);
      const invoicesByReceipt = groupBy(invoiceRows, (row) => row.receiptId ?? '');
      const instructionsByReceipt = groupBy(instructionRows, (row) => row.receiptId);
      for (const receipt of receiptRows) {
        const batch: InstructionBatch = {
          receipt: {
            id: receipt.id,
            number: receipt.number,
            reference: receipt.reference,
            issueDate: receipt.issueDate,
            createdAt: iso(receipt.createdAt),
          },
          instructions: (instructionsByReceipt.get(receipt.id) ?? []).map((row) => ({
            id: row.id,
            eventId: row.eventId,
            decision: row.decision as Decision,
            executedAt: iso(row.executedAt),
          })),
          invoices: (invoicesByReceipt.get(receipt.id) ?? []).map(
            (row): InvoiceData => ({
              id: row.id,
              reference: row.reference,
              number: row.number,
              issueDate: row.issueDate,
              origin: row.origin as KnownInvoiceOrigin,
              currency: row.currency,
              vatRate: row.vatRate,
              vatNumber: row.vatNumber,
              subtotalExcludingTax: row.subtotalExcludingTax,
              totalIncludingTax: row.totalIncludingTax,
              hasPdfDocument: row.hasPdfDocument,
              createdAt: iso(row.createdAt),
              lines: (linesByInvoice.get(row.id) ?? []).map((line) => ({
                eventId: line.eventId,
                patentId: line.patentId,
                providerId: line.providerId,
                currency: line.currency,
                components: line.components,
                total: line.total,
                isFxRateFrozen: line.isFxRateFrozen,
              })),
            }),
          ),
        };
        of(receipt.tenantId).batches.push(batch);
      }
      for (const row of progressRows) {
        of(row.tenantId).progress.push({
          eventId: row.eventId,
          status: row.status as KnownProcessingStatus,
          at: iso(row.at),
          officialReceipt:
            row.officialReceiptNumber && row.officialReceiptRecordedAt
              ? { number: row.officialReceiptNumber, recordedAt: iso(row.officialReceiptRecordedAt) }
              : null,
        });
      }
      for (const row of freezeRows) {
        of(row.tenantId).freezes.push({
          yearMonth: row.yearMonth,
          rates: row.rates,
          createdAt: iso(row.createdAt),
          updatedAt: iso(row.updatedAt),
        });
      }

      return {
        tenants: tenantRows.map((row) => ({
          id: row.id,
          name: row.name,
          portfolio: row.portfolio,
          currency: row.currency,
          invoiceCurrencyByOffice: row.invoiceCurrencyByOffice,
          seed: row.seed,
          patentCount: row.patentCount,
          anchorDate: row.anchorDate,
          freezeEnabled: row.freezeEnabled,
          freezeHorizonMonths: row.freezeHorizonMonths,
          vatRate: row.vatRate,
          vatNumber: row.vatNumber,
          generatorVersion: row.generatorVersion,
          createdAt: iso(row.createdAt),
        })),
        keys: keyRows.map((row) => ({
          id: row.id,
          tenantId: row.tenantId,
          keyHash: row.keyHash,
          keyHint: row.keyHint,
          scopes: row.scopes,
          expiresAt: iso(row.expiresAt),
          dailyLimit: row.dailyLimit,
          createdAt: iso(row.createdAt),
        })),
        settings: new Map(settingRows.map((row) => [row.key, row.value])),
        mutations,
      };
    },

    async insertTenant(config) {
      await db.insert(schema.tenants).values({ ...config, createdAt: date(config.createdAt) });
    },

    async insertKey(key) {
      await db.insert(schema.apiKeys).values({
        ...key,
        expiresAt: date(key.expiresAt),
        createdAt: date(key.createdAt),
      });
    },

    async putSetting(key, value) {
      const updatedAt = new Date();
      await db
        .insert(schema.settings)
        .values({ key, value, updatedAt })
        .onConflictDoUpdate({ target: schema.settings.key, set: { value, updatedAt } });
    },

    async putFreeze(tenantId, freeze) {
      const row = {
        tenantId,
        yearMonth: freeze.yearMonth,
        rates: freeze.rates,
        createdAt: date(freeze.createdAt),
        updatedAt: date(freeze.updatedAt),
      };
      await db
        .insert(schema.freezes)
        .values(row)
        .onConflictDoUpdate({
          target: [schema.freezes.tenantId, schema.freezes.yearMonth],
          set: { rates: row.rates, updatedAt: row.updatedAt },
        });
    },

    async insertInstructionBatch(tenantId, batch) {
      await db.transaction(async (tx) => {
        await tx.insert(schema.receipts).values({
          id: batch.receipt.id,
          tenantId,
          number: batch.receipt.number,
          reference: batch.receipt.reference,
          issueDate: batch.receipt.issueDate,
          createdAt: date(batch.receipt.createdAt),
        });
        if (batch.instructions.length > 0) {
          await tx.insert(schema.instructions).values(
            batch.instructions.map((instruction, position) => ({
              id: instruction.id,
              tenantId,
              receiptId: batch.receipt.id,
              position,
              eventId: instruction.eventId,
              decision: instruction.decision,
              executedAt: date(instruction.executedAt),
            })),
          );
        }
        for (const invoice of batch.invoices) {
          const { lines, createdAt, ...fields } = invoice;
          await tx
            .insert(schema.invoices)
            .values({ ...fields, tenantId, receiptId: batch.receipt.id, createdAt: date(createdAt) });
          if (lines.length > 0) {
            await tx
              .insert(schema.invoiceLines)
              .values(lines.map((line, position) => ({ ...line, invoiceId: invoice.id, position })));
          }
        }
      });
    },

    async insertProgress(tenantId, move) {
      await db.insert(schema.progressMoves).values({
        tenantId,
        eventId: move.eventId,
        status: move.status,
        at: date(move.at),
        officialReceiptNumber: move.officialReceipt?.number ?? null,
        officialReceiptRecordedAt: move.officialReceipt ? date(move.officialReceipt.recordedAt) : null,
      });
    },
  };
}
