import { sql } from 'drizzle-orm';
import {
  boolean,
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
import type { InstructionReceipt } from '../annuity/schemas';
import type { ApprovalReason, CurrencyThreshold } from '../decisions/approval-policy';
import type { BatchProblem } from '../decisions/batch';
import { BATCH_STATES } from '../decisions/batch-states';
import type { DraftEntry } from '../decisions/draft';

/**
 * The dashboard's own state. One schema for both drivers (PGlite and PostgreSQL); keep to SQL that
 * PostgreSQL 15 understands (stack-notes: the same migrations run on both).
 */

/** An `…At` column: an instant, stored with its time zone and read as a Date. */
const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * The client connection a row belongs to (spec: Authentication 1, one key per client); rows
 * written before there were several clients are the first one's, `default`.
 */
const rowConnection = () => text('connection').notNull().default('default');

/** Every state-changing action, append-only from the app (no update or delete path exists). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    at: instant('at').notNull().defaultNow(),
    actorUserId: text('actor_user_id'),
    actorEmail: text('actor_email'),
    action: text('action').notNull(),
    target: text('target'),
    outcome: text('outcome', { enum: ['success', 'failure'] }).notNull(),
    requestId: text('request_id'),
    upstreamRequestIds: jsonb('upstream_request_ids').$type<string[]>().notNull().default([]),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    /**
     * The client the entry concerns (spec: rule 2, a client's data is its own): null for what
     * concerns no client (sign-ins, user administration) and for every entry written before entries
     * recorded their client (`visibleTo` in lib/server/audit/audit-query.ts says who reads which).
     */
    connection: text('connection'),
  },
  (table) => [
    index('audit_log_at_idx').on(table.at),
    index('audit_log_action_idx').on(table.action),
    index('audit_log_connection_idx').on(table.connection),
  ],
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
  deactivatedAt: instant('deactivated_at'),
  /** A demo account (published password): refused unless the upstream is the stand-in. */
  isDemo: boolean('is_demo').notNull().default(false),
  /** Set when an administrator chose the password: it must be changed at the next sign-in. */
  mustChangePassword: boolean('must_change_password').notNull().default(false),
  /**
   * Whether the user works for every client (the console's connections) or only for those granted
   * in `user_client_grant`. Every account made before there were several clients works for all.
   */
  allClients: boolean('all_clients').notNull().default(true),
  createdAt: instant('created_at').notNull().defaultNow(),
  updatedAt: instant('updated_at').notNull().defaultNow(),
});

export const session = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    expiresAt: instant('expires_at').notNull(),
    token: text('token').notNull().unique(),
    createdAt: instant('created_at').notNull().defaultNow(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
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
    accessTokenExpiresAt: instant('access_token_expires_at'),
    refreshTokenExpiresAt: instant('refresh_token_expires_at'),
    scope: text('scope'),
    password: text('password'),
    createdAt: instant('created_at').notNull().defaultNow(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (table) => [index('account_user_id_idx').on(table.userId)],
);

export const verification = pgTable(
  'verification',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: instant('expires_at').notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (table) => [index('verification_identifier_idx').on(table.identifier)],
);

/** Sign-in attempts per email, shared by every instance (the limit must hold behind a load balancer). */
export const signInAttempt = pgTable(
  'sign_in_attempt',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    at: instant('at').notNull().defaultNow(),
    succeeded: boolean('succeeded').notNull(),
  },
  (table) => [index('sign_in_attempt_email_at_idx').on(table.email, table.at)],
);

/*
 * The sign-in throttle: one row per account (`account:<email>`) and per client address
 * (`address:<ip>`). A row is claimed with one upsert before the password is checked, so parallel
 * attempts each count (lib/server/auth/sign-in-limit.ts). `failures` counts attempts that were
 * not followed by a success; `nextAllowedAt` is when the next attempt may be checked.
 */
export const signInThrottle = pgTable('sign_in_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  lastAttemptAt: instant('last_attempt_at').notNull(),
  nextAllowedAt: instant('next_allowed_at').notNull(),
});

/** The last rate-limit headers the service sent, so every instance shows the same quota meter. */
export const upstreamQuota = pgTable('upstream_quota', {
  id: text('id').primaryKey(),
  limit: integer('limit'),
  remaining: integer('remaining'),
  resetAt: instant('reset_at'),
  exhaustedUntil: instant('exhausted_until'),
  observedAt: instant('observed_at').notNull().defaultNow(),
});

