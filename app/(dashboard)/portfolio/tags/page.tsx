import type { Metadata } from 'next';
import Link from 'next/link';
import { BackLink } from '@/components/shell/back-link';
import { PageHeader } from '@/components/shell/page-header';
import { TagImport } from '@/components/tags/tag-import';
import { Card, CardContent, CardHeader, CardTitle, TitledCard } from '@/components/ui/card';
import { plural } from '@/lib/format/plural';
import { can } from '@/lib/policy/roles';
import { patentName } from '@/lib/portfolio/patent-name';
import { requireViewer } from '@/lib/server/auth/session';
import { clientNameOf, labelsClients, pageClientScope } from '@/lib/server/clients/scope';
import { openSnapshotIndex, type SnapshotPatent, snapshotPatents } from '@/lib/server/portfolio/snapshot';
import { patentsTagged, tagSummary } from '@/lib/server/tags/tags';
import { normalizeTag } from '@/lib/signals/tags';
import { TaggedPatentsTable } from './tagged-patents-table';

export const metadata: Metadata = { title: 'Tags' };

/** Every tag in use; one tag's patents (their own or their family's); the CSV import. */
export default async function TagsPage({
  searchParams,
}: {
  searchParams: Promise<{ tag?: string | string[] }>;
}) {
  const viewer = await requireViewer('portfolio:read');
  const raw = (await searchParams).tag;
  const asked = typeof raw === 'string' ? raw : null;
  const tag = asked === null ? null : normalizeTag(asked);
  const scope = await pageClientScope(viewer.userId);
  const labelled = labelsClients(scope);
  const [summary, tagged] = await Promise.all([
    tagSummary(scope.connections),
    tag ? patentsTagged(tag, scope.connections) : Promise.resolve([]),
  ]);
  // Each tagged patent from its client's snapshot, with that client.
  const patents = new Map<string, SnapshotPatent & { connection: string }>();
  if (tag)
    for (const connection of scope.connections)
      for (const [id, patent] of await snapshotPatents(tagged, openSnapshotIndex(connection)))
        patents.set(id, { ...patent, connection });

  return (
    <>
      <BackLink href="/portfolio">Portfolio</BackLink>
      <PageHeader
        title="Tags"
        description="Your team’s own tags on patents and families, and what carries each."
      />
      <div className="grid gap-4 lg:grid-cols-3">
        <TitledCard title="Tags in use" contentClassName="text-sm">
          {summary.length === 0 ? (
            <p className="text-muted-foreground">No tags yet.</p>
          ) : (
            <ul className="flex flex-col gap-1">
              {summary.map((item) => (
                <li key={item.tag}>
                  <Link
                    href={`/portfolio/tags?tag=${encodeURIComponent(item.tag)}`}
                    aria-current={item.tag === tag ? 'page' : undefined}
                    className="text-primary underline-offset-2 hover:underline aria-[current=page]:font-semibold"
                  >
                    {item.tag}
                  </Link>{' '}
                  <span className="text-muted-foreground">
                    {plural(item.patents, 'patent')}, {plural(item.families, 'family', 'families')}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </TitledCard>
        <Card className="lg:col-span-2">
          <CardHeader>
            <CardTitle>{tag ? `Patents tagged “${tag}”` : 'Patents by tag'}</CardTitle>
            {tag && tagged.length > 0 ? (
              <p className="text-sm">
                <Link
                  href={`/portfolio?tag=${encodeURIComponent(tag)}`}
                  className="text-primary underline underline-offset-2"
                >
                  Open them in the portfolio table
                </Link>
              </p>
            ) : null}
          </CardHeader>
          <CardContent className="text-sm">
            {asked !== null && tag === null ? (
              <p role="status">
                “{asked}” is not a tag: a tag is 1–40 letters, digits, spaces or - _ . : / + &amp;.
              </p>
            ) : !tag ? (
              <p className="text-muted-foreground">Choose a tag to list its patents.</p>
            ) : tagged.length === 0 ? (
              <p>No patent carries this tag.</p>
            ) : (
              <TaggedPatentsTable
                tag={tag}
                labelled={labelled}
                rows={tagged.map((id) => {
                  const patent = patents.get(id);
                  return {
                    ...(labelled && patent ? { client: clientNameOf(scope, patent.connection) } : {}),
                    id,
                    name: patent ? patentName(patent) : id,
                    office: patent?.office ?? null,
                    family: patent?.clientFamilyReference ?? null,
                  };
                })}
              />
            )}
          </CardContent>
        </Card>
      </div>
      {can(viewer.role, 'tags:write') ? (
        <div className="mt-4">
          <TagImport />
        </div>
      ) : null}
    </>
  );
}
