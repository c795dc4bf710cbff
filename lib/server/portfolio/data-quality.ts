import 'server-only';
import { and, eq, gte, like, lte, sql } from 'drizzle-orm';
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
import { currentGeneration, snapshotStatus } from './snapshot';

/**
 * The data-quality checks over our copy of the service (lib/portfolio/data-quality.ts): the
 * portfolio snapshot and the renewals of the months the sync holds completely. A view costs no
 * upstream call.
 */
export interface DataQualityData {
  checks: QualityCheck[];
  patents: number;
  /** The due months whose renewals were checked, or null when the copy holds none completely. */
  held: { from: string; to: string } | null;
  portfolioReadAt: string | null;
  copy: CopyAge;
}

export async function loadDataQuality(now = new Date()): Promise<DataQualityData> {
  const db = await getDb();
  const generation = await currentGeneration();
  const field = (name: string) => sql<string | null>`${portfolioPatent.data} ->> ${name}`;
  const [patents, status, complete] = await Promise.all([
    // The fields the checks need, straight from the stored patents (a large portfolio is not
    // parsed whole for one page).
    generation === null
      ? Promise.resolve([])
      : db
          .select({
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
          .where(eq(portfolioPatent.generation, generation)),
    snapshotStatus(now),
    db
      .select({ month: syncWindow.month })
      .from(syncWindow)
      .where(and(eq(syncWindow.connection, DEFAULT_CONNECTION), eq(syncWindow.complete, true))),
  ]);
  const held = heldRun(
    complete.map((row) => row.month),
    currentYearMonth(now),
  );
  const renewals = held
    ? await db
        .select({ patentId: syncEvent.patentId, dueDate: syncEvent.dueDate })
        .from(syncEvent)
        .where(
          and(
            eq(syncEvent.connection, DEFAULT_CONNECTION),
            gte(syncEvent.month, held.from),
            lte(syncEvent.month, held.to),
            // The body is the event as JSON.stringify wrote it (lib/server/sync/walk.ts).
            like(syncEvent.body, '%"eventType":"RENEWAL"%'),
          ),
        )
    : [];
  return {
    checks: dataQualityChecks(patents satisfies QualityPatent[], renewals, held),
    patents: patents.length,
    held,
    portfolioReadAt: status.refreshedAt?.toISOString() ?? null,
    copy: await copyAge(held ? monthsOfWindow(held.from, held.to) : []),
  };
}
