import { z } from 'zod';
import { can } from '@/lib/policy/roles';
import {
  DOCUMENT_KINDS,
  DOCUMENT_PERMISSION,
  documentResponse,
  fetchEventDocument,
} from '@/lib/server/documents/documents';
import { problemResponse } from '@/lib/server/http/problem';
import { defineRoute } from '@/lib/server/http/route';

const paramsSchema = z.object({
  patentId: z.uuid({ error: 'expected a patent id' }),
  eventId: z.uuid({ error: 'expected an event id' }),
  kind: z.enum(DOCUMENT_KINDS),
});

/**
 * Downloads an event's invoice, instruction receipt or official receipt. Any role that may see a
 * document reaches this route; the document's own permission is checked right after.
 */
export const GET = defineRoute(
  { access: 'invoice-documents:read', params: paramsSchema },
  async ({ params, viewer, requestId }) => {
    if (!can(viewer.role, DOCUMENT_PERMISSION[params.kind])) {
      return problemResponse({
        status: 403,
        code: 'forbidden_for_role',
        title: 'Not allowed for your role',
        detail: 'Your role does not allow downloading this document.',
        requestId,
      });
    }
    const document = await fetchEventDocument(params.kind, params.patentId, params.eventId, requestId);
    if (!document) {
      return problemResponse({
        status: 404,
        code: 'document_not_yet_available',
        title: 'Not yet available',
        detail:
          'The office has not confirmed this renewal yet, so there is no official receipt. Try again later.',
        requestId,
      });
    }
    return documentResponse(document, `${params.kind}-${params.eventId}.pdf`);
  },
);
