import 'server-only';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lt,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { z } from 'zod';
import { clientFilterSchema } from '../../clients/client-filter.schema';
import { getDb } from '../../db';
import { auditLog, instructionBatchItem } from '../../db/schema';
import { patentName } from '../../portfolio/patent-name';
import { connectionsToRead } from '../clients/client-filter';
import { type ClientScope, clientNameOf, labelsClients } from '../clients/scope';
import { AUDIT_ACTION_LABELS, auditActionLabel, auditDetailsText } from './audit-labels';

const isoDate = z.iso.date();

/** The audit log's filters as they appear in the URL; bad values are dropped, never an error page. */
export const auditFilterSchema = z.object({
  action: z.string().trim().max(100).optional().catch(undefined),
  actor: z.string().trim().max(254).optional().catch(undefined),
  outcome: z.enum(['success', 'failure']).optional().catch(undefined),
  from: isoDate.optional().catch(undefined),
  to: isoDate.optional().catch(undefined),
  client: clientFilterSchema.catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).default(1).catch(1),
});
export type AuditFilter = z.output<typeof auditFilterSchema>;

/**
 * The export's query: the same filters, but a value it cannot use is a 400 naming it, never
 * quietly dropped (the page names such values too, app/(dashboard)/admin/(sections)/audit).
 */
export const auditExportQuerySchema = z.object({
  action: z.string().trim().max(100).optional(),
  actor: z.string().trim().max(254).optional(),
  outcome: z.enum(['success', 'failure']).optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
  client: clientFilterSchema,
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});

export const AUDIT_PAGE_SIZE = 50;
/** An export holds at most this many entries (the newest); narrow the filters for older ones. */
export const AUDIT_EXPORT_LIMIT = 50_000;

/** One entry as the page and the export show it: actions in words, decisions with their patents. */
export interface AuditEntryView {
  id: string;
  at: Date;
  actorEmail: string | null;
  action: string;
  actionLabel: string;
  /** The name of the client the entry concerns; null for what concerns no client. */
  client: string | null;
  target: string | null;
  /** For decisions: each patent of the batch with its decision ("EP1234567 PROCEED"). */
  patents: string[];
  outcome: 'success' | 'failure';
  requestId: string | null;
  /** The service's request ids, without the dashboard's own (shown once, in requestId). */
  upstreamRequestIds: string[];
  detailsText: string;
  details: Record<string, unknown>;
}

/**
 * What concerns no client: sign-ins, a user's own account, user administration, single sign-on,
 * chat channels, the keep score's weights (one for all). Every administrator reads these entries.
 */
const CLIENTLESS_AUDIT_ACTIONS: readonly string[] = [
  'auth.sign_in',
  'auth.sign_in_failed',
  'auth.sign_out',
  'auth.sso_sign_in_failed',
  'sso.default_role',
  'account.change_password',
  'calendar-feed.issue',
  'calendar-feed.revoke',
  'users.create',
  'users.create_first_admin',
  'users.update',
  'users.set_role',
  'users.deactivate',
  'users.reactivate',
  'users.set_clients',
  'users.reset_password',
  'chat_channel.add',
  'chat_channel.classes',
  'chat_channel.remove',
  'keep_score.weights',
];

/**
 * The entries a viewer reads (spec: rule 2, a client's data is its own): those of the clients in
 * their scope, or of the one client named (another's is 404); unless the log itself is filtered
 * to a client, also what concerns no client (CLIENTLESS_AUDIT_ACTIONS), whichever client the
 * header shows: a sign-in or a user added is no client's, and an administrator looking for it
 * must not have to switch the header to all clients first. Any other entry without a
 * client (written before entries recorded theirs, or an action over several clients) may name
 * any client's patents: only a user of every client reads it, and they read the whole log,
 * retired clients' entries included.
 */
function visibleTo(scope: ClientScope, client?: string): SQL | undefined {
  const connections = connectionsToRead(scope, client);
  if (!client && !scope.chosen && scope.allClients) return undefined;
  const ofClients = connections.length > 0 ? inArray(auditLog.connection, connections) : sql`false`;
  if (client) return ofClients;
  return or(
    ofClients,
    and(isNull(auditLog.connection), inArray(auditLog.action, [...CLIENTLESS_AUDIT_ACTIONS])),
  );
}

