import 'server-only';
import { calendarToday } from '../../format/dates';
import { type ClientScope, labelsClients } from '../clients/scope';
import { fileResponse, toCsv } from '../files/export-file';
import { type AuditFilter, auditLogForExport } from './audit-query';

const HEADER = [
  'When (UTC)',
  'Who',
  'Action',
  'Action code',
  'Concerning',
  'Patents',
  'Outcome',
  'Details',
  'Request id',
  'Service request ids',
  'Details (JSON)',
];

/**
 * The audit log as a CSV file, the filters of the page applied (formula-looking cells defused),
 * of the entries the viewer reads; a "Client" column leads when they work for several clients.
 */
export async function auditLogCsv(filter: AuditFilter, scope: ClientScope): Promise<Response> {
  const entries = await auditLogForExport(filter, scope);
  const labelled = labelsClients(scope);
  const rows = entries.map((entry) => [
    ...(labelled ? [entry.client] : []),
    entry.at.toISOString(),
    entry.actorEmail,
    entry.actionLabel,
    entry.action,
    entry.target,
    entry.patents.join('; '),
    entry.outcome,
    entry.detailsText,
    entry.requestId,
    entry.upstreamRequestIds.join(' '),
    JSON.stringify(entry.details),
  ]);
  return fileResponse(
    toCsv([labelled ? ['Client', ...HEADER] : HEADER, ...rows]),
    'csv',
    `audit-log-${calendarToday()}`,
  );
}
