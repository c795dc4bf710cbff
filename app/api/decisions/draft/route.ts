import { z } from 'zod';
import { draftEntriesSchema } from '@/lib/decisions/draft.schema';
import { readDraft, writeDraft } from '@/lib/server/decision-drafts';
import { defineRoute } from '@/lib/server/route';

/** The signed-in user's unsent decisions. */
export const GET = defineRoute({ access: 'decisions:write' }, async ({ viewer }) => readDraft(viewer.userId));

/** Replaces the draft (the month view saves it as the user decides). */
export const PUT = defineRoute(
  { access: 'decisions:write', body: z.object({ entries: draftEntriesSchema }) },
  async ({ viewer, body }) => writeDraft(viewer.userId, body.entries),
);

/** Clears the draft. */
export const DELETE = defineRoute({ access: 'decisions:write' }, async ({ viewer }) =>
  writeDraft(viewer.userId, []),
);
