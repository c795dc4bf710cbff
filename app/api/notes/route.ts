import { defineRoute } from '@/lib/server/http/route';
import { setNote } from '@/lib/server/tags/tags';
import { noteSchema } from '@/lib/signals/tags.schema';

/**
 * Sets the note of a patent or family of the request's clients (another client's is not found);
 * an empty note removes it.
 */
export const PUT = defineRoute(
  { access: 'tags:write', audit: 'notes.set', body: noteSchema },
  async ({ viewer, body, requestId, clients }) =>
    setNote(viewer, body, requestId, (await clients()).connections),
);
