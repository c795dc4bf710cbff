import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { ExchangeRateFreeze, ExchangeRateFreezeSummary } from '../../annuity/schemas';
import { getDb } from '../../db';
import { syncDocument } from '../../db/schema';
import { DEFAULT_CONNECTION } from '../connection/default-connection';
import { upstreamClient } from '../connection/upstream';
import { isNotAnswering, noteAnswered, noteNotAnswering } from './health';

/**
 * Whole answers the copy keeps (the frozen months, spec: Endpoint 13; a month's freeze preview,
 * Endpoint 14), read from the service once and then by the sync or on request, never by a page
 * view that finds them held.
 */
export interface Held<T> {
  data: T;
  readAt: Date;
}

async function held<T>(key: string, connection: string): Promise<Held<T> | null> {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(syncDocument)
    .where(and(eq(syncDocument.connection, connection), eq(syncDocument.key, key)));
  return row ? { data: JSON.parse(row.body) as T, readAt: row.readAt } : null;
}

async function keep<T>(key: string, data: T, connection: string, readAt = new Date()): Promise<Held<T>> {
  const db = await getDb();
  const body = JSON.stringify(data);
  await db
    .insert(syncDocument)
    .values({ connection, key, body, readAt })
    .onConflictDoUpdate({ target: [syncDocument.connection, syncDocument.key], set: { body, readAt } });
  return { data, readAt };
}

async function readThrough<T>(
  key: string,
  read: () => Promise<T>,
  connection: string = DEFAULT_CONNECTION,
): Promise<Held<T>> {
  const db = await getDb();
  try {
    const data = await read();
    await noteAnswered(db, connection);
    return await keep(key, data, connection);
  } catch (error) {
    if (isNotAnswering(error)) await noteNotAnswering(db, connection, error);
    throw error;
  }
}

const FREEZES = 'freezes';
const freezeKey = (month: string) => `freeze:${month}`;

/** The client's frozen months: as held, else read once with its key. */
export async function heldFreezes(
  requestId: string,
  connection: string = DEFAULT_CONNECTION,
): Promise<Held<ExchangeRateFreezeSummary[]>> {
  return (await held<ExchangeRateFreezeSummary[]>(FREEZES, connection)) ?? readFreezes(requestId, connection);
}

/** The frozen months read again (the sync, a freeze, a refresh), with the connection's own key. */
export function readFreezes(
  requestId: string,
  connection: string = DEFAULT_CONNECTION,
): Promise<Held<ExchangeRateFreezeSummary[]>> {
  return readThrough(
    FREEZES,
    async () => (await upstreamClient(requestId, connection).getExchangeRateFreezes({ requestId })).data,
    connection,
  );
}

/** The client's freeze preview of a month: as held, else read once with its key. */
export async function heldFreezeMonth(
  month: string,
  requestId: string,
  connection: string = DEFAULT_CONNECTION,
): Promise<Held<ExchangeRateFreeze>> {
  return (
    (await held<ExchangeRateFreeze>(freezeKey(month), connection)) ??
    readFreezeMonth(month, requestId, connection)
  );
}

/** A month's freeze preview read again with the client's key (spec: Endpoint 14), and kept. */
export function readFreezeMonth(
  month: string,
  requestId: string,
  connection: string = DEFAULT_CONNECTION,
): Promise<Held<ExchangeRateFreeze>> {
  return readThrough(
    freezeKey(month),
    async () =>
      (await upstreamClient(requestId, connection).getExchangeRateFreeze(month, { requestId })).data,
    connection,
  );
}

/** When the frozen months were last read (the sync reads them again with the urgent months). */
export async function freezesReadAt(connection: string = DEFAULT_CONNECTION): Promise<Date | null> {
  return (await held<unknown>(FREEZES, connection))?.readAt ?? null;
}