/*
 * The clients the console works for: one connection per client, each with its own API key (spec:
 * Authentication 1, a key identifies one client, the tenant, and the service shows it only that
 * client's data). `default` is the connection of ANNUITY_API_KEY and of everything stored before
 * there were several; every row of the copy carries the id of the connection it came through.
 * A retired connection is no longer synced or called; its rows stay for the audit trail.
 */
export const clientConnection = pgTable('client_connection', {
  id: text('id').primaryKey(),
  name: text('name').notNull().unique(),
  createdAt: instant('created_at').notNull().defaultNow(),
  createdByEmail: text('created_by_email'),
  retiredAt: instant('retired_at'),
  retiredByEmail: text('retired_by_email'),
});

/** The clients a user works for when `user.allClients` is false: every page and route keeps to them. */
export const userClientGrant = pgTable(
  'user_client_grant',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    connection: text('connection')
      .notNull()
      .references(() => clientConnection.id),
    grantedAt: instant('granted_at').notNull().defaultNow(),
    grantedByEmail: text('granted_by_email'),
  },
  (table) => [primaryKey({ columns: [table.userId, table.connection] })],
);

/*
 * API keys of the service entered by an administrator (spec: Authentication 2, two keys
 * can be valid at once). The key itself is kept only as AES-256-GCM ciphertext
 * (lib/server/connection/key-crypto.ts); `last4` is all a page may show. The environment's
 * ANNUITY_API_KEY gets a row without ciphertext once something is recorded about it (its expiry).
 */
export const upstreamApiKey = pgTable('upstream_api_key', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** The client this key belongs to: it is only ever sent for that client's data. */
  connection: text('connection')
    .notNull()
    .default('default')
    .references(() => clientConnection.id),
  source: text('source', { enum: ['stored', 'environment'] }).notNull(),
  /** HMAC of the key under the encryption secret: the same key cannot be added twice. */
  fingerprint: text('fingerprint').notNull().unique(),
  ciphertext: text('ciphertext'),
  last4: text('last4').notNull(),
  label: text('label'),
  /** The expiry the operator announced, as the admin recorded it (spec: Limits 6). */
  expiresAt: instant('expires_at'),
  /** When the service last answered api_key_expired to this key. */
  expiredSeenAt: instant('expired_seen_at'),
  verifiedAt: instant('verified_at'),
  scopes: jsonb('scopes').$type<Record<string, string>>(),
  createdAt: instant('created_at').notNull().defaultNow(),
  createdByEmail: text('created_by_email'),
  activatedAt: instant('activated_at'),
});

/**
 * Which key every instance uses, one row per client connection (`id` is the connection). A switch is one update that also bumps `revision`, so
 * instances that cached the previous key notice it on their next look (active-key.ts).
 */
export const upstreamKeyState = pgTable('upstream_key_state', {
  id: text('id').primaryKey(),
  /** null: the environment's ANNUITY_API_KEY. */
  activeKeyId: uuid('active_key_id').references(() => upstreamApiKey.id, { onDelete: 'restrict' }),
  revision: integer('revision').notNull().default(0),
  switchedAt: instant('switched_at'),
});

