import * as pg from 'drizzle-orm/pg-core';
import type { FeeComponentRecord, PortfolioMix } from '../domain/model';

/**
 * The stand-in service's own store. It holds what cannot be regenerated: tenants (with the seed
 * their portfolio is rebuilt from), key hashes, settings (clock, exchange rates), freezes and every
 * mutation in the order it happened. Money is kept as the decimal strings the API serves.
 */

// Every instant is a timestamptz read back as a Date: the store keeps moments, never local times.
const instant = (name: string) => pg.timestamp(name, { withTimezone: true, mode: 'date' });
const createdAt = () => instant('created_at').notNull();

export const tenants = pg.pgTable('sandbox_tenants', {
  id: pg.uuid('id').primaryKey(),
  name: pg.text('name').notNull().unique(),
  /** generator/portfolio.ts's mix; tenants stored before it were all `european`. */
  portfolio: pg.text('portfolio').$type<PortfolioMix>().notNull().default('european'),
  currency: pg.text('currency').notNull(),
  invoiceCurrencyByOffice: pg.jsonb('invoice_currency_by_office').$type<Record<string, string>>().notNull(),
  seed: pg.integer('seed').notNull(),
  patentCount: pg.integer('patent_count').notNull(),
  anchorDate: pg.date('anchor_date', { mode: 'string' }).notNull(),
  freezeEnabled: pg.boolean('freeze_enabled').notNull(),
  freezeHorizonMonths: pg.integer('freeze_horizon_months').notNull(),
  vatRate: pg.doublePrecision('vat_rate').notNull(),
  vatNumber: pg.text('vat_number'),
  generatorVersion: pg.integer('generator_version').notNull(),
  createdAt: createdAt(),
});

export const apiKeys = pg.pgTable(
  'sandbox_api_keys',
  {
    id: pg.uuid('id').primaryKey(),
    tenantId: pg
      .uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    /** SHA-256 of the key (spec: Authentication 1, "the service stores only a hash"). */
    keyHash: pg.text('key_hash').notNull(),
    /** The last four characters, so an operator can tell keys apart. */
    keyHint: pg.text('key_hint').notNull(),
    scopes: pg.jsonb('scopes').$type<string[]>().notNull(),
    expiresAt: instant('expires_at').notNull(),
    dailyLimit: pg.integer('daily_limit').notNull(),
    createdAt: createdAt(),
  },
  (table) => [pg.uniqueIndex('sandbox_api_keys_hash').on(table.keyHash)],
);

export const settings = pg.pgTable('sandbox_settings', {
  key: pg.text('key').primaryKey(),
  value: pg.jsonb('value').notNull(),
  updatedAt: instant('updated_at').notNull(),
});

export const freezes = pg.pgTable(
  'sandbox_freezes',
  {
    tenantId: pg
      .uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    yearMonth: pg.text('year_month').notNull(),
    rates: pg.jsonb('rates').$type<Record<string, string>>().notNull(),
    createdAt: createdAt(),
    updatedAt: instant('updated_at').notNull(),
  },
  (table) => [pg.primaryKey({ columns: [table.tenantId, table.yearMonth] })],
);

export const receipts = pg.pgTable(
  'sandbox_receipts',
  {
    id: pg.uuid('id').primaryKey(),
    tenantId: pg
      .uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    number: pg.integer('number').notNull(),
    reference: pg.text('reference').notNull(),
    issueDate: pg.date('issue_date', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [pg.uniqueIndex('sandbox_receipts_number').on(table.tenantId, table.number)],
);

export const instructions = pg.pgTable(
  'sandbox_instructions',
  {
    id: pg.uuid('id').primaryKey(),
    tenantId: pg
      .uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    receiptId: pg
      .uuid('receipt_id')
      .notNull()
      .references(() => receipts.id),
    position: pg.integer('position').notNull(),
    eventId: pg.uuid('event_id').notNull(),
    decision: pg.text('decision').notNull(),
    executedAt: instant('executed_at').notNull(),
  },
  // One executed decision per event (spec: Instruction rules, "not modifiable afterwards").
  (table) => [pg.uniqueIndex('sandbox_instructions_event').on(table.tenantId, table.eventId)],
);

export const invoices = pg.pgTable(
  'sandbox_invoices',
  {
    id: pg.uuid('id').primaryKey(),
    tenantId: pg
      .uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    receiptId: pg.uuid('receipt_id').references(() => receipts.id),
    reference: pg.text('reference').notNull(),
    number: pg.text('number'),
    issueDate: pg.date('issue_date', { mode: 'string' }).notNull(),
    origin: pg.text('origin').notNull(),
    currency: pg.text('currency').notNull(),
    vatRate: pg.doublePrecision('vat_rate').notNull(),
    vatNumber: pg.text('vat_number'),
    subtotalExcludingTax: pg.text('subtotal_excluding_tax').notNull(),
    totalIncludingTax: pg.text('total_including_tax').notNull(),
    hasPdfDocument: pg.boolean('has_pdf_document').notNull(),
    createdAt: createdAt(),
  },
  (table) => [pg.index('sandbox_invoices_tenant').on(table.tenantId)],
);

export const invoiceLines = pg.pgTable(
  'sandbox_invoice_lines',
  {
    invoiceId: pg
      .uuid('invoice_id')
      .notNull()
      .references(() => invoices.id),
    position: pg.integer('position').notNull(),
    eventId: pg.uuid('event_id').notNull(),
    patentId: pg.uuid('patent_id').notNull(),
    providerId: pg.text('provider_id'),
    currency: pg.text('currency').notNull(),
    components: pg.jsonb('components').$type<FeeComponentRecord[]>().notNull(),
    total: pg.text('total').notNull(),
    isFxRateFrozen: pg.boolean('is_fx_rate_frozen').notNull(),
  },
  (table) => [pg.primaryKey({ columns: [table.invoiceId, table.position] })],
);

/** Processing-status moves, in order; the latest per event wins on replay. */
export const progressMoves = pg.pgTable(
  'sandbox_progress_moves',
  {
    sequence: pg.integer('sequence').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: pg
      .uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    eventId: pg.uuid('event_id').notNull(),
    status: pg.text('status').notNull(),
    at: instant('at').notNull(),
    officialReceiptNumber: pg.text('official_receipt_number'),
    officialReceiptRecordedAt: instant('official_receipt_recorded_at'),
  },
  (table) => [pg.index('sandbox_progress_moves_tenant').on(table.tenantId)],
);
