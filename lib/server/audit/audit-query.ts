import 'server-only';
import { and, count, desc, eq, gte, ilike, lt, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { getDb } from '../../db';
import { auditLog } from '../../db/schema';

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

export const AUDIT_PAGE_SIZE = 50;

export async function queryAuditLog(filter: AuditFilter) {
  const conditions: SQL[] = [];
  if (filter.action) conditions.push(ilike(auditLog.action, `%${escapeLike(filter.action)}%`));
  if (filter.actor) conditions.push(ilike(auditLog.actorEmail, `%${escapeLike(filter.actor)}%`));
  if (filter.outcome) conditions.push(eq(auditLog.outcome, filter.outcome));
  if (filter.from) conditions.push(gte(auditLog.at, new Date(`${filter.from}T00:00:00Z`)));
  if (filter.to)
    conditions.push(lt(auditLog.at, new Date(new Date(`${filter.to}T00:00:00Z`).getTime() + 86_400_000)));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const db = await getDb();
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.at))
      .limit(AUDIT_PAGE_SIZE)
      .offset((filter.page - 1) * AUDIT_PAGE_SIZE),
    db.select({ n: count() }).from(auditLog).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}
