import { z } from 'zod';
import { draftEntriesSchema } from '@/lib/decisions/draft.schema';
import { DraftConflictError, readDraft, writeDraft } from '@/lib/server/decisions/drafts';
import { problemResponse } from '@/lib/server/http/problem';
import { defineRoute } from '@/lib/server/http/route';

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
  async ({ viewer, body, requestId }) => {
    try {
      return await writeDraft(viewer.userId, body.entries, body.basedOn);
    } catch (error) {
      if (!(error instanceof DraftConflictError)) throw error;
      return problemResponse({
        status: 409,
        code: 'draft_changed_elsewhere',
        title: 'Your decisions changed elsewhere',
        detail:
          'The decisions were changed in another tab, or sent, since this view loaded them. The current decisions are shown again.',
        requestId,
        extensions: { draft: error.current },
      });
    }
  },
);

/** Clears the draft. */
export const DELETE = defineRoute({ access: 'decisions:write' }, async ({ viewer }) =>
  writeDraft(viewer.userId, []),
);
