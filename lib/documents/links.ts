/** The dashboard's own document routes (app/api/documents), which stream the service's PDFs through. */
export type EventDocumentKind = 'instruction-receipt' | 'invoice' | 'official-receipt';

export function eventDocumentHref(patentId: string, eventId: string, kind: EventDocumentKind): string {
  return `/api/documents/${encodeURIComponent(patentId)}/${encodeURIComponent(eventId)}/${kind}`;
}

/**
 * The name a downloaded event document is saved under, so a folder of receipts reads by case: the
 * service's own filename (spec: Endpoints 6 to 8 leave its pattern open), with the event id in it
 * replaced by the renewal's case reference, or its provider id without one; the event id stays
 * only when there is neither. Without a name from the service: `<kind>-<reference>.pdf`.
 */
export function eventDocumentFilename(
  kind: EventDocumentKind,
  serviceName: string | null,
  refs: { caseReference: string | null; providerId: string | null; eventId: string },
): string {
  const reference = refs.caseReference?.trim() || refs.providerId?.trim() || refs.eventId;
  if (!serviceName) return `${kind}-${reference}.pdf`;
  return serviceName.split(refs.eventId).join(reference);
}
