import { auditLogCsv } from '@/lib/server/audit/audit-export';
import { auditExportQuerySchema } from '@/lib/server/audit/audit-query';
import { defineRoute } from '@/lib/server/http/route';

/**
 * The audit log as CSV, with the audit page's filters (URL state) applied, of the entries of the
 * viewer's clients (another client named in `client`: 404).
 */
export const GET = defineRoute(
  { access: 'audit:read', query: auditExportQuerySchema },
  async ({ query, clients }) => auditLogCsv(query, await clients()),
);
