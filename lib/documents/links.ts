/** The dashboard's own document routes (app/api/documents), which stream the service's PDFs through. */
export type EventDocumentKind = 'instruction-receipt' | 'invoice' | 'official-receipt';

export function eventDocumentHref(patentId: string, eventId: string, kind: EventDocumentKind): string {
  return `/api/documents/${encodeURIComponent(patentId)}/${encodeURIComponent(eventId)}/${kind}`;
}
