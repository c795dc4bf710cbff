import { z } from 'zod';
import { eventDocumentFilename } from '@/lib/documents/links';
import { can } from '@/lib/policy/roles';
import {
  DOCUMENT_KINDS,
  DOCUMENT_PERMISSION,
  documentResponse,
  fetchEventDocument,
} from '@/lib/server/documents/documents';
import { problemResponse } from '@/lib/server/errors/problem';
import { defineRoute } from '@/lib/server/http/route';
import { eventConnection } from '@/lib/server/portfolio/owner';
import { snapshotPatent } from '@/lib/server/portfolio/snapshot';

const paramsSchema = z.object({
  patentId: z.uuid({ error: 'expected a patent id' }),
  eventId: z.uuid({ error: 'expected an event id' }),
  kind: z.enum(DOCUMENT_KINDS),
});

/**
 * Downloads an event's invoice, instruction receipt or official receipt. Any role that may see a
 * document reaches this route; the document's own permission is checked right after. It is read
 * with the key of the event's own client, found in our copy among the request's clients; another
 * client's event is not found (404) and nothing is asked of the service.
 */
export const GET = defineRoute(
  { access: 'invoice-documents:read', params: paramsSchema },
  async ({ params, viewer, requestId, clients }) => {
    if (!can(viewer.role, DOCUMENT_PERMISSION[params.kind])) {
      return problemResponse({
        status: 403,
        code: 'forbidden_for_role',
        title: 'Not allowed for your role',
        detail: 'Your role does not allow downloading this document.',
        requestId,
      });
    }
    const connection = await eventConnection(params.patentId, params.eventId, (await clients()).connections);
    const document = await fetchEventDocument(
      params.kind,
      params.patentId,
      params.eventId,
      requestId,
      connection,
    );
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
    // Saved under the renewal's case reference (provider id, then event id), from the portfolio copy.
    const patent = (await snapshotPatent(params.patentId, [connection]).catch(() => null))?.patent;
    const refs = {
      caseReference: patent?.clientCaseReference ?? null,
      providerId: patent?.providerId ?? null,
      eventId: params.eventId,
    };
    return documentResponse(
      { ...document, filename: eventDocumentFilename(params.kind, document.filename, refs) },
      eventDocumentFilename(params.kind, null, refs),
    );
  },
);
