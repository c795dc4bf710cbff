import 'server-only';
import { type SQL, sql } from 'drizzle-orm';
import { normalizeTag } from '../../signals/tags';

/**
 * A condition on `portfolio_patent` rows (unaliased): the patent carries the tag itself or through
 * its family. One EXISTS over `patent_tag`'s primary key, so a tag filter composes with the
 * portfolio's paging, sort and search in the same query.
 */
export function carriesTag(tag: string): SQL {
  const normalized = normalizeTag(tag) ?? tag;
  // A tag is its client's: the row's generation names the snapshot, whose id is the client.
  return sql`exists (select 1 from patent_tag t where t.tag = ${normalized}
    and t.connection = (select s.id from portfolio_snapshot s where s.current_generation = portfolio_patent.generation)
    and ((t.scope = 'patent' and t.target = portfolio_patent.id) or
    (t.scope = 'family' and t.target = portfolio_patent.client_family_reference)))`;
}
