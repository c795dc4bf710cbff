import { z } from 'zod';
import { draftEntriesSchema } from '@/lib/decisions/draft.schema';
import { readDraft, writeDraft } from '@/lib/server/decisions/drafts';
import { defineRoute } from '@/lib/server/http/route';
import { assertEventsInScope } from '@/lib/server/portfolio/owner';

/** The signed-in user's unsent decisions. */
export const GET = defineRoute({ access: 'decisions:write' }, async ({ viewer }) => readDraft(viewer.userId));

/**
 * Replaces the draft (the month view saves it as the user decides). `basedOn` is the key of the
 * version the tab edited; when the draft has changed since, 409 with the current draft.
 */
export const PUT = defineRoute(
  {
    access: 'decisions:write',
    body: z.object({ entries: draftEntriesSchema, basedOn: z.uuid().optional() }),
  },
  async ({ viewer, body, clients }) => {
    // Another client's renewal is not found, as one that does not exist (spec: rule 2).
    await assertEventsInScope(
      body.entries.map((entry) => entry.eventId),
      (await clients()).connections,
    );
    // A stale tab's write throws DraftConflictError: 409 with the current draft.
    return writeDraft(viewer.userId, body.entries, body.basedOn);
  },
);

/** Clears the draft. */
export const DELETE = defineRoute({ access: 'decisions:write' }, async ({ viewer }) =>
  writeDraft(viewer.userId, []),
);