/** Single sign-on settings an administrator chooses (one row): the role of new SSO users. */
export const ssoSetting = pgTable('sso_setting', {
  id: text('id').primaryKey(),
  defaultRole: text('default_role'),
  updatedAt: instant('updated_at').notNull().defaultNow(),
  updatedByEmail: text('updated_by_email'),
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
  refreshedAt: instant('refreshed_at'),
  patentCount: integer('patent_count'),
  refreshingGeneration: integer('refreshing_generation'),
  refreshStartedAt: instant('refresh_started_at'),
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
    // ── portfolio search ─────────────────────────────────────────────────────────────────────
    /**
     * The search keys of the patent's numbers and references, and of its title and owners
     * (lib/portfolio/search-key.ts), indexed by trigram so a search stays fast at 29,000 patents.
     * Null on rows written before the search existed; lib/server/portfolio/search.ts fills them.
     */
    searchNumbers: text('search_numbers'),
    searchWords: text('search_words'),
    // ── end portfolio search ─────────────────────────────────────────────────────────────────
  },
  (table) => [
    primaryKey({ columns: [table.generation, table.id] }),
    // Trigram indexes need pg_trgm (migration 0015 creates it; PGlite loads it in lib/db/open.ts).
    index('portfolio_patent_search_numbers_idx').using('gin', table.searchNumbers.op('gin_trgm_ops')),
    index('portfolio_patent_search_words_idx').using('gin', table.searchWords.op('gin_trgm_ops')),
  ],
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
  /**
   * The earliest deadline (due date, or grace end once due) among the month's renewals open for a
   * decision and not lapsed, as seen on `deadlineDay`; null when none (the month view
   * opens on the month with the earliest deadline). Rows written before it have no `deadlineDay`.
   */
  earliestDeadline: text('earliest_deadline'),
  deadlineDay: text('deadline_day'),
  observedAt: instant('observed_at').notNull().defaultNow(),
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
  /** Read through lib/server/decisions/stored-json.ts, which parses it (draft.schema.ts). */
  entries: jsonb('entries').$type<DraftEntry[]>().notNull().default([]),
  updatedAt: instant('updated_at').notNull().defaultNow(),
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
    connection: rowConnection(),
    id: uuid('id').primaryKey().defaultRandom(),
    idempotencyKey: uuid('idempotency_key').notNull().unique(),
    state: text('state', { enum: BATCH_STATES }).notNull(),
    createdByUserId: text('created_by_user_id'),
    createdByEmail: text('created_by_email'),
    createdAt: instant('created_at').notNull().defaultNow(),
    postedAt: instant('posted_at'),
    settledAt: instant('settled_at'),
    eventCount: integer('event_count').notNull(),
    receiptNumber: integer('receipt_number'),
    receiptReference: text('receipt_reference'),
    receiptIssueDate: text('receipt_issue_date'),
    /* Both read through lib/server/decisions/stored-json.ts, which parses them. */
    receipt: jsonb('receipt').$type<InstructionReceipt>(),
    problem: jsonb('problem').$type<BatchProblem>(),
    requestId: text('request_id'),
    upstreamRequestIds: jsonb('upstream_request_ids').$type<string[]>().notNull().default([]),
    // ── approvals (maker-checker) ────────────────────────────────────────────────────────────
    /** Why the policy wanted a manager's approval (null: none was needed). Parsed on read. */
    approvalReasons: jsonb('approval_reasons').$type<ApprovalReason[]>(),
    /** The manager who approved or sent it back, and when; never its author. */
    decidedByUserId: text('decided_by_user_id'),
    decidedByEmail: text('decided_by_email'),
    decidedAt: instant('decided_at'),
    /** The approver's reason for sending it back. */
    returnReason: text('return_reason'),
    // ── end approvals ────────────────────────────────────────────────────────────────────────
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
    /** The service's payment sequence, only when it differs from the annuity year. */
    paymentSequenceNumber: integer('payment_sequence_number'),
    estimateAmount: text('estimate_amount'),
    estimateCurrency: text('estimate_currency'),
    estimateFxFrozen: boolean('estimate_fx_frozen'),
    outcome: text('outcome', { enum: ['pending', 'executed', 'not_executed'] }).notNull(),
    instructionId: text('instruction_id'),
    executedAt: text('executed_at'),
    problemCode: text('problem_code'),
    /** Why this decision was taken (required for DROP), kept with the batch. */
    rationale: text('rationale'),
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
  foundAt: instant('found_at'),
  checkedAt: instant('checked_at').notNull().defaultNow(),
  /** Why the last check failed (an answer other than the document or 404); null after a clean check. */
  failure: text('failure'),
});

/*
 * The invoice list copy (lib/server/invoices/catalog.ts), shared by every dashboard instance: one
 * row per upstream connection (a hash of URL and key). `invoices` is the list as the service sent it
 * (read tolerantly again on use); `readingSince` is the lease of the one instance reading it now,
 * so N instances spend one list walk of quota, not N (spec: Limits 2, one daily quota per key).
 */
export const invoiceCatalog = pgTable('invoice_catalog', {
  connection: text('connection').primaryKey(),
  invoices: jsonb('invoices').$type<unknown[]>().notNull().default([]),
  readAt: instant('read_at'),
  calls: integer('calls').notNull().default(0),
  readingSince: instant('reading_since'),
});

/*
 * Finance's marks on invoices: one row per invoice line (`lineKey` = the line's eventId,
 * or its position when a line names no event) and one per invoice (`lineKey` = ''). The latest mark
 * wins; every change is also in the audit log, which keeps the history.
 */
export const reconciliationMark = pgTable(
  'reconciliation_mark',
  {
    connection: rowConnection(),
    invoiceId: text('invoice_id').notNull(),
    lineKey: text('line_key').notNull(),
    status: text('status', { enum: ['reconciled', 'disputed'] }).notNull(),
    note: text('note'),
    markedByUserId: text('marked_by_user_id'),
    markedByEmail: text('marked_by_email'),
    markedAt: instant('marked_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.invoiceId, table.lineKey] })],
);

/*
 * When each user last opened Today, for "changed since your last visit". `visitedAt`
 * moves on every visit; `previousVisitAt` is the visit before the current sitting, so reloading
 * Today does not wipe the changes a user has not read yet.
 */
export const todayVisit = pgTable('today_visit', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  visitedAt: instant('visited_at').notNull(),
  previousVisitAt: instant('previous_visit_at'),
});

/*
 * Reminders and notifications. Each user's preferences are one jsonb document, read
 * through lib/server/notifications/preferences.ts (zod, with defaults for a user who never saved).
 */
export const notificationPreference = pgTable('notification_preference', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  settings: jsonb('settings').$type<Record<string, unknown>>().notNull(),
  updatedAt: instant('updated_at').notNull().defaultNow(),
});