function whereOf(filter: AuditFilter, scope: ClientScope): SQL | undefined {
  const conditions: SQL[] = [];
  const visible = visibleTo(scope, filter.client);
  if (visible) conditions.push(visible);
  // Chosen from lists on the page: exact (the actor case-insensitively), no wildcards.
  if (filter.action) conditions.push(eq(auditLog.action, filter.action));
  if (filter.actor) conditions.push(ilike(auditLog.actorEmail, escapeLike(filter.actor)));
  if (filter.outcome) conditions.push(eq(auditLog.outcome, filter.outcome));
  if (filter.from) conditions.push(gte(auditLog.at, new Date(`${filter.from}T00:00:00Z`)));
  if (filter.to)
    conditions.push(lt(auditLog.at, new Date(new Date(`${filter.to}T00:00:00Z`).getTime() + 86_400_000)));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

export async function queryAuditLog(filter: AuditFilter, scope: ClientScope) {
  const where = whereOf(filter, scope);
  const db = await getDb();
  const [rows, [total]] = await Promise.all([
    readEntries(scope, where, AUDIT_PAGE_SIZE, (filter.page - 1) * AUDIT_PAGE_SIZE),
    db.select({ n: count() }).from(auditLog).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** The newest entries matching the filter, for the CSV export. */
export async function auditLogForExport(filter: AuditFilter, scope: ClientScope): Promise<AuditEntryView[]> {
  return readEntries(scope, whereOf(filter, scope), AUDIT_EXPORT_LIMIT, 0);
}

/**
 * The choices of the page's filters: every known action, who appears in the entries the viewer
 * reads, and the viewer's clients (only when they work for several and chose none in the header).
 */
export async function auditFilterOptions(scope: ClientScope) {
  const db = await getDb();
  const visible = visibleTo(scope);
  const [actors, actions] = await Promise.all([
    db
      .selectDistinct({ email: auditLog.actorEmail })
      .from(auditLog)
      .where(and(isNotNull(auditLog.actorEmail), visible))
      .orderBy(asc(auditLog.actorEmail))
      .limit(1_000),
    db.selectDistinct({ action: auditLog.action }).from(auditLog).where(visible).limit(500),
  ]);
  const actionCodes = new Set([...Object.keys(AUDIT_ACTION_LABELS), ...actions.map((row) => row.action)]);
  return {
    actors: actors.flatMap((row) => (row.email ? [row.email] : [])),
    actions: [...actionCodes]
      .map((code) => ({ code, label: auditActionLabel(code) }))
      .sort((a, b) => a.label.localeCompare(b.label)),
    clients: labelsClients(scope) && !scope.chosen ? scope.clients : [],
  };
}

const DECISION_ACTIONS = new Set([
  'decisions.send',
  'decisions.reconcile',
  // Approvals name the same batches.
  'approvals.submit',
  'approvals.approve',
  'approvals.return',
]);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function readEntries(
  scope: ClientScope,
  where: SQL | undefined,
  limit: number,
  offset: number,
): Promise<AuditEntryView[]> {
  const db = await getDb();
  const rows = await db
    .select()
    .from(auditLog)
    .where(where)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(limit)
    .offset(offset);
  const patents = await patentsOfBatches(
    rows.flatMap((row) =>
      DECISION_ACTIONS.has(row.action) && row.target && UUID.test(row.target) ? [row.target] : [],
    ),
  );
  return rows.map((row) => ({
    id: row.id,
    at: row.at,
    actorEmail: row.actorEmail,
    action: row.action,
    actionLabel: auditActionLabel(row.action),
    client: row.connection ? clientNameOf(scope, row.connection) : null,
    target: row.target,
    patents: (row.target && patents.get(row.target)) || [],
    outcome: row.outcome,
    requestId: row.requestId,
    upstreamRequestIds: [...new Set(row.upstreamRequestIds)].filter((id) => id !== row.requestId),
    detailsText: auditDetailsText(row.details),
    details: row.details,
  }));
}

/** The patents a decision batch concerned, each named as everywhere else (patentName). */
async function patentsOfBatches(batchIds: string[]): Promise<Map<string, string[]>> {
  const byBatch = new Map<string, string[]>();
  if (batchIds.length === 0) return byBatch;
  const db = await getDb();
  const items = await db
    .select({
      batchId: instructionBatchItem.batchId,
      patentId: instructionBatchItem.patentId,
      caseReference: instructionBatchItem.caseReference,
      providerId: instructionBatchItem.providerId,
      decision: instructionBatchItem.decision,
      rationale: instructionBatchItem.rationale,
    })
    .from(instructionBatchItem)
    .where(inArray(instructionBatchItem.batchId, [...new Set(batchIds)]))
    .orderBy(asc(instructionBatchItem.position));
  for (const item of items) {
    const list = byBatch.get(item.batchId) ?? [];
    // The reason given travels with the decision, on the page and in the export.
    list.push(`${patentName(item)} ${item.decision}${item.rationale ? ` (reason: ${item.rationale})` : ''}`);
    byBatch.set(item.batchId, list);
  }
  return byBatch;
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}
