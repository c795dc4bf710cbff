/**
 * The lines an export answers with when the browser asks for progress (`progress=1`): a plan, then
 * progress and pieces of the file as they are made, then done — or an error problem, since the
 * status code is sent before the work starts. One JSON object per line (NDJSON).
 */
export type ExportMessage =
  | { type: 'plan'; invoices: number; lines: number; filename: string; contentType: string }
  | { type: 'progress'; phase: 'events'; calls: number; plannedCalls: number }
  | { type: 'progress'; phase: 'lines'; done: number; total: number }
  | { type: 'data'; base64: string }
  | { type: 'done' }
  | { type: 'error'; problem: { title?: string; detail?: string; code?: string; requestId?: string } };

export const EXPORT_PROGRESS_CONTENT_TYPE = 'application/x-ndjson; charset=utf-8';

/**
 * Reading the service's events is most of the wait; writing lines the rest. The bar gives the
 * first phase 80% and the second 20%, and never reaches 100% before the file is complete.
 */
export function exportPercent(message: Extract<ExportMessage, { type: 'progress' }>): number {
  if (message.phase === 'events') {
    return message.plannedCalls === 0
      ? 0
      : Math.min(80, Math.floor((message.calls / message.plannedCalls) * 80));
  }
  return message.total === 0 ? 99 : Math.min(99, 80 + Math.floor((message.done / message.total) * 19));
}

export function exportProgressText(message: Extract<ExportMessage, { type: 'progress' }>): string {
  return message.phase === 'events'
    ? `Reading renewal events from the service (${message.calls} of about ${Math.max(message.calls, message.plannedCalls)} calls)…`
    : `Writing lines (${message.done} of ${message.total})…`;
}
