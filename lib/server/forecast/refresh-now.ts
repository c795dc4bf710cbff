import 'server-only';
import { getDb } from '../../db';
import { logger } from '../../log';
import { auditSuccess, recordAudit } from '../audit/audit';
import { connectionsToRead } from '../clients/client-filter';
import { type ClientScope, clientNameOf, labelsClients } from '../clients/scope';
import { DomainError } from '../errors/domain-error';
import { executeRefresh, prepareRefresh } from './refresh';
import { runView } from './runs';

/**
 * A manager's "Refresh now". The same refresh as the worker's, so the same budget: it is
 * refused (429) when the background budget would be exceeded, and (409) while a refresh runs. The
 * claim and the budget check answer at once; the reading itself, ceil(renewals / 100) calls a
 * window, goes on after the answer, and the page shows it running until its row says how it ended.
 */
const ACTION = 'forecast.refresh';

interface Actor {
  userId: string;
  email: string;
}

export interface ForecastRefreshOffer {
  /** The `client` parameter of the refresh; left out with one client in scope. */
  client: string | undefined;
  /** The client's name on its button, when the page shows several clients. */
  name: string | null;
  running: boolean;
}

/**
 * The refreshes the forecast page offers: one per client it shows, since a refresh is one
 * client's (its key, its budget, spec: Authentication 1). Under "All clients" that is one per
 * client the user works for, each naming its client; with one client, one.
 */
export function forecastRefreshOffers(
  scope: ClientScope,
  client: string | null | undefined,
  runningClients: readonly string[],
): ForecastRefreshOffer[] {
  const shown = connectionsToRead(scope, client);
  return shown.map((connection) => ({
    client: labelsClients(scope) ? connection : undefined,
    name: shown.length > 1 ? clientNameOf(scope, connection) : null,
    running: runningClients.includes(connection),
  }));
}

export async function refreshForecastNow(
  actor: Actor,
  requestId: string,
  /** The client whose forecast is refreshed (its key, its budget). */
  connection: string,
  now = new Date(),
): Promise<Response> {
  const db = await getDb();
  const prepared = await prepareRefresh(db, now, connection);
  if (prepared.kind === 'busy') {
    await recordAudit({
      actor,
      action: ACTION,
      connection,
      outcome: 'failure',
      requestId,
      details: {
        client: connection,
        reason: 'running',
        runningSince: prepared.running.startedAt.toISOString(),
      },
    });
    throw new DomainError({
      status: 409,
      code: 'forecast_refresh_running',
      title: 'A refresh is already running',
      detail: `The forecast has been refreshing since ${prepared.running.startedAt.toISOString()}. Its result shows here when it ends.`,
      auditedByFeature: true,
    });
  }
  if (prepared.kind === 'skipped') {
    await recordAudit({
      actor,
      action: ACTION,
      target: prepared.run.id,
      connection,
      outcome: 'failure',
      requestId,
      details: {
        client: connection,
        reason: prepared.refusal.reason,
        estimate: prepared.refusal.estimate,
        spent: prepared.refusal.spent,
        budget: prepared.refusal.budget,
      },
    });
    throw new DomainError({
      status: 429,
      code: 'background_budget_exceeded',
      title: 'Not refreshed: the background budget would be exceeded',
      detail: prepared.refusal.detail,
      extensions: { estimate: prepared.refusal.estimate },
      auditedByFeature: true,
    });
  }
  await auditSuccess(
    actor,
    ACTION,
    prepared.run.id,
    requestId,
    { client: connection, estimate: prepared.estimate, from: prepared.window.from, to: prepared.window.to },
    connection,
  );
  void executeRefresh(db, prepared, { now, requestId }).catch((error: unknown) =>
    logger.warn({ err: error, requestId, runId: prepared.run.id }, 'forecast refresh failed'),
  );
  return Response.json(
    { status: 'started', run: runView(prepared.run), estimate: prepared.estimate },
    { status: 202, headers: { 'cache-control': 'no-store' } },
  );
}
