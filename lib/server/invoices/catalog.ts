import 'server-only';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { AnnuityClient } from '../../annuity/client';
import { listAll, MAX_PAGE_SIZE } from '../../annuity/pagination';
import { type Invoice, tolerant } from '../../annuity/schemas';
import { getDb } from '../../db';
import { invoiceCatalog } from '../../db/schema';
import type { ClientScope } from '../clients/scope';
import { DEFAULT_CONNECTION } from '../connection/default-connection';
import { upstreamClient } from '../connection/upstream';
import { NotFoundError } from '../errors/not-found';

/**
 * Every invoice of one client connection, read in full because the service pages invoices with no filter and
 * no order (spec: Endpoints 11) while finance filters on origin, status and dates over all of them.
 *
 * Quota (spec: Limits 2, one shared daily quota per key): a read costs ceil(invoices / 100) calls,
 * made four at a time after the first page. The copy lives in the database (`invoice_catalog`), so
 * every viewer of every dashboard instance shares it: page views read the copy, the worker's poll
 * reads the list again, and a team paging and filtering behind a load balancer spends no call per
 * click or per instance. One instance reads at a time (a lease on the row); the others wait for its copy.
 * "Reload" forces a read, but never more often than RELOAD_FLOOR_MS. Each instance keeps the parsed
 * copy of the row's current read in memory, checked against the row's `read_at` on every use.
 *
 * One copy per client connection (spec: Authentication 1, a key is one client's; rule 2, it sees
 * only that client's data): the row is keyed by the connection and read with that connection's key
 * only, so a client's list never holds another's invoice.
 */
const RELOAD_FLOOR_MS = 5_000;
const PAGE_CONCURRENCY = 4;
/** A lease older than this belongs to an instance that died mid-read: another may take over. */
const LEASE_STALE_MS = 2 * 60_000;
const WAIT_STEP_MS = 150;

export interface InvoiceCatalog {
  invoices: Invoice[];
  readAt: Date;
  /** Upstream calls this read cost (0 when the copy was reused). */
  calls: number;
}

interface CatalogState {
  connection: string;
  /** The parsed copy of the row's read at `catalog.readAt`. */
  catalog: InvoiceCatalog | null;
  inFlight: Promise<InvoiceCatalog> | null;
  /** Set by forgetInvoiceCatalog: the next read goes upstream whatever the row says. */
  forceRead: boolean;
}

const globalForCatalog = globalThis as typeof globalThis & {
  __invoiceCatalog?: Map<string, CatalogState>;
};

function state(connection: string): CatalogState {
  globalForCatalog.__invoiceCatalog ??= new Map();
  const states = globalForCatalog.__invoiceCatalog;
  const current = states.get(connection);
  if (current) return current;
  const fresh: CatalogState = { connection, catalog: null, inFlight: null, forceRead: false };
  states.set(connection, fresh);
  return fresh;
}

export interface CatalogReadOptions {
  /**
   * `reload`: read again now (the worker's poll, a user's "Reload"); `maxAgeMs`: read again when the
   * copy is older. By default a copy of any age is used: a page view costs no upstream call, and the
   * worker keeps the copy current (lib/server/notifications/poll.ts).
   */
  reload?: boolean;
  now?: Date;
  maxAgeMs?: number;
}

/** One connection's copy; `client` must be that connection's (upstreamClient(requestId, connection)). */
export async function readInvoiceCatalog(
  client: AnnuityClient,
  requestId: string,
  options: CatalogReadOptions & { connection?: string } = {},
): Promise<InvoiceCatalog> {
  const current = state(options.connection ?? DEFAULT_CONNECTION);
  // Readers of one instance share one look at the database and at most one upstream read.
  current.inFlight ??= sharedRead(current, client, requestId, options).finally(() => {
    current.inFlight = null;
  });
  return current.inFlight;
}

async function sharedRead(
  current: CatalogState,
  client: AnnuityClient,
  requestId: string,
  options: CatalogReadOptions,
): Promise<InvoiceCatalog> {
  const db = await getDb();
  const { connection } = current;
  const mine = eq(invoiceCatalog.connection, connection);
  await db.insert(invoiceCatalog).values({ connection }).onConflictDoNothing();
  const force = current.forceRead;
  current.forceRead = false;
  // Past a stale lease, this instance takes the read over (the claim below), so it never waits longer.
  const deadline = Date.now() + LEASE_STALE_MS + 30_000;
  for (;;) {
    const [row] = await db
      .select({ readAt: invoiceCatalog.readAt, readingSince: invoiceCatalog.readingSince })
      .from(invoiceCatalog)
      .where(mine);
    const now = (options.now ?? new Date()).getTime();
    const readAt = row?.readAt ?? null;
    const age = readAt ? now - readAt.getTime() : Number.POSITIVE_INFINITY;
    const maxAge = options.maxAgeMs ?? Number.POSITIVE_INFINITY;
    const wanted = force || (options.reload ? age > RELOAD_FLOOR_MS : age > maxAge);
    if (readAt && !wanted) return { ...(await copyAt(current, readAt)), calls: 0 };

    // Claim the read: only while nobody else holds a live lease, and the copy is still the one seen.
    const claimed = await db
      .update(invoiceCatalog)
      .set({ readingSince: new Date() })
      .where(
        and(
          mine,
          or(
            isNull(invoiceCatalog.readingSince),
            lt(invoiceCatalog.readingSince, new Date(Date.now() - LEASE_STALE_MS)),
          ),
          readAt ? eq(invoiceCatalog.readAt, readAt) : isNull(invoiceCatalog.readAt),
        ),
      )
      .returning({ connection: invoiceCatalog.connection });
    if (claimed.length > 0) return readUpstream(current, client, requestId);

    // Another instance is reading (or has just read): wait for its copy rather than spend quota.
    await new Promise((resolve) => setTimeout(resolve, WAIT_STEP_MS));
    const [after] = await db.select({ readAt: invoiceCatalog.readAt }).from(invoiceCatalog).where(mine);
    if (after?.readAt && after.readAt.getTime() !== readAt?.getTime()) {
      return { ...(await copyAt(current, after.readAt)), calls: 0 };
    }
    if (Date.now() > deadline)
      throw new Error('the invoice list is being read by another instance; try again');
  }
}

