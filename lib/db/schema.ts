import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * The dashboard's own state. One schema for both drivers (PGlite and PostgreSQL); keep to SQL that
 * PostgreSQL 15 understands (stack-notes: the same migrations run on both).
 */

/** Every state-changing action, append-only from the app (no update or delete path exists). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    actorUserId: text('actor_user_id'),
    actorEmail: text('actor_email'),
    action: text('action').notNull(),
    target: text('target'),
    outcome: text('outcome', { enum: ['success', 'failure'] }).notNull(),
    requestId: text('request_id'),
    upstreamRequestIds: jsonb('upstream_request_ids').$type<string[]>().notNull().default([]),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  },
  (table) => [index('audit_log_at_idx').on(table.at), index('audit_log_action_idx').on(table.action)],
);

/*
 * Sign-in (better-auth, Drizzle adapter). Column sets follow better-auth's core schema; `role` and
 * `deactivatedAt` are the dashboard's own additional user fields. OIDC providers later add rows to
 * `account` without touching roles.
 */
export const user = pgTable('user', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  role: text('role').notNull().default('paralegal'),
  deactivatedAt: timestamp('deactivated_at', { withTimezone: true, mode: 'date' }),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export const session = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    token: text('token').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
  },
  (table) => [index('session_user_id_idx').on(table.userId)],
);

export const account = pgTable(
  'account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true, mode: 'date' }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true, mode: 'date' }),
    scope: text('scope'),
    password: text('password'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [index('account_user_id_idx').on(table.userId)],
);

export const verification = pgTable(
  'verification',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [index('verification_identifier_idx').on(table.identifier)],
);

/** Sign-in attempts per email, shared by every instance (the limit must hold behind a load balancer). */
export const signInAttempt = pgTable(
  'sign_in_attempt',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    succeeded: boolean('succeeded').notNull(),
  },
  (table) => [index('sign_in_attempt_email_at_idx').on(table.email, table.at)],
);

