import 'server-only';
import { and, asc, count, desc, eq, gte, ilike, inArray, isNotNull, lt, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { getDb } from '../../db';
import { auditLog, instructionBatchItem } from '../../db/schema';
import { patentName } from '../../portfolio/patent-name';
import { AUDIT_ACTION_LABELS, auditActionLabel, auditDetailsText } from './audit-labels';

const isoDate = z.iso.date();

/** The audit log's filters as they appear in the URL; bad values are dropped, never an error page. */
export const auditFilterSchema = z.object({
  action: z.string().trim().max(100).optional().catch(undefined),
  actor: z.string().trim().max(254).optional().catch(undefined),
  outcome: z.enum(['success', 'failure']).optional().catch(undefined),
  from: isoDate.optional().catch(undefined),
  to: isoDate.optional().catch(undefined),
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

function whereOf(filter: AuditFilter): SQL | undefined {
  const conditions: SQL[] = [];
  // Chosen from lists on the page: exact (the actor case-insensitively), no wildcards.
  if (filter.action) conditions.push(eq(auditLog.action, filter.action));
  if (filter.actor) conditions.push(ilike(auditLog.actorEmail, escapeLike(filter.actor)));
  if (filter.outcome) conditions.push(eq(auditLog.outcome, filter.outcome));
  if (filter.from) conditions.push(gte(auditLog.at, new Date(`${filter.from}T00:00:00Z`)));
  if (filter.to)
    conditions.push(lt(auditLog.at, new Date(new Date(`${filter.to}T00:00:00Z`).getTime() + 86_400_000)));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

export async function queryAuditLog(filter: AuditFilter) {
  const where = whereOf(filter);
  const db = await getDb();
  const [rows, [total]] = await Promise.all([
    readEntries(where, AUDIT_PAGE_SIZE, (filter.page - 1) * AUDIT_PAGE_SIZE),
    db.select({ n: count() }).from(auditLog).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** The newest entries matching the filter, for the CSV export. */
export async function auditLogForExport(filter: AuditFilter): Promise<AuditEntryView[]> {
  return readEntries(whereOf(filter), AUDIT_EXPORT_LIMIT, 0);
}

/** The choices of the page's filters: every known action, and who appears in the log. */
export async function auditFilterOptions() {
  const db = await getDb();
  const [actors, actions] = await Promise.all([
    db
      .selectDistinct({ email: auditLog.actorEmail })
      .from(auditLog)
      .where(isNotNull(auditLog.actorEmail))
      .orderBy(asc(auditLog.actorEmail))
      .limit(1_000),
    db.selectDistinct({ action: auditLog.action }).from(auditLog).limit(500),
  ]);
  const actionCodes = new Set([...Object.keys(AUDIT_ACTION_LABELS), ...actions.map((row) => row.action)]);
  return {
    actors: actors.flatMap((row) => (row.email ? [row.email] : [])),
    actions: [...actionCodes]
      .map((code) => ({ code, label: auditActionLabel(code) }))
      .sort((a, b) => a.label.localeCompare(b.label)),
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

async function readEntries(where: SQL | undefined, limit: number, offset: number): Promise<AuditEntryView[]> {
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
