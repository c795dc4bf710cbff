import { defineRoute } from '@/lib/server/http/route';
import { changeTags, patentsTagged, tagSummary } from '@/lib/server/tags/tags';
import { tagChangeSchema, tagsQuerySchema } from '@/lib/signals/tags.schema';

/**
 * The tags in use on the request's clients' patents with their counts, or (?tag=) their patents
 * carrying one, their own or their family's.
 */
export const GET = defineRoute(
  { access: 'portfolio:read', query: tagsQuerySchema },
  async ({ query, clients }) => {
    const { connections } = await clients();
    return query.tag
      ? { tag: query.tag, patentIds: await patentsTagged(query.tag, connections) }
      : { tags: await tagSummary(connections) };
  },
);

/**
 * Adds and removes tags on one patent or family, or on a selection of them at once; another
 * client's patent or family is not found (404).
 */
export const POST = defineRoute(
  { access: 'tags:write', audit: 'tags.set', body: tagChangeSchema },
  async ({ viewer, body, requestId, clients }) => ({
    targets: await changeTags(viewer, body, requestId, (await clients()).connections),
  }),
);
