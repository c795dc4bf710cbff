import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { z } from 'zod';
import { PatentDecisionHistory } from '@/components/approvals/patent-decision-history';
import { EnumBadge } from '@/components/badges/enum-badge';
import { DataTable } from '@/components/data-table/data-table';
import { StandingInstructionPanel } from '@/components/portfolio/standing-instruction-panel';
import { PatentHolds } from '@/components/reviews/holds-list';
import { BackLink } from '@/components/shell/back-link';
import { CopyAgeNotice } from '@/components/shell/copy-age-notice';
import { PageHeader } from '@/components/shell/page-header';
import { PageSection } from '@/components/shell/page-section';
import { ProblemPanel } from '@/components/shell/problem-panel';
import { SignalsCard } from '@/components/signals/signals-card';
import { TagsPanel } from '@/components/tags/tags-panel';
import { Badge } from '@/components/ui/badge';
import { TitledCard } from '@/components/ui/card';
import type { Patent } from '@/lib/annuity/schemas';
import { formatDate, formatTimestamp } from '@/lib/format/dates';
import { plural, pluralWord } from '@/lib/format/plural';
import { can } from '@/lib/policy/roles';
import { familyHref } from '@/lib/portfolio/links';
import { patentName } from '@/lib/portfolio/patent-name';
import { filingRouteLabel, humanize, patentStatusLabel } from '@/lib/renewals/labels';
import { requireViewer } from '@/lib/server/auth/session';
import { clientNameOf, labelsClients, pageClientScope } from '@/lib/server/clients/scope';
import { decisionsForPatent } from '@/lib/server/decisions/batch-records';
import { listStandingInstructions } from '@/lib/server/decisions/standing-instructions';
import { loadForPage, pageLocale, pageRequestId } from '@/lib/server/http/request-context';
import { loadPatentDetail } from '@/lib/server/portfolio/patents';
import { listHolds } from '@/lib/server/reviews/holds';
import { loadSignals } from '@/lib/server/signals/signals';
import { patentTagsAndNotes } from '@/lib/server/tags/tags';
import { eventColumns } from './columns';

export const metadata: Metadata = { title: 'Patent' };

type Field = [label: string, value: string | number | null];

function patentFields(patent: Patent, locale: string): Field[] {
  const date = (value: string | null) => (value ? formatDate(value, locale) : null);
  return [
    ['Case reference', patent.clientCaseReference],
    ['Provider ID', patent.providerId],
    ['Family', patent.clientFamilyReference],
    ['Sub-case', patent.subCase],
    ['Office', patent.office],
    ['Type', humanize(patent.patentType) || null],
    ['Filing route', filingRouteLabel(patent.filingRoute) || null],
    ['Applicant type', humanize(patent.applicantType) || null],
    ['Application number', patent.applicationNumber],
    ['Application date', date(patent.applicationDate)],
    ['National phase entry', date(patent.nationalPhaseEntryDate)],
    ['Priority date', date(patent.priorityDate)],
    ['PCT application number', patent.pctApplicationNumber],
    ['Publication number', patent.publicationNumber],
    ['Publication date', date(patent.publicationDate)],
    ['Grant publication number', patent.grantPublicationNumber],
    ['Grant date', date(patent.grantDate)],
    ['Expiration date', date(patent.expirationDate)],
    ['Extended expiration date', date(patent.extendedExpirationDate)],
    ['Lapse date', date(patent.lapseDate)],
    ['Renewals managed from', date(patent.renewalsManagedFrom)],
    ['Claims', patent.claimCount],
    ['Owner', patent.owner],
    ['Created', patent.createdAt ? formatTimestamp(patent.createdAt, locale) : null],
    ['Updated', patent.updatedAt ? formatTimestamp(patent.updatedAt, locale) : null],
  ];
}