async function readUpstream(
  current: CatalogState,
  client: AnnuityClient,
  requestId: string,
): Promise<InvoiceCatalog> {
  const db = await getDb();
  const mine = eq(invoiceCatalog.connection, current.connection);
  try {
    const listed = await listAll<Invoice>(
      (currentPage, itemsPerPage) => client.getInvoices({ currentPage, itemsPerPage }, { requestId }),
      { itemsPerPage: MAX_PAGE_SIZE, concurrency: PAGE_CONCURRENCY },
    );
    // A list that moved while it was paged can show an invoice twice: keep one copy of each.
    const invoices = [...new Map(listed.items.map((invoice) => [invoice.id, invoice])).values()];
    const readAt = new Date();
    await db
      .update(invoiceCatalog)
      .set({ invoices, readAt, calls: listed.pages, readingSince: null })
      .where(mine);
    const catalog = { invoices, readAt, calls: listed.pages };
    current.catalog = catalog;
    return catalog;
  } catch (error) {
    await db.update(invoiceCatalog).set({ readingSince: null }).where(mine);
    throw error;
  }
}

/** The row's invoices at `readAt`: this instance's parsed copy when it is that read, else loaded. */
async function copyAt(current: CatalogState, readAt: Date): Promise<InvoiceCatalog> {
  if (current.catalog?.readAt.getTime() === readAt.getTime()) return current.catalog;
  const db = await getDb();
  const [row] = await db
    .select({ invoices: invoiceCatalog.invoices, readAt: invoiceCatalog.readAt, calls: invoiceCatalog.calls })
    .from(invoiceCatalog)
    .where(eq(invoiceCatalog.connection, current.connection));
  // Stored as the service sent them, already read once: read tolerantly again (spec: Versioning 3).
  const invoices = (row?.invoices ?? []).flatMap((value) => {
    const parsed = tolerant.invoice.safeParse(value);
    return parsed.success ? [parsed.data] : [];
  });
  const catalog = { invoices, readAt: row?.readAt ?? readAt, calls: row?.calls ?? 0 };
  current.catalog = catalog;
  return catalog;
}

/** One client's copy, with the client that read it (its key only). */
export interface ClientCatalog {
  connection: string;
  client: AnnuityClient;
  catalog: InvoiceCatalog;
}

/** The copies of the given connections (a request's scope), each read with its own key. */
export function readClientCatalogs(
  connections: readonly string[],
  requestId: string,
  options: CatalogReadOptions = {},
): Promise<ClientCatalog[]> {
  return Promise.all(
    connections.map(async (connection) => {
      const client = upstreamClient(requestId, connection);
      const catalog = await readInvoiceCatalog(client, requestId, { ...options, connection });
      return { connection, client, catalog };
    }),
  );
}

/** An invoice found in the scope, with its client's copy and client (that client's key only). */
export interface ScopedInvoice extends ClientCatalog {
  invoice: Invoice;
}

/**
 * Which client an invoice is, from our copies of the scope's clients (spec: rule 2): another
 * client's invoice is not found. One the copy does not hold yet (issued since the last read) is
 * read from the service only when the scope is one client, with that client's key, whose 404 is
 * the service's own (spec: Endpoints 12); keys are never tried one after another.
 */
export async function findInvoice(
  scope: ClientScope,
  invoiceId: string,
  requestId: string,
): Promise<ScopedInvoice> {
  const reads = await readClientCatalogs(scope.connections, requestId);
  for (const read of reads) {
    const invoice = read.catalog.invoices.find((candidate) => candidate.id === invoiceId);
    if (invoice) return { ...read, invoice };
  }
  const [only] = reads;
  if (reads.length !== 1 || !only) throw new NotFoundError('That invoice');
  return { ...only, invoice: (await only.client.getInvoice(invoiceId, { requestId })).data };
}

/** For tests: the next read of the connection's copy goes to the service. */
export function forgetInvoiceCatalog(connection: string = DEFAULT_CONNECTION): void {
  const current = state(connection);
  current.catalog = null;
  current.forceRead = true;
}
