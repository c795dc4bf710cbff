import 'server-only';
import { and, eq, gte, inArray, like, lte, sql } from 'drizzle-orm';
import { getDb } from '../../db';
import { portfolioPatent, syncEvent, syncWindow } from '../../db/schema';
import { currentYearMonth } from '../../format/dates';
import {
  dataQualityChecks,
  heldRun,
  type QualityCheck,
  type QualityPatent,
} from '../../portfolio/data-quality';
import { type CopyAge, monthsOfWindow } from '../../sync/age';
import { DEFAULT_CONNECTION } from '../connection/default-connection';
import { copyAge } from '../sync/copy';
import { currentGenerations, inGenerations, snapshotsStatus } from './snapshot';

/**
 * The data-quality checks over our copy of the service (lib/portfolio/data-quality.ts): the
 * portfolio snapshots of the request's clients (`connections`) and their renewals of the months
 * the sync holds completely for every one of them. A view costs no upstream call. With
 * `clientName` (a user of several clients), each finding names its patent's client.
 */
export interface DataQualityData {
  checks: QualityCheck[];
  patents: number;
  /** The due months whose renewals were checked, or null when the copy holds none completely. */
  held: { from: string; to: string } | null;
  portfolioReadAt: string | null;
  copy: CopyAge;
}

export async function loadDataQuality(
  now = new Date(),
  connections: readonly string[] = [DEFAULT_CONNECTION],
  clientName?: (connection: string) => string,
): Promise<DataQualityData> {
  const db = await getDb();
  const generations = await currentGenerations(connections);
  const field = (name: string) => sql<string | null>`${portfolioPatent.data} ->> ${name}`;
  const [patents, status, complete] = await Promise.all([
    // The fields the checks need, straight from the stored patents (a large portfolio is not
    // parsed whole for one page).
    generations.size === 0
      ? Promise.resolve([])
      : db
          .select({
            generation: portfolioPatent.generation,
            id: portfolioPatent.id,
            providerId: portfolioPatent.providerId,
            clientCaseReference: portfolioPatent.clientCaseReference,
            clientFamilyReference: portfolioPatent.clientFamilyReference,
            office: portfolioPatent.office,
            owner: portfolioPatent.owner,
            status: field('status'),
            grantDate: field('grantDate'),
            expirationDate: field('expirationDate'),
            extendedExpirationDate: field('extendedExpirationDate'),
            lapseDate: field('lapseDate'),
            renewalsManagedFrom: field('renewalsManagedFrom'),
          })
          .from(portfolioPatent)
          .where(inGenerations(generations.keys())),
    snapshotsStatus(connections, now),
    db
      .select({ connection: syncWindow.connection, month: syncWindow.month })
      .from(syncWindow)
      .where(and(inArray(syncWindow.connection, [...connections]), eq(syncWindow.complete, true))),
  ]);
  // Months every one of the clients holds completely (with one client, its complete months).
  const held = heldRun(
    complete
      .map((row) => row.month)
      .filter((month) =>
        connections.every((connection) =>
          complete.some((row) => row.connection === connection && row.month === month),
        ),
      ),
    currentYearMonth(now),
  );
  const renewals = held
    ? await db
        .select({ patentId: syncEvent.patentId, dueDate: syncEvent.dueDate })
        .from(syncEvent)
        .where(
          and(
            inArray(syncEvent.connection, [...connections]),
            gte(syncEvent.month, held.from),
            lte(syncEvent.month, held.to),
            // The body is the event as JSON.stringify wrote it (lib/server/sync/walk.ts).
            like(syncEvent.body, '%"eventType":"RENEWAL"%'),
          ),
        )
    : [];
  const checks = dataQualityChecks(patents satisfies QualityPatent[], renewals, held);
  if (clientName) {
    const clientOf = new Map(patents.map((patent) => [patent.id, generations.get(patent.generation)]));
    for (const check of checks)
      for (const finding of check.findings) {
        const connection = clientOf.get(finding.patentId);
        if (connection) finding.client = clientName(connection);
      }
  }
  return {
    checks,
    patents: patents.length,
    held,
    portfolioReadAt: status.refreshedAt?.toISOString() ?? null,
    copy: await copyAge(held ? monthsOfWindow(held.from, held.to) : [], connections),
  };
}