/*
 * In-app notifications. The unique key (user, rule, subject) is claimed by the insert itself, so a
 * restart or a second worker instance evaluating the same rule adds nothing.
 */
export const notification = pgTable(
  'notification',
  {
    connection: rowConnection(),
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    rule: text('rule').notNull(),
    subjectKey: text('subject_key').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    href: text('href').notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
    readAt: instant('read_at'),
  },
  (table) => [
    uniqueIndex('notification_once_idx').on(table.userId, table.rule, table.subjectKey),
    index('notification_user_created_idx').on(table.userId, table.createdAt),
  ],
);

/*
 * Every email, recorded before it is sent: who, what, when and how it went. The unique key
 * (user, rule, subject) is claimed by the insert before any SMTP traffic, so a message is sent at
 * most once per user, rule and renewal across restarts and instances. Without SMTP_URL the row
 * itself is the delivery (`transport` = outbox) and admins read it in the dashboard.
 */
export const mailMessage = pgTable(
  'mail_message',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    recipient: text('recipient').notNull(),
    rule: text('rule').notNull(),
    subjectKey: text('subject_key').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    transport: text('transport', { enum: ['smtp', 'outbox'] }).notNull(),
    // `unknown`: a send that did not finish within its lease (mail.ts); never resent
    // automatically, only by an administrator's deliberate "send again".
    status: text('status', { enum: ['queued', 'sending', 'sent', 'failed', 'unknown'] }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    providerMessageId: text('provider_message_id'),
    createdAt: instant('created_at').notNull().defaultNow(),
    sentAt: instant('sent_at'),
    // To find stuck messages: when the current send began (queued/failed → sending), the start
    // of its lease.
    sendingSince: instant('sending_since'),
    // Extra headers of a grouped message: threading (Message-ID, In-Reply-To, References per
    // renewal, RFC 5322 3.6.4) and one-click unsubscribe (List-Unsubscribe, RFC 8058).
    headers: jsonb('headers').$type<Record<string, string>>(),
    // The clients whose renewals, batches or invoices the message tells of: the outbox shows a
    // message to administrators of all of them only. Null for messages recorded before.
    connections: jsonb('connections').$type<string[]>(),
  },
  (table) => [
    uniqueIndex('mail_message_once_idx').on(table.userId, table.rule, table.subjectKey),
    index('mail_message_created_idx').on(table.createdAt),
  ],
);

/*
 * What each audience was already told of each renewal, by rule (a user `user:<id>`, a chat channel
 * `channel:<id>`, the managers' escalation `escalation`). Messages are grouped per class and run;
 * this ledger keeps a renewal out of the next run's message once it was in one. Claimed in the same
 * transaction as the grouped message, so a renewal is told once whichever instance runs.
 */
export const reminderTold = pgTable(
  'reminder_told',
  {
    audience: text('audience').notNull(),
    rule: text('rule').notNull(),
    subjectKey: text('subject_key').notNull(),
    /** The grouped message's class and run key it was told in. */
    messageKey: text('message_key').notNull(),
    toldAt: instant('told_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.audience, table.rule, table.subjectKey] }),
    index('reminder_told_subject_idx').on(table.subjectKey),
    index('reminder_told_at_idx').on(table.toldAt),
  ],
);

/*
 * An administrator's incoming-webhook channel (Slack- or Teams-compatible payloads). The URL is a
 * secret (whoever holds it can post): stored encrypted like the service's API keys, with only its
 * host shown.
 */
export const chatChannel = pgTable('chat_channel', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  format: text('format', { enum: ['slack', 'teams'] }).notNull(),
  urlCiphertext: text('url_ciphertext').notNull(),
  urlHost: text('url_host').notNull(),
  classes: jsonb('classes').$type<string[]>().notNull(),
  createdByEmail: text('created_by_email').notNull(),
  createdAt: instant('created_at').notNull().defaultNow(),
});

