import 'server-only';
import { eq, sql } from 'drizzle-orm';
import { AnnuityApiError, AnnuityNetworkError, AnnuityOutcomeUnknownError } from '../../annuity/errors';
import { type Database, getDb } from '../../db';
import { syncHealth } from '../../db/schema';
import { DEFAULT_CONNECTION } from '../connection/default-connection';

/**
 * Whether the service answers, as every sync walk and write last found it. A time-out, a refused
 * connection or a 5xx (spec: Errors, 5xx behaviour "not shown") means "not answering"; any other
 * answer, a refusal included, means it answered. Pages read this to say since when the copy they
 * show has not been refreshed.
 */
export function isNotAnswering(error: unknown): boolean {
  if (error instanceof AnnuityNetworkError || error instanceof AnnuityOutcomeUnknownError) return true;
  return error instanceof AnnuityApiError && error.status >= 500;
}

export async function noteAnswered(db: Database, connection: string, at = new Date()): Promise<void> {
  await db
    .insert(syncHealth)
    .values({ connection, lastSuccessAt: at, failingSince: null })
    .onConflictDoUpdate({
      target: syncHealth.connection,
      set: { lastSuccessAt: at, failingSince: null },
    });
}

export async function noteNotAnswering(
  db: Database,
  connection: string,
  error: unknown,
  at = new Date(),
): Promise<void> {
  // The message of our own error classes names the operation and the failure, never the key.
  const message = error instanceof Error ? error.message.slice(0, 300) : 'no answer';
  await db
    .insert(syncHealth)
    .values({ connection, failingSince: at, lastFailureAt: at, lastError: message })
    .onConflictDoUpdate({
      target: syncHealth.connection,
      set: {
        failingSince: sql`coalesce(${syncHealth.failingSince}, ${at.toISOString()}::timestamptz)`,
        lastFailureAt: at,
        lastError: message,
      },
    });
}

export interface ServiceHealth {
  lastSuccessAt: Date | null;
  lastFailureAt: Date | null;
  /** Set while the service has not answered since this moment; null when it answers. */
  failingSince: Date | null;
}

export async function readHealth(db: Database, connection: string): Promise<ServiceHealth> {
  const [row] = await db.select().from(syncHealth).where(eq(syncHealth.connection, connection));
  return {
    lastSuccessAt: row?.lastSuccessAt ?? null,
    lastFailureAt: row?.lastFailureAt ?? null,
    failingSince: row?.failingSince ?? null,
  };
}

/** A client connection's health, for the header (one small read): the first client's by default. */
export async function serviceHealth(connection: string = DEFAULT_CONNECTION): Promise<ServiceHealth> {
  return readHealth(await getDb(), connection);
}
