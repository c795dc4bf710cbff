import { defineRoute } from '@/lib/server/http/route';
import { setNote } from '@/lib/server/tags/tags';
import { noteSchema } from '@/lib/signals/tags.schema';

/** Sets the note of a patent or family; an empty note removes it. */
export const PUT = defineRoute(
  { access: 'tags:write', audit: 'notes.set', body: noteSchema },
  async ({ viewer, body, requestId }) => setNote(viewer, body, requestId),
);