/* One grouped post to a channel, recorded before it is sent (at most once, like an email). */
export const chatPost = pgTable(
  'chat_post',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    channelId: uuid('channel_id')
      .notNull()
      .references(() => chatChannel.id, { onDelete: 'cascade' }),
    rule: text('rule').notNull(),
    subjectKey: text('subject_key').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status', { enum: ['queued', 'sending', 'sent', 'failed', 'unknown'] }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: instant('created_at').notNull().defaultNow(),
    sendingSince: instant('sending_since'),
    sentAt: instant('sent_at'),
  },
  (table) => [uniqueIndex('chat_post_once_idx').on(table.channelId, table.rule, table.subjectKey)],
);

/* A private calendar feed per user: only the SHA-256 of its token is kept; revoking deletes the row. */
export const calendarFeed = pgTable('calendar_feed', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: instant('created_at').notNull().defaultNow(),
});

/*
 * What the background poll last read of each renewal in Today's windows (the service pushes
 * nothing, spec: Events): reminders, digests and the calendar feed are computed from these rows,
 * so they cost no upstream call of their own. `row` is the renewal row as lib/renewals/rows.ts
 * builds it.
 */
export const renewalWatch = pgTable('renewal_watch', {
  eventId: text('event_id').primaryKey(),
  patentId: text('patent_id').notNull(),
  row: jsonb('row').$type<Record<string, unknown>>().notNull(),
  processingStatus: text('processing_status'),
  phase: text('phase').notNull(),
  polledAt: instant('polled_at').notNull(),
});

