import type { Role } from '@/lib/policy/roles';
import { can } from '@/lib/policy/roles';

interface DocumentEvent {
  id: string;
  patentId: string;
  appliedDecision: string | null;
  processingStatus: string | null;
  feesStatus: string | null;
}

/**
 * Links to an event's documents, shown when they can exist: the instruction receipt once a
 * decision is applied (spec: available right after posting), the invoice once invoiced, the
 * official receipt once FULFILLED (before that the service answers 404, spec: Endpoints 6-8).
 * Each link is offered only to roles that may open it; the route checks again.
 */
export function EventDocuments({ event, role }: { event: DocumentEvent; role: Role }) {
  const href = (kind: string) =>
    `/api/documents/${encodeURIComponent(event.patentId)}/${encodeURIComponent(event.id)}/${kind}`;
  const links: { kind: string; label: string }[] = [];
  if (event.appliedDecision && can(role, 'event-documents:read')) {
    links.push({ kind: 'instruction-receipt', label: 'Instruction receipt' });
  }
  if (event.feesStatus === 'INVOICED' && can(role, 'invoice-documents:read')) {
    links.push({ kind: 'invoice', label: 'Invoice' });
  }
  if (event.processingStatus === 'FULFILLED' && can(role, 'event-documents:read')) {
    links.push({ kind: 'official-receipt', label: 'Official receipt' });
  }
  if (links.length === 0) return <span className="text-muted-foreground">—</span>;
  return (
    <ul className="flex flex-col gap-0.5">
      {links.map((link) => (
        <li key={link.kind}>
          <a href={href(link.kind)} download className="text-primary underline-offset-2 hover:underline">
            {link.label} (PDF)
          </a>
        </li>
      ))}
    </ul>
  );
}
