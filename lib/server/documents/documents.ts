/**
 * `lib/server/documents/`: event PDFs streamed through, official receipts on file.
 */
import 'server-only';
import type { AnnuityDocument } from '../../annuity/client';
import { attachmentDisposition, safeFilename } from '../../annuity/content-disposition';
import type { Permission } from '../../policy/roles';
import { upstreamClient } from '../connection/upstream';

/**
 * The three per-event documents (spec: Endpoints 6-8), streamed from the service through our
 * server with its filename and content type, never buffered whole.
 */
export const DOCUMENT_KINDS = ['invoice', 'instruction-receipt', 'official-receipt'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/** Invoice PDFs are finance's too; receipts belong to those who decide (issue: roles). */
export const DOCUMENT_PERMISSION: Record<DocumentKind, Permission> = {
  invoice: 'invoice-documents:read',
  'instruction-receipt': 'event-documents:read',
  'official-receipt': 'event-documents:read',
};

/**
 * null: the official receipt is not recorded yet (spec: "treat 404 as not yet available"). Read
 * with the key of `connection`, the event's own client (lib/server/portfolio/owner.ts).
 */
export async function fetchEventDocument(
  kind: DocumentKind,
  patentId: string,
  eventId: string,
  requestId: string,
  connection: string,
): Promise<AnnuityDocument | null> {
  const client = upstreamClient(requestId, connection);
  const call = { requestId };
  switch (kind) {
    case 'invoice':
      return (await client.getInvoiceDocument(patentId, eventId, call)).data;
    case 'instruction-receipt':
      return (await client.getInstructionReceiptDocument(patentId, eventId, call)).data;
    case 'official-receipt':
      return (await client.getOfficialReceiptDocument(patentId, eventId, call)).data;
  }
}

/**
 * Our answer for a document: the service's bytes as a stream, named as the service named them,
 * made safe. spec: Endpoints 6 to 8 — the documents are `application/pdf`, and the official
 * receipt's filename pattern is not shown: whatever name and type the upstream sends, the browser
 * gets a PDF type (never a type it would render, such as HTML) and a filename without path or
 * control characters, in an ASCII `filename` and the exact (possibly non-ASCII) `filename*`.
 */
export function documentResponse(document: AnnuityDocument, fallbackName: string): Response {
  const filename = safeFilename(document.filename, fallbackName, '.pdf');
  const headers: Record<string, string> = {
    'content-type': 'application/pdf',
    'content-disposition': attachmentDisposition(filename),
    'cache-control': 'private, no-store',
    'x-content-type-options': 'nosniff',
  };
  if (document.contentLength !== null) headers['content-length'] = String(document.contentLength);
  return new Response(document.stream, { headers });
}