/* What the poll saw change: a processing status, a new invoice, a renewal entering grace or opening. */
export const upstreamChange = pgTable(
  'upstream_change',
  {
    connection: rowConnection(),
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    subjectKey: text('subject_key').notNull(),
    value: text('value').notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    observedAt: instant('observed_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('upstream_change_once_idx').on(table.kind, table.subjectKey, table.value),
    index('upstream_change_observed_idx').on(table.observedAt),
  ],
);

/*
 * Upstream calls spent by background work per quota day of the service (named by the reset it
 * announces; it resets at its own midnight, spec: Limits 2), against the configured share.
 */
export const backgroundQuotaUse = pgTable('background_quota_use', {
  day: text('day').primaryKey(),
  calls: integer('calls').notNull().default(0),
  /** Polls run that day: calls / polls estimates what the next poll will cost. */
  polls: integer('polls').notNull().default(0),
  updatedAt: instant('updated_at').notNull().defaultNow(),
});

// ── approvals (maker-checker) ────────────────────────────────────────────────────────────────
/*
 * The approval policy an administrator sets (one row, id 'default'): which decisions wait for a
 * manager before they are sent. Thresholds are decimal strings per currency, parsed on read
 * (lib/decisions/approval-policy.schema.ts). No row: DROP needs approval, nothing else does.
 */
export const approvalPolicy = pgTable('approval_policy', {
  id: text('id').primaryKey(),
  dropRequiresApproval: boolean('drop_requires_approval').notNull().default(true),
  proceedAbove: jsonb('proceed_above').$type<CurrencyThreshold[]>().notNull().default([]),
  batchAbove: jsonb('batch_above').$type<CurrencyThreshold[]>().notNull().default([]),
  /** A currency without a threshold needs approval (true) or not, once amounts are limited. */
  unlistedCurrencyRequiresApproval: boolean('unlisted_currency_requires_approval').notNull().default(true),
  updatedAt: instant('updated_at').notNull().defaultNow(),
  updatedByEmail: text('updated_by_email'),
});
// ── end approvals ────────────────────────────────────────────────────────────────────────────

// ── freeze decision support ──────────────────────────────────────────────────────────────────
/*
 * A month's estimated renewal fees per invoice currency, recorded once a day by the worker for
 * the next freezable months (lib/server/rate-freezes/estimates.ts): estimates are live and move
 * with exchange rates until the month is frozen (spec: Fees rule 3), and the service keeps no
 * history of them, so the freeze page's "how the estimate moved" comes from here. Totals are
 * decimal text in the currency's minor unit (lib/annuity/money.ts). `day` is the UTC calendar day.
 */
export const freezeEstimateDay = pgTable(
  'freeze_estimate_day',
  {
    /** The client whose renewals were estimated (a freeze is one client's, spec: Endpoint 15). */
    connection: rowConnection(),
    month: text('month').notNull(),
    day: text('day').notNull(),
    currency: text('currency').notNull(),
    total: text('total').notNull(),
    events: integer('events').notNull(),
    /** Renewals in this currency whose estimate had no total. */
    missing: integer('missing').notNull().default(0),
    recordedAt: instant('recorded_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.connection, table.month, table.day, table.currency] })],
);
// ── end freeze decision support ──────────────────────────────────────────────────────────────

// ── forecast and budgets ─────────────────────────────────────────────────────────────────────
/*
 * The forecast (lib/server/forecast): renewals due in the coming months with their live estimates,
 * read by the worker from period lists with include=fees (spec: endpoint 9) and kept here whole,
 * so a page view costs no upstream call. One row per event; a refresh replaces the rows of the
 * window it read in one transaction. Office, owner and family come from the portfolio snapshot.
 */
export const forecastEvent = pgTable(
  'forecast_event',
  {
    connection: rowConnection(),
    eventId: text('event_id').primaryKey(),
    patentId: text('patent_id').notNull(),
    dueDate: text('due_date').notNull(),
    /** YYYY-MM of the due date. */
    month: text('month').notNull(),
    annuityYear: integer('annuity_year'),
    office: text('office'),
    owner: text('owner'),
    family: text('family'),
    caseReference: text('case_reference'),
    /** Null when the service gave no estimate (fees absent, or a null total). */
    currency: text('currency'),
    total: text('total'),
    components: jsonb('components').$type<{ type: string; amount: string }[]>().notNull().default([]),
    appliedDecision: text('applied_decision'),
    isFxRateFrozen: boolean('is_fx_rate_frozen').notNull().default(false),
    /** ESTIMATED or INVOICED (spec: Fees); an invoiced renewal is in the actuals already. */
    feesStatus: text('fees_status'),
  },
  (table) => [
    index('forecast_event_month_idx').on(table.month),
    index('forecast_event_patent_idx').on(table.patentId),
  ],
);

/* One row per forecast refresh: the window read, what it cost in calls, and how it ended. */
export const forecastRun = pgTable('forecast_run', {
  connection: rowConnection(),
  id: uuid('id').primaryKey().defaultRandom(),
  windowFrom: text('window_from').notNull(),
  windowTo: text('window_to').notNull(),
  status: text('status', { enum: ['running', 'done', 'failed', 'skipped'] }).notNull(),
  calls: integer('calls').notNull().default(0),
  events: integer('events').notNull().default(0),
  detail: text('detail'),
  startedAt: instant('started_at').notNull().defaultNow(),
  finishedAt: instant('finished_at'),
});

/*
 * A renewal budget per year and currency, for all offices and families or one of them (an empty
 * string means "all": a unique key over nullable columns would let duplicates in). `months`
 * optionally phases the year (12 decimal strings); without it the year is spread evenly.
 */
export const renewalBudget = pgTable(
  'renewal_budget',
  {
    connection: rowConnection(),
    id: uuid('id').primaryKey().defaultRandom(),
    year: integer('year').notNull(),
    currency: text('currency').notNull(),
    office: text('office').notNull().default(''),
    family: text('family').notNull().default(''),
    amount: text('amount').notNull(),
    months: jsonb('months').$type<string[] | null>(),
    note: text('note'),
    updatedAt: instant('updated_at').notNull().defaultNow(),
    updatedByEmail: text('updated_by_email'),
  },
  (table) => [
    uniqueIndex('renewal_budget_scope_idx').on(
      table.connection,
      table.year,
      table.currency,
      table.office,
      table.family,
    ),
  ],
);
// ── end forecast and budgets ─────────────────────────────────────────────────────────────────

// ── standing instructions and saved views ────────────────────────────────────────────────────
/*
 * A standing instruction for a patent or a family: renew every year, handled elsewhere (skip), or
 * review each time. It only suggests: each month's draft is pre-filled with it, marked as a
 * suggestion, and nothing is sent without the user (and an approver where the policy says so).
 */
export const standingInstruction = pgTable(
  'standing_instruction',
  {
    connection: rowConnection(),
    id: uuid('id').primaryKey().defaultRandom(),
    scope: text('scope', { enum: ['patent', 'family'] }).notNull(),
    /** The patent id, or the family reference. */
    target: text('target').notNull(),
    instruction: text('instruction', { enum: ['renew', 'skip', 'review'] }).notNull(),
    reason: text('reason'),
    setByUserId: text('set_by_user_id').references(() => user.id, { onDelete: 'set null' }),
    setByEmail: text('set_by_email'),
    setAt: instant('set_at').notNull().defaultNow(),
  },
  (table) => [uniqueIndex('standing_instruction_target_idx').on(table.connection, table.scope, table.target)],
);

/* A saved view of a table page (its URL query), per user, optionally shared with everyone. */
export const savedView = pgTable(
  'saved_view',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    page: text('page', { enum: ['renewals', 'portfolio', 'invoices', 'scenarios'] }).notNull(),
    name: text('name').notNull(),
    query: text('query').notNull(),
    shared: boolean('shared').notNull().default(false),
    createdAt: instant('created_at').notNull().defaultNow(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (table) => [uniqueIndex('saved_view_name_idx').on(table.ownerId, table.page, table.name)],
);
// ── end standing instructions and saved views ────────────────────────────────────────────────

// ── the synced copy of the service (lib/server/sync) ─────────────────────────────────────────
/*
 * Renewal events as the service last listed them, with their estimated fees and instructability
 * (spec: Endpoint 9 with include=fees), written only by the sync and read by every page. `body` is
 * the event's JSON exactly as the service sent it, so a page reads the copy through the same
 * tolerant schemas as a live answer. `connection` names the service connection (one key, one
 * client): rows of two connections never mix. `walk` is the walk that last saw the row: after a
 * complete walk of a month, rows of that month it did not see are gone from the service.
 */
export const syncEvent = pgTable(
  'sync_event',
  {
    connection: text('connection').notNull(),
    eventId: text('event_id').notNull(),
    patentId: text('patent_id').notNull(),
    dueDate: text('due_date').notNull(),
    /** YYYY-MM of the due date: the window the event is walked in. */
    month: text('month').notNull(),
    /** Order of the service's listing within the month (page × size + index). */
    position: integer('position').notNull(),
    body: text('body').notNull(),
    walk: text('walk').notNull(),
    readAt: instant('read_at').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.connection, table.eventId] }),
    index('sync_event_due_idx').on(table.connection, table.dueDate, table.position),
    index('sync_event_month_idx').on(table.connection, table.month, table.walk),
    index('sync_event_patent_idx').on(table.connection, table.patentId),
  ],
);

/*
 * One row per month the sync walks: when it was last read completely, whether the last walk was
 * complete (a window it could not complete is shown as incomplete, never silently short), what it
 * cost, and the last failure. A month without a row has never been read.
 */
export const syncWindow = pgTable(
  'sync_window',
  {
    connection: text('connection').notNull(),
    month: text('month').notNull(),
    /** When the copy of this month was last replaced by a complete walk. */
    syncedAt: instant('synced_at'),
    attemptedAt: instant('attempted_at').notNull(),
    complete: boolean('complete').notNull().default(false),
    items: integer('items').notNull().default(0),
    /** Calls the last walk made: the next walk's cost estimate. */
    calls: integer('calls').notNull().default(0),
    lastError: text('last_error'),
    /**
     * Bumped by every write to the month's rows (a walk, a patent read whole): a process holding
     * the month parsed (lib/server/sync/month-rows.ts) knows from it whether its copy is current.
     */
    version: integer('version').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.connection, table.month] })],
);

