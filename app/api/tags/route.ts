import { defineRoute } from '@/lib/server/http/route';
import { changeTags, patentsTagged, tagSummary } from '@/lib/server/tags/tags';
import { tagChangeSchema, tagsQuerySchema } from '@/lib/signals/tags.schema';

/** The tags in use with their counts, or (?tag=) the patents carrying one, their own or their family's. */
export const GET = defineRoute({ access: 'portfolio:read', query: tagsQuerySchema }, async ({ query }) =>
  query.tag ? { tag: query.tag, patentIds: await patentsTagged(query.tag) } : { tags: await tagSummary() },
);

/** Adds and removes tags on one patent or family, or on a selection of them at once. */
export const POST = defineRoute(
  { access: 'tags:write', audit: 'tags.set', body: tagChangeSchema },
  async ({ viewer, body, requestId }) => ({ targets: await changeTags(viewer, body, requestId) }),
);
