import 'server-only';
import { and, eq, inArray } from 'drizzle-orm';
import type { Invoice } from '../../annuity/schemas';
import { getDb } from '../../db';
import { reconciliationMark } from '../../db/schema';
import { plural, pluralWord } from '../../format/plural';
import { INVOICE_MARK_KEY, lineKeys } from '../../invoices/line-keys';
import { type MarkStatus, type MarkView, reconciliationStatus } from '../../invoices/reconciliation';
import { recordAudit } from '../audit/audit';
import type { Viewer } from '../auth/session';
import type { ClientScope } from '../clients/scope';
import { DomainError } from '../errors/domain-error';
import { findInvoice } from './catalog';

/**
 * Finance's marks, kept in the database so every finance user and every instance sees
 * the same ones. The latest mark of a line wins; every change is audited as
 * `reconciliation.mark`, and the audit log keeps the history (lib/db/schema.ts).
 */
type MarkRow = typeof reconciliationMark.$inferSelect;

const toView = (row: MarkRow): MarkView => ({
  lineKey: row.lineKey,
  status: row.status,
  note: row.note,
  markedByEmail: row.markedByEmail,
  markedAt: row.markedAt.toISOString(),
});

const ID_CHUNK = 500;

/** The marks of one client's invoices (its rows only, spec: rule 2). */
export async function marksOfInvoices(
  connection: string,
  invoiceIds: readonly string[],
): Promise<Map<string, MarkView[]>> {
  const db = await getDb();
  const marks = new Map<string, MarkView[]>();
  const unique = [...new Set(invoiceIds)];
  for (let start = 0; start < unique.length; start += ID_CHUNK) {
    const rows = await db
      .select()
      .from(reconciliationMark)
      .where(
        and(
          eq(reconciliationMark.connection, connection),
          inArray(reconciliationMark.invoiceId, unique.slice(start, start + ID_CHUNK)),
        ),
      );
    for (const row of rows) {
      const list = marks.get(row.invoiceId);
      if (list) list.push(toView(row));
      else marks.set(row.invoiceId, [toView(row)]);
    }
  }
  return marks;
}

async function marksOfInvoice(connection: string, invoiceId: string): Promise<MarkView[]> {
  return (await marksOfInvoices(connection, [invoiceId])).get(invoiceId) ?? [];
}

/** The marks of an invoice in the scope; another client's invoice is not found (spec: rule 2). */
export async function marksOfInvoiceInScope(
  scope: ClientScope,
  invoiceId: string,
  requestId: string,
): Promise<MarkView[]> {
  const { connection } = await findInvoice(scope, invoiceId, requestId);
  return marksOfInvoice(connection, invoiceId);
}

export interface MarkInput {
  lineKey: string;
  status: MarkStatus;
  note: string | null;
}

/**
 * Marks a line or the invoice as read from the service first, with its client's key, so a mark
 * always names a line the invoice has (spec: Endpoints 12; a 404 there is a 404 here too); an
 * invoice outside the scope is not found.
 */
export async function markInvoiceById(
  actor: Viewer,
  scope: ClientScope,
  invoiceId: string,
  input: MarkInput,
  requestId: string,
): Promise<MarkView[]> {
  const { client, connection } = await findInvoice(scope, invoiceId, requestId);
  const { data: invoice } = await client.getInvoice(invoiceId, { requestId });
  return markInvoice(actor, connection, invoice, input, requestId);
}

/**
 * Marks a line, or the invoice. Marking the invoice reconciled reconciles every line not marked
 * yet, since an invoice is reconciled exactly when all its lines are; it is refused while a line
 * is disputed, so a dispute is never closed without a word on that line. A refusal is audited
 * here, with the line and the note, and thrown for the route to answer.
 */
async function markInvoice(
  actor: Viewer,
  connection: string,
  invoice: Invoice,
  input: MarkInput,
  requestId: string,
): Promise<MarkView[]> {
  const keys = lineKeys(invoice.fees);
  const refuse = async (status: number, code: string, title: string, detail: string): Promise<never> => {
    await audit(actor, connection, invoice, input, requestId, 'failure', { code });
    throw new DomainError({ status, code, title, detail, auditedByFeature: true });
  };
  if (input.lineKey !== INVOICE_MARK_KEY && !keys.includes(input.lineKey)) {
    return refuse(
      404,
      'line_not_found',
      'No such line',
      'This invoice has no such line. Reload the invoice.',
    );
  }
  const db = await getDb();
  const existing = await marksOfInvoice(connection, invoice.id);
  const previous = existing.find((mark) => mark.lineKey === input.lineKey)?.status ?? null;
  const wholeInvoice = input.lineKey === INVOICE_MARK_KEY && input.status === 'reconciled';
  if (wholeInvoice) {
    const disputed = existing.filter((m) => m.status === 'disputed' && keys.includes(m.lineKey));
    if (disputed.length > 0) {
      return refuse(
        409,
        'lines_disputed',
        'Lines are disputed',
        `${plural(disputed.length, 'line')} of this invoice ${pluralWord(disputed.length, 'is', 'are')} disputed. Mark each of them reconciled, with a note, before reconciling the invoice.`,
      );
    }
  }
  const marked = new Set(existing.map((mark) => mark.lineKey));
  const values = (lineKey: string) => ({
    connection,
    invoiceId: invoice.id,
    lineKey,
    status: input.status,
    note: input.note,
    markedByUserId: actor.userId,
    markedByEmail: actor.email,
    markedAt: new Date(),
  });
  const rows = [
    values(input.lineKey),
    ...(wholeInvoice ? keys.filter((k) => !marked.has(k)).map(values) : []),
  ];
  await db.transaction(async (tx) => {
    for (const row of rows) {
      await tx
        .insert(reconciliationMark)
        .values(row)
        .onConflictDoUpdate({
          target: [reconciliationMark.invoiceId, reconciliationMark.lineKey],
          set: {
            status: row.status,
            note: row.note,
            markedByUserId: row.markedByUserId,
            markedByEmail: row.markedByEmail,
            markedAt: row.markedAt,
          },
        });
    }
  });
  const marks = await marksOfInvoice(connection, invoice.id);
  await audit(actor, connection, invoice, input, requestId, 'success', {
    previousStatus: previous,
    linesMarked: rows.length - 1,
    invoiceStatus: reconciliationStatus(keys, marks),
  });
  return marks;
}

async function audit(
  actor: Viewer,
  connection: string,
  invoice: Invoice,
  input: MarkInput,
  requestId: string,
  outcome: 'success' | 'failure',
  details: Record<string, unknown>,
): Promise<void> {
  await recordAudit({
    actor: { userId: actor.userId, email: actor.email },
    action: 'reconciliation.mark',
    target: invoice.id,
    connection,
    outcome,
    requestId,
    details: {
      invoiceReference: invoice.reference,
      lineKey: input.lineKey === INVOICE_MARK_KEY ? '(invoice)' : input.lineKey,
      status: input.status,
      note: input.note,
      ...details,
    },
  });
}
