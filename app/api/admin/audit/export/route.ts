import { auditLogCsv } from '@/lib/server/audit/audit-export';
import { auditExportQuerySchema } from '@/lib/server/audit/audit-query';
import { defineRoute } from '@/lib/server/http/route';

/** The audit log as CSV, with the audit page's filters (URL state) applied. */
export const GET = defineRoute({ access: 'audit:read', query: auditExportQuerySchema }, async ({ query }) =>
  auditLogCsv(query),
);