export default async function PatentPage({ params }: { params: Promise<{ patentId: string }> }) {
  const viewer = await requireViewer('portfolio:read');
  const { patentId } = await params;
  // Service ids are UUIDs (spec: Conventions); anything else names no patent.
  if (!z.uuid().safeParse(patentId).success) notFound();
  const requestId = await pageRequestId();
  const locale = await pageLocale();
  const scope = await pageClientScope(viewer.userId);
  const loaded = await loadForPage(requestId, () => loadPatentDetail(patentId, requestId, scope.connections));
  if (!loaded.ok) {
    // The service's 404, another client's patent (never read) or an id that is not one is our
    // not-found page (style: notFound()).
    if (loaded.problem.status === 404 || loaded.problem.code === 'upstream_validation_failed') notFound();
    return (
      <>
        <PageHeader title="Patent" />
        <ProblemPanel problem={loaded.problem} />
      </>
    );
  }
  const { patent, events, otherEventKinds } = loaded.data;
  const name = patentName(patent);
  // Whose patent it is, for a user of several clients.
  const client: Field[] = labelsClients(scope)
    ? [['Client', clientNameOf(scope, loaded.data.connection)]]
    : [];
  // Our own record of decisions and their reasons, for the roles that see batches.
  const decisionHistory = can(viewer.role, 'tracking:read') ? await decisionsForPatent(patent.id) : null;
  // Its standing instruction and its family's (the patent's own wins), of the patent's client.
  const family = patent.clientFamilyReference ?? null;
  const standing = can(viewer.role, 'renewals:read')
    ? await listStandingInstructions([loaded.data.connection], {
        patentId: patent.id,
        family: family ?? undefined,
      })
    : null;
  // What keeping it costs, its term, its family and tags, from its own client's copy (no upstream call).
  const [signals] = can(viewer.role, 'renewals:read')
    ? await loadSignals([{ patentId: patent.id }], { connection: loaded.data.connection })
    : [];
  const tags = await patentTagsAndNotes(patent.id, family, loaded.data.connection);
  // Its renewals under review (lib/server/reviews), its own client's: who decides by when.
  const holds = can(viewer.role, 'renewals:read')
    ? await listHolds({ patentId: patent.id, connections: [loaded.data.connection] })
    : [];

  return (
    <>
      <BackLink href="/portfolio">Portfolio</BackLink>
      <PageHeader
        title={name}
        description={patent.title ?? undefined}
        actions={<EnumBadge value={patentStatusLabel(patent.status)} />}
      />
      <div className="mb-4">
        <CopyAgeNotice copy={loaded.data.copy} months={[]} patentId={patent.id} />
      </div>
      {holds.length > 0 ? (
        <div className="mb-4">
          <PatentHolds holds={holds} locale={locale} />
        </div>
      ) : null}
      <div className="grid gap-4 lg:grid-cols-3">
        <TitledCard className="lg:col-span-2" title="Patent">
          <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
            {[...client, ...patentFields(patent, locale)].map(([label, value]) => (
              <div key={label} className="flex justify-between gap-3 border-b border-dashed py-1">
                <dt className="text-muted-foreground">{label}</dt>
                <dd className="text-right">
                  {label === 'Family' && patent.clientFamilyReference ? (
                    <Link
                      href={familyHref(patent.clientFamilyReference)}
                      className="text-primary underline-offset-2 hover:underline"
                    >
                      {patent.clientFamilyReference}
                    </Link>
                  ) : (
                    (value ?? '—')
                  )}
                </dd>
              </div>
            ))}
          </dl>
        </TitledCard>
        <TitledCard title="Owners and countries" contentClassName="flex flex-col gap-4 text-sm">
          <div>
            <h3 className="mb-1 font-medium">Co-owners</h3>
            {patent.secondaryOwners && patent.secondaryOwners.length > 0 ? (
              <ul className="list-inside list-disc">
                {patent.secondaryOwners.map((owner) => (
                  <li key={owner}>{owner}</li>
                ))}
              </ul>
            ) : (
              <p className="text-muted-foreground">None</p>
            )}
          </div>
          <div>
            <h3 className="mb-1 font-medium">Designated countries</h3>
            {patent.designatedCountries && patent.designatedCountries.length > 0 ? (
              <ul className="flex flex-wrap gap-1" aria-label="Designated countries">
                {patent.designatedCountries.map((country) => (
                  <li key={country}>
                    <Badge>{country}</Badge>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-muted-foreground">None</p>
            )}
          </div>
        </TitledCard>
      </div>

      {signals ? (
        <div className="mt-4">
          <SignalsCard signals={signals} locale={locale} />
        </div>
      ) : null}

      <div className="mt-4">
        <TagsPanel scopes={tags} canWrite={can(viewer.role, 'tags:write')} client={loaded.data.connection} />
      </div>

      {standing ? (
        <div className="mt-4">
          <StandingInstructionPanel
            patentId={patent.id}
            family={family}
            instructions={standing}
            canWrite={can(viewer.role, 'standing-instructions:write')}
          />
        </div>
      ) : null}

      <PageSection id="events-heading" title="Renewals, past and future" className="mt-6">
        {otherEventKinds > 0 ? (
          <p className="text-xs text-muted-foreground">
            {plural(otherEventKinds, 'event')} of other kinds {pluralWord(otherEventKinds, 'is', 'are')} not
            renewals and {pluralWord(otherEventKinds, 'is', 'are')} not listed.
          </p>
        ) : null}
        {events.length === 0 ? (
          <p className="text-sm text-muted-foreground">The service lists no renewals for this patent.</p>
        ) : (
          <DataTable
            label={`Renewals of ${name}`}
            columns={eventColumns({ patentId: patent.id, name, locale, role: viewer.role })}
            rows={events}
            rowKey={(event) => event.id}
            rowProps={(event) => ({
              id: `event-${event.id}`,
              'data-event-id': event.id,
              className: 'target:bg-accent',
            })}
          />
        )}
      </PageSection>
      {decisionHistory ? <PatentDecisionHistory rows={decisionHistory} locale={locale} /> : null}
    </>
  );
}
