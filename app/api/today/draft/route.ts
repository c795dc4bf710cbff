import { z } from 'zod';
import { MAX_DRAFT_ENTRIES } from '@/lib/decisions/draft';
import { draftEntrySchema } from '@/lib/decisions/draft.schema';
import { defineRoute } from '@/lib/server/http/route';
import { assertEventsInScope } from '@/lib/server/portfolio/owner';
import { addToDraft } from '@/lib/server/today/draft';

/**
 * Adds a bucket, or a selection of it, to the signed-in user's decision draft with one decision.
 * Each entry keeps the decisions the service offered when Today read it; those outside them, a
 * second renewal of a patent, or past the batch limit are refused and named in `refused`. Nothing
 * is sent to the service here: the draft is reviewed and sent from the review page.
 */
export const POST = defineRoute(
  {
    access: 'decisions:write',
    body: z.object({ entries: z.array(draftEntrySchema).min(1).max(MAX_DRAFT_ENTRIES) }),
  },
  async ({ viewer, body, clients }) => {
    // Another client's renewal is not found, as one that does not exist (spec: rule 2).
    await assertEventsInScope(
      body.entries.map((entry) => entry.eventId),
      (await clients()).connections,
    );
    return addToDraft(viewer.userId, body.entries);
  },
);
