'use client';

import { Button } from '@/components/ui/button';
import { deferred } from '@/components/ui/deferred';
import { type EventDocumentKind, eventDocumentHref } from '@/lib/documents/links';
import type { DocumentAccess } from '@/lib/policy/roles';

interface ReceiptProps {
  patentId: string;
  eventId: string;
  label: string;
}

/** The receipt's button as it looks before its download code has loaded (nothing to say yet). */
function OfficialReceiptPlaceholder({ label }: ReceiptProps) {
  return (
    <span className="inline-flex items-center gap-2">
      <Button variant="link" size="sm" className="h-auto p-0" aria-label={`Official receipt of ${label}`}>
        Official receipt
      </Button>
      <span role="status" className="text-xs text-muted-foreground" />
    </span>
  );
}

// The download (and its Content-Disposition parsing) loads after hydration: the month view draws
// this cell in every row (docs/performance.md, JS per route).
const OfficialReceiptButton = deferred(
  () =>
    import('@/components/tracking/official-receipt-button').then((module) => module.OfficialReceiptButton),
  OfficialReceiptPlaceholder,
);

interface DocumentEvent {
  id: string;
  /** How the user names the patent (case reference), for the controls' accessible names. */
  name?: string;
  patentId: string;
  appliedDecision: string | null;
  processingStatus: string | null;
  feesStatus: string | null;
}

/**
 * Links to an event's documents, shown when they can exist: the instruction receipt once a
 * decision is applied (spec: available right after posting), the invoice once invoiced, the
 * official receipt once FULFILLED (before that the service answers 404, spec: Endpoints 6-8).
 * Each link is offered only to people who may open it; the route checks again.
 */
export function EventDocuments({
  event,
  access,
  inline = false,
}: {
  event: DocumentEvent;
  /** What the viewer may open (documentAccess of their role, worked out on the server). */
  access: DocumentAccess;
  /** One line, for tables whose rows have a fixed height. */
  inline?: boolean;
}) {
  const links: { kind: EventDocumentKind; label: string }[] = [];
  if (event.appliedDecision && access.eventDocuments) {
    links.push({ kind: 'instruction-receipt', label: 'Instruction receipt' });
  }
  if (event.feesStatus === 'INVOICED' && access.invoiceDocuments) {
    links.push({ kind: 'invoice', label: 'Invoice' });
  }
  // Only a paid renewal gets an office receipt, and only once FULFILLED (spec: Endpoints 8).
  const official =
    event.processingStatus === 'FULFILLED' && event.appliedDecision === 'PROCEED' && access.eventDocuments;
  if (links.length === 0 && !official) return <span className="text-muted-foreground">—</span>;
  return (
    <ul className={inline ? 'flex gap-2 whitespace-nowrap' : 'flex flex-col gap-0.5'}>
      {links.map((link) => (
        <li key={link.kind}>
          <a
            href={eventDocumentHref(event.patentId, event.id, link.kind)}
            download
            className="text-primary underline-offset-2 hover:underline"
          >
            {link.label}
            {/* Several rows carry the same links: the patent makes each name unique for screen readers. */}
            <span className="sr-only"> of {event.name ?? event.id}</span>
            {inline ? null : ' (PDF)'}
          </a>
        </li>
      ))}
      {official ? (
        <li>
          {/* Fetched first, so "not yet available" is said on the page instead of a failed download. */}
          <OfficialReceiptButton
            // Its state (a download under way, "not yet available") is this event's: a table that
            // reuses the row for another renewal must not show it there.
            key={event.id}
            patentId={event.patentId}
            eventId={event.id}
            label={event.name ?? event.id}
          />
        </li>
      ) : null}
    </ul>
  );
}
