import { defineRoute } from '@/lib/server/http/route';
import { importTags } from '@/lib/server/tags/tags';
import { tagImportSchema } from '@/lib/signals/tags.schema';

/**
 * A CSV of tags and notes keyed by provider id or case reference: previewed (which patents of the
 * request's clients each line names, which lines match none and why), then applied with
 * `apply: true`.
 */
export const POST = defineRoute(
  { access: 'tags:write', audit: 'tags.import', body: tagImportSchema },
  async ({ viewer, body, requestId, clients }) =>
    importTags(viewer, body, requestId, (await clients()).connections),
);