/** The last rate-limit headers the service sent, so every instance shows the same quota meter. */
export const upstreamQuota = pgTable('upstream_quota', {
  id: text('id').primaryKey(),
  limit: integer('limit'),
  remaining: integer('remaining'),
  resetAt: timestamp('reset_at', { withTimezone: true, mode: 'date' }),
  exhaustedUntil: timestamp('exhausted_until', { withTimezone: true, mode: 'date' }),
  observedAt: timestamp('observed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/*
 * The portfolio snapshot: every patent read at 100 per page, so renewal events (which carry no
 * office, spec: Patent event) can be joined to office, title and owner without one call per patent.
 * A refresh writes a new generation beside the current one and switches over in one update, so
 * readers on any instance never see a half-written portfolio.
 */
export const portfolioSnapshot = pgTable('portfolio_snapshot', {
  id: text('id').primaryKey(),
  currentGeneration: integer('current_generation'),
  refreshedAt: timestamp('refreshed_at', { withTimezone: true, mode: 'date' }),
  patentCount: integer('patent_count'),
  refreshingGeneration: integer('refreshing_generation'),
  refreshStartedAt: timestamp('refresh_started_at', { withTimezone: true, mode: 'date' }),
  refreshPagesDone: integer('refresh_pages_done'),
  refreshPagesTotal: integer('refresh_pages_total'),
  lastError: text('last_error'),
  /**
   * Bumped by a trigger whenever rows of the current generation are added or removed (migration
   * 0006), so a process holding the join fields in memory (lib/server/portfolio/snapshot-index.ts) knows
   * from this one row whether its copy is still whole.
   */
  revision: integer('revision').notNull().default(0),
});

export const portfolioPatent = pgTable(
  'portfolio_patent',
  {
    generation: integer('generation').notNull(),
    id: text('id').notNull(),
    providerId: text('provider_id'),
    clientCaseReference: text('client_case_reference'),
    clientFamilyReference: text('client_family_reference'),
    title: text('title'),
    office: text('office'),
    owner: text('owner'),
    /** The patent as the service sent it (tolerant reading), for fields the table does not index. */
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
  },
  (table) => [primaryKey({ columns: [table.generation, table.id] })],
);

/*
 * What the dashboard last saw of each due month: how many renewals fall due and how many are open
 * for instruction. It picks the month view's default month (the earliest with open renewals)
 * without walking a year of events on every visit.
 */
export const renewalMonthSummary = pgTable('renewal_month_summary', {
  month: text('month').primaryKey(),
  eventCount: integer('event_count').notNull(),
  openCount: integer('open_count').notNull(),
  observedAt: timestamp('observed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/*
 * A paralegal's decisions not yet sent, one draft per user, kept until sent or cleared so a
 * reload, a sign-out or a second tab never loses them. `batchKey` is the idempotency key the
 * draft will be sent with: every tab sending the same draft sends the same key, so the service
 * sees one batch (issue: never posted twice). It changes whenever the draft changes.
 */
export const decisionDraft = pgTable('decision_draft', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  batchKey: uuid('batch_key').notNull(),
  entries: jsonb('entries').$type<Record<string, unknown>[]>().notNull().default([]),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/*
 * Every instruction batch, written before it is posted (spec: Endpoints 10). The unique key makes
 * a double click, a retried request or a second tab find the first attempt instead of posting
 * again; `state` records what is known of the outcome, so a restart can reconcile what was in
 * flight against the service.
 */
export const instructionBatch = pgTable(
  'instruction_batch',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    idempotencyKey: uuid('idempotency_key').notNull().unique(),
    state: text('state', {
      enum: ['preparing', 'posting', 'executed', 'rejected', 'outcome_unknown', 'reconciled'],
    }).notNull(),
    createdByUserId: text('created_by_user_id'),
    createdByEmail: text('created_by_email'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    postedAt: timestamp('posted_at', { withTimezone: true, mode: 'date' }),
    settledAt: timestamp('settled_at', { withTimezone: true, mode: 'date' }),
    eventCount: integer('event_count').notNull(),
    receiptNumber: integer('receipt_number'),
    receiptReference: text('receipt_reference'),
    receiptIssueDate: text('receipt_issue_date'),
    receipt: jsonb('receipt').$type<Record<string, unknown>>(),
    problem: jsonb('problem').$type<Record<string, unknown>>(),
    requestId: text('request_id'),
    upstreamRequestIds: jsonb('upstream_request_ids').$type<string[]>().notNull().default([]),
  },
  (table) => [
    index('instruction_batch_created_at_idx').on(table.createdAt),
    index('instruction_batch_state_idx').on(table.state),
  ],
);

/** One decision of a batch, with the estimate seen when it was sent (for reconciliation). */
export const instructionBatchItem = pgTable(
  'instruction_batch_item',
  {
    batchId: uuid('batch_id')
      .notNull()
      .references(() => instructionBatch.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    eventId: text('event_id').notNull(),
    patentId: text('patent_id').notNull(),
    decision: text('decision').notNull(),
    caseReference: text('case_reference'),
    providerId: text('provider_id'),
    office: text('office'),
    dueDate: text('due_date'),
    annuityYear: integer('annuity_year'),
    estimateAmount: text('estimate_amount'),
    estimateCurrency: text('estimate_currency'),
    estimateFxFrozen: boolean('estimate_fx_frozen'),
    outcome: text('outcome', { enum: ['pending', 'executed', 'not_executed'] }).notNull(),
    instructionId: text('instruction_id'),
    executedAt: text('executed_at'),
    problemCode: text('problem_code'),
  },
  (table) => [
    primaryKey({ columns: [table.batchId, table.eventId] }),
    index('instruction_batch_item_event_idx').on(table.eventId),
  ],
);

/*
 * Official receipts (spec: Endpoints 8: 404 until recorded, treat as not yet available). Once one
 * is found it stays, so a FULFILLED renewal is checked at most hourly until its receipt is found,
 * and never again after: the tracking board's polling does not spend quota on settled renewals.
 */
export const officialReceiptCheck = pgTable('official_receipt_check', {
  eventId: text('event_id').primaryKey(),
  patentId: text('patent_id').notNull(),
  foundAt: timestamp('found_at', { withTimezone: true, mode: 'date' }),
  checkedAt: timestamp('checked_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/*
 * Finance's marks on invoices (issue 8): one row per invoice line (`lineKey` = the line's eventId,
 * or its position when a line names no event) and one per invoice (`lineKey` = ''). The latest mark
 * wins; every change is also in the audit log, which keeps the history.
 */
export const reconciliationMark = pgTable(
  'reconciliation_mark',
  {
    invoiceId: text('invoice_id').notNull(),
    lineKey: text('line_key').notNull(),
    status: text('status', { enum: ['reconciled', 'disputed'] }).notNull(),
    note: text('note'),
    markedByUserId: text('marked_by_user_id'),
    markedByEmail: text('marked_by_email'),
    markedAt: timestamp('marked_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.invoiceId, table.lineKey] })],
);
