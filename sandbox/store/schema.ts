import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { FeeComponentRecord, PortfolioMix } from '../domain/model';

/**
 * The stand-in service's own store. It holds what cannot be regenerated: tenants (with the seed
 * their portfolio is rebuilt from), key hashes, settings (clock, exchange rates), freezes and every
 * mutation in the order it happened. Money is kept as the decimal strings the API serves.
 */

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull();

export const tenants = pgTable('sandbox_tenants', {
  id: uuid('id').primaryKey(),
  name: text('name').notNull().unique(),
  /** generator/portfolio.ts's mix; tenants stored before it were all `european`. */
  portfolio: text('portfolio').$type<PortfolioMix>().notNull().default('european'),
  currency: text('currency').notNull(),
  invoiceCurrencyByOffice: jsonb('invoice_currency_by_office').$type<Record<string, string>>().notNull(),
  seed: integer('seed').notNull(),
  patentCount: integer('patent_count').notNull(),
  anchorDate: date('anchor_date', { mode: 'string' }).notNull(),
  freezeEnabled: boolean('freeze_enabled').notNull(),
  freezeHorizonMonths: integer('freeze_horizon_months').notNull(),
  vatRate: doublePrecision('vat_rate').notNull(),
  vatNumber: text('vat_number'),
  generatorVersion: integer('generator_version').notNull(),
  createdAt: createdAt(),
});

export const apiKeys = pgTable(
  'sandbox_api_keys',
  {
    id: uuid('id').primaryKey(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    /** SHA-256 of the key (spec: Authentication 1, "the service stores only a hash"). */
    keyHash: text('key_hash').notNull(),
    /** The last four characters, so an operator can tell keys apart. */
    keyHint: text('key_hint').notNull(),
    scopes: jsonb('scopes').$type<string[]>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    dailyLimit: integer('daily_limit').notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('sandbox_api_keys_hash').on(table.keyHash)],
);

export const settings = pgTable('sandbox_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
});

export const freezes = pgTable(
  'sandbox_freezes',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    yearMonth: text('year_month').notNull(),
    rates: jsonb('rates').$type<Record<string, string>>().notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.tenantId, table.yearMonth] })],
);

export const receipts = pgTable(
  'sandbox_receipts',
  {
    id: uuid('id').primaryKey(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    number: integer('number').notNull(),
    reference: text('reference').notNull(),
    issueDate: date('issue_date', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('sandbox_receipts_number').on(table.tenantId, table.number)],
);

export const instructions = pgTable(
  'sandbox_instructions',
  {
    id: uuid('id').primaryKey(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    receiptId: uuid('receipt_id')
      .notNull()
      .references(() => receipts.id),
    position: integer('position').notNull(),
    eventId: uuid('event_id').notNull(),
    decision: text('decision').notNull(),
    executedAt: timestamp('executed_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  // One executed decision per event (spec: Instruction rules, "not modifiable afterwards").
  (table) => [uniqueIndex('sandbox_instructions_event').on(table.tenantId, table.eventId)],
);

export const invoices = pgTable(
  'sandbox_invoices',
  {
    id: uuid('id').primaryKey(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    receiptId: uuid('receipt_id').references(() => receipts.id),
    reference: text('reference').notNull(),
    number: text('number'),
    issueDate: date('issue_date', { mode: 'string' }).notNull(),
    origin: text('origin').notNull(),
    currency: text('currency').notNull(),
    vatRate: doublePrecision('vat_rate').notNull(),
    vatNumber: text('vat_number'),
    subtotalExcludingTax: text('subtotal_excluding_tax').notNull(),
    totalIncludingTax: text('total_including_tax').notNull(),
    hasPdfDocument: boolean('has_pdf_document').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('sandbox_invoices_tenant').on(table.tenantId)],
);

export const invoiceLines = pgTable(
  'sandbox_invoice_lines',
  {
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id),
    position: integer('position').notNull(),
    eventId: uuid('event_id').notNull(),
    patentId: uuid('patent_id').notNull(),
    providerId: text('provider_id'),
    currency: text('currency').notNull(),
    components: jsonb('components').$type<FeeComponentRecord[]>().notNull(),
    total: text('total').notNull(),
    isFxRateFrozen: boolean('is_fx_rate_frozen').notNull(),
  },
  (table) => [primaryKey({ columns: [table.invoiceId, table.position] })],
);

/** Processing-status moves, in order; the latest per event wins on replay. */
export const progressMoves = pgTable(
  'sandbox_progress_moves',
  {
    sequence: integer('sequence').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    eventId: uuid('event_id').notNull(),
    status: text('status').notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
    officialReceiptNumber: text('official_receipt_number'),
    officialReceiptRecordedAt: timestamp('official_receipt_recorded_at', {
      withTimezone: true,
      mode: 'date',
    }),
  },
  (table) => [index('sandbox_progress_moves_tenant').on(table.tenantId)],
);