/*
 * Whether the service answers, per connection, as the sync and every write last found it: the
 * pages' banner ("has not answered since …") and the header's connection state read it.
 */
export const syncHealth = pgTable('sync_health', {
  connection: text('connection').primaryKey(),
  lastSuccessAt: instant('last_success_at'),
  failingSince: instant('failing_since'),
  lastFailureAt: instant('last_failure_at'),
  lastError: text('last_error'),
});

/* A patent whose whole event list (past events too, spec: Endpoint 3) was read into the copy. */
export const syncPatentEvents = pgTable(
  'sync_patent_events',
  {
    connection: text('connection').notNull(),
    patentId: text('patent_id').notNull(),
    readAt: instant('read_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.connection, table.patentId] })],
);

/* Upstream calls each user spent on "Refresh now" per UTC day, against the per-user cap. */
export const syncRefreshUse = pgTable(
  'sync_refresh_use',
  {
    userId: text('user_id').notNull(),
    day: text('day').notNull(),
    calls: integer('calls').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.userId, table.day] })],
);
/*
 * Answers of the service the copy keeps whole, by key: the list of frozen months ('freezes',
 * spec: Endpoint 13) and a month's freeze preview ('freeze:YYYY-MM', Endpoint 14). `body` is the
 * JSON as read; pages read it instead of asking the service.
 */
