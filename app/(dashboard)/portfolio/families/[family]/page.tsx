import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { DataTable } from '@/components/data-table/data-table';
import { FamilyDropForm } from '@/components/portfolio/family-drop-form';
import { FamilyMap } from '@/components/portfolio/family-map';
import { BackLink } from '@/components/shell/back-link';
import { PageHeader } from '@/components/shell/page-header';
import { Card, CardContent, TitledCard } from '@/components/ui/card';
import { calendarToday, formatDate } from '@/lib/format/dates';
import { plural } from '@/lib/format/plural';
import { can } from '@/lib/policy/roles';
import { requireViewer } from '@/lib/server/auth/session';
import { clientNameOf, labelsClients, pageClientScope } from '@/lib/server/clients/scope';
import { pageLocale } from '@/lib/server/http/request-context';
import { loadFamily } from '@/lib/server/portfolio/family';
import { memberColumns } from './columns';

export const metadata: Metadata = { title: 'Family' };

/**
 * One family: its patents by office (state, next renewal, the last decision, cost to expiry), where
 * it is kept, and "drop these countries" into the draft. From our copy; no upstream call.
 */
export default async function FamilyPage({ params }: { params: Promise<{ family: string }> }) {
  const viewer = await requireViewer('portfolio:read');
  const reference = decodeURIComponent((await params).family);
  const locale = await pageLocale();
  const today = calendarToday();
  const scope = await pageClientScope(viewer.userId);
  const labelled = labelsClients(scope);
  const family = await loadFamily(
    reference,
    today,
    scope.connections,
    labelled ? (connection) => clientNameOf(scope, connection) : undefined,
  );
  if (!family) notFound();
  const kept = family.members.filter((member) => member.state === 'kept').length;
  const droppable = family.members.flatMap((member) =>
    member.state === 'kept' && member.next?.dropOffered
      ? [
          {
            eventId: member.next.eventId,
            label: `${member.office ?? '—'}: ${member.name}, renewal due ${formatDate(member.next.dueDate, locale)}`,
          },
        ]
      : [],
  );
  return (
    <>
      <BackLink href="/portfolio">Portfolio</BackLink>
      <PageHeader
        title={`Family ${reference}`}
        description={`${plural(family.members.length, 'patent')}, kept in ${kept}. From the renewal service's data as last synced.`}
      />
      <div className="flex flex-col gap-6">
        <TitledCard title="Where it is kept">
          <FamilyMap reference={reference} members={family.members} />
        </TitledCard>
        <DataTable
          caption="The family's patents by office"
          columns={memberColumns(locale, labelled)}
          rows={family.members}
          rowKey={(member) => member.patentId}
        />
        {can(viewer.role, 'decisions:write') ? (
          <Card>
            <CardContent className="pt-6">
              {droppable.length === 0 ? (
                <p className="text-sm text-muted-foreground">
                  No member's next renewal takes a DROP now: it opens for decisions two months before it falls
                  due.
                </p>
              ) : (
                <FamilyDropForm droppable={droppable} />
              )}
            </CardContent>
          </Card>
        ) : null}
      </div>
    </>
  );
}
