import 'server-only';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { PatentEvent } from '../../annuity/schemas';
import { getDb } from '../../db';
import { forecastEvent, portfolioPatent, syncEvent } from '../../db/schema';
import { offeredDecisions } from '../../decisions/rules';
import { costToExpiry } from '../../forecast/aggregate';
import { compareIso } from '../../format/dates';
import { type FamilyMember, memberState } from '../../portfolio/family';
import { patentName } from '../../portfolio/patent-name';
import { isRenewalEvent } from '../../renewals/rows';
import { DEFAULT_CONNECTION } from '../connection/default-connection';
import { currentGenerations, inGenerations } from './snapshot';

/**
 * One family from our copy (no upstream call): its members from the portfolio snapshots of the
 * request's clients (`connections`; another client's members are not shown, and a family none of
 * them holds is not found), each member's renewals from the synced copy of its client (the next
 * undecided one, the last decision applied) and its cost to expiry from the forecast. With
 * `clientName`, each member names its client (a user of several clients).
 */
export interface FamilyData {
  reference: string;
  members: FamilyMember[];
}

export async function loadFamily(
  reference: string,
  today: string,
  connections: readonly string[] = [DEFAULT_CONNECTION],
  clientName?: (connection: string) => string,
): Promise<FamilyData | null> {
  const generations = await currentGenerations(connections);
  if (generations.size === 0) return null;
  const db = await getDb();
  const field = (name: string) => sql<string | null>`${portfolioPatent.data} ->> ${name}`;
  const patents = await db
    .select({
      generation: portfolioPatent.generation,
      id: portfolioPatent.id,
      providerId: portfolioPatent.providerId,
      clientCaseReference: portfolioPatent.clientCaseReference,
      office: portfolioPatent.office,
      status: field('status'),
      lapseDate: field('lapseDate'),
      expirationDate: field('expirationDate'),
      extendedExpirationDate: field('extendedExpirationDate'),
    })
    .from(portfolioPatent)
    .where(and(inGenerations(generations.keys()), eq(portfolioPatent.clientFamilyReference, reference)));
  if (patents.length === 0) return null;
  const ids = patents.map((patent) => patent.id);
  const [events, forecast] = await Promise.all([
    db
      .select({ body: syncEvent.body })
      .from(syncEvent)
      .where(and(inArray(syncEvent.connection, [...connections]), inArray(syncEvent.patentId, ids))),
    db
      .select()
      .from(forecastEvent)
      .where(and(inArray(forecastEvent.connection, [...connections]), inArray(forecastEvent.patentId, ids))),
  ]);
  const renewalsOf = new Map<string, PatentEvent[]>();
  for (const { body } of events) {
    const event = JSON.parse(body) as PatentEvent;
    if (!isRenewalEvent(event)) continue;
    renewalsOf.set(event.patent.id, [...(renewalsOf.get(event.patent.id) ?? []), event]);
  }
  const costs = costToExpiry(forecast);
  const members = patents.map((patent): FamilyMember => {
    const renewals = (renewalsOf.get(patent.id) ?? []).sort((a, b) => compareIso(a.dueDate, b.dueDate));
    const next = renewals.find((event) => event.appliedDecision === null) ?? null;
    const decided = renewals.filter((event) => event.appliedDecision !== null);
    const last = decided.at(-1) ?? null;
    const expiry = patent.extendedExpirationDate ?? patent.expirationDate;
    const connection = generations.get(patent.generation);
    return {
      ...(clientName && connection ? { client: clientName(connection) } : {}),
      patentId: patent.id,
      name: patentName(patent),
      office: patent.office,
      status: patent.status,
      expiry,
      state: memberState(
        { status: patent.status, lapseDate: patent.lapseDate, expiry },
        decided.map((event) => event.appliedDecision as string),
        today,
      ),
      next: next
        ? {
            eventId: next.id,
            dueDate: next.dueDate,
            dropOffered: offeredDecisions({ instructability: next.instructability ?? null }).includes('DROP'),
          }
        : null,
      lastDecision: last ? { decision: last.appliedDecision as string, dueDate: last.dueDate } : null,
      costToExpiry: costs
        .filter((cost) => cost.patentId === patent.id)
        .map((cost) => ({
          currency: cost.currency,
          total: cost.total,
          renewals: cost.renewals,
          lastDue: cost.lastDue,
        })),
    };
  });
  members.sort((a, b) => (a.office ?? '').localeCompare(b.office ?? '') || a.name.localeCompare(b.name));
  return { reference, members };
}