export const syncDocument = pgTable(
  'sync_document',
  {
    connection: text('connection').notNull(),
    key: text('key').notNull(),
    body: text('body').notNull(),
    readAt: instant('read_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.connection, table.key] })],
);
// ── end synced copy ──────────────────────────────────────────────────────────────────────────

// ── tags, notes and the keep score ───────────────────────────────────────────────────────────
/*
 * A team's own tags on a patent or a family (a family is named by its clientFamilyReference):
 * "core", "licensed", "litigation", a product… A patent shows its own and its family's. Tags are
 * normalised (lib/signals/tags.ts) so "Core" and "core " are one tag. Every change is audited.
 */
export const patentTag = pgTable(
  'patent_tag',
  {
    /**
     * The client of the patent or family: a family reference is the client's own, so two clients
     * may use the same one, and each sees only its own family's tags (spec: rule 2).
     */
    connection: rowConnection(),
    scope: text('scope', { enum: ['patent', 'family'] }).notNull(),
    /** The patent id, or the family reference. */
    target: text('target').notNull(),
    tag: text('tag').notNull(),
    setByEmail: text('set_by_email'),
    setAt: instant('set_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.connection, table.scope, table.target, table.tag] }),
    index('patent_tag_tag_idx').on(table.tag),
  ],
);

/* One free-text note per patent or family, with who wrote it last. */
export const patentNote = pgTable(
  'patent_note',
  {
    /** The client of the patent or family, as for tags. */
    connection: rowConnection(),
    scope: text('scope', { enum: ['patent', 'family'] }).notNull(),
    target: text('target').notNull(),
    note: text('note').notNull(),
    updatedByEmail: text('updated_by_email'),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.connection, table.scope, table.target] })],
);

/*
 * The weights of the keep score an administrator sets (one row, id 'default'; no row: the
 * defaults of lib/signals/keep-score.ts). Parsed on read with the same schema the form uses.
 */
export const keepScorePolicy = pgTable('keep_score_policy', {
  id: text('id').primaryKey(),
  weights: jsonb('weights').$type<Record<string, unknown>>().notNull(),
  updatedAt: instant('updated_at').notNull().defaultNow(),
  updatedByEmail: text('updated_by_email'),
});
// ── end tags, notes and the keep score ───────────────────────────────────────────────────────

// ── savings from DROPs ───────────────────────────────────────────────────────────────────────
/*
 * What a DROP avoids, as the forecast said when it was sent: one row per renewal it spares (the
 * dropped one and the patent's later ones with an estimate), kept because the service deletes a
 * dropped patent's future renewals (spec: Instruction rules) and the forecast forgets them. Counted
 * as saved only once the batch item is executed (lib/server/forecast/savings.ts).
 */
export const dropSaving = pgTable(
  'drop_saving',
  {
    batchId: uuid('batch_id')
      .notNull()
      .references(() => instructionBatch.id, { onDelete: 'cascade' }),
    /** The renewal the DROP was sent on. */
    eventId: text('event_id').notNull(),
    /** A renewal it spares: the dropped one or a later one of the same patent. */
    sparedEventId: text('spared_event_id').notNull(),
    patentId: text('patent_id').notNull(),
    dueDate: text('due_date').notNull(),
    currency: text('currency').notNull(),
    amount: text('amount').notNull(),
    recordedAt: instant('recorded_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.batchId, table.sparedEventId] })],
);

// ── review holds ─────────────────────────────────────────────────────────────────────────────
/*
 * A renewal put "under review" before its deadline: an owner (a user who may decide) answers by the
 * review-by date (on or before the renewal's due date in the copy) with the decision asked for. One
 * open hold per renewal (the partial unique index). A hold ends when a decision is sent for the
 * renewal ('decided', lib/server/decisions/after-send.ts) or someone releases it ('released'). The
 * managers are told once when the review-by date passes with the hold still open (`overdue_told_at`).
 */
export const reviewHold = pgTable(
  'review_hold',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    connection: text('connection').notNull(),
    eventId: text('event_id').notNull(),
    patentId: text('patent_id').notNull(),
    /** The renewal's due date in the copy when the hold was placed. */
    dueDate: text('due_date').notNull(),
    ownerUserId: text('owner_user_id')
      .notNull()
      .references(() => user.id),
    /** YYYY-MM-DD. */
    reviewBy: text('review_by').notNull(),
    askedDecision: text('asked_decision', { enum: ['keep', 'drop', 'undecided'] }).notNull(),
    note: text('note'),
    createdByUserId: text('created_by_user_id'),
    createdByEmail: text('created_by_email'),
    createdAt: instant('created_at').notNull().defaultNow(),
    endedAt: instant('ended_at'),
    endedHow: text('ended_how', { enum: ['decided', 'released'] }),
    endedByEmail: text('ended_by_email'),
    overdueToldAt: instant('overdue_told_at'),
  },
  (table) => [
    uniqueIndex('review_hold_open_idx')
      .on(table.connection, table.eventId)
      .where(sql`${table.endedAt} is null`),
    index('review_hold_owner_idx').on(table.ownerUserId, table.endedAt),
  ],
);
// ── end review holds ─────────────────────────────────────────────────────────────────────────
