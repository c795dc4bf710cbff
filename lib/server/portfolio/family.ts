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
import { currentGeneration } from './snapshot';

/**
 * One family from our copy (no upstream call): its members from the portfolio snapshot, each
 * member's renewals from the synced copy (the next undecided one, the last decision applied) and
 * its cost to expiry from the forecast.
 */
export interface FamilyData {
  reference: string;
  members: FamilyMember[];
}

export async function loadFamily(reference: string, today: string): Promise<FamilyData | null> {
  const generation = await currentGeneration();
  if (generation === null) return null;
  const db = await getDb();
  const field = (name: string) => sql<string | null>`${portfolioPatent.data} ->> ${name}`;
  const patents = await db
    .select({
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
    .where(
      and(eq(portfolioPatent.generation, generation), eq(portfolioPatent.clientFamilyReference, reference)),
    );
  if (patents.length === 0) return null;
  const ids = patents.map((patent) => patent.id);
  const [events, forecast] = await Promise.all([
    db
      .select({ body: syncEvent.body })
      .from(syncEvent)
      .where(and(eq(syncEvent.connection, DEFAULT_CONNECTION), inArray(syncEvent.patentId, ids))),
    db.select().from(forecastEvent).where(inArray(forecastEvent.patentId, ids)),
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
    return {
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
        .map((cost) => ({ currency: cost.currency, total: cost.total, renewals: cost.renewals })),
    };
  });
  members.sort((a, b) => (a.office ?? '').localeCompare(b.office ?? '') || a.name.localeCompare(b.name));
  return { reference, members };
}
