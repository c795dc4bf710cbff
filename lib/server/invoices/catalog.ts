import 'server-only';
import { createHash } from 'node:crypto';
import type { AnnuityClient } from '../../annuity/client';
import { listAll, MAX_PAGE_SIZE } from '../../annuity/pagination';
import type { Invoice } from '../../annuity/schemas';
import { getEnv } from '../../env';

/**
 * Every invoice of the account, read in full because the service pages invoices with no filter and
 * no order (spec: Endpoints 11) while finance filters on origin, status and dates over all of them.
 *
 * Quota (spec: Limits 2, one shared daily quota): a read costs ceil(invoices / 100) calls, made four
 * at a time after the first page. The copy is shared by every viewer of this instance for
 * FRESH_FOR_MS, and concurrent readers wait for the one read in flight, so a team paging and
 * filtering the list spends one read per half minute, not one per click. "Reload" forces a read,
 * but never more often than RELOAD_FLOOR_MS. The copy lives in this process only: another instance
 * behind a load balancer reads its own, which costs quota but never correctness (architecture:
 * nothing another instance needs lives in memory).
 */
const FRESH_FOR_MS = 30_000;
const RELOAD_FLOOR_MS = 5_000;
const PAGE_CONCURRENCY = 4;

export interface InvoiceCatalog {
  invoices: Invoice[];
  readAt: Date;
  /** Upstream calls this read cost (0 when the copy was reused). */
  calls: number;
}

interface CatalogState {
  connection: string;
  catalog: InvoiceCatalog | null;
  inFlight: Promise<InvoiceCatalog> | null;
}

const globalForCatalog = globalThis as typeof globalThis & { __invoiceCatalog?: CatalogState };

/** The copy belongs to one connection: a new URL or key must never show another account's invoices. */
export function connectionId(): string {
  const env = getEnv();
  return createHash('sha256')
    .update(`${env.ANNUITY_API_URL ?? ''}\n${env.ANNUITY_API_KEY ?? ''}`)
    .digest('hex');
}

function state(): CatalogState {
  const connection = connectionId();
  const current = globalForCatalog.__invoiceCatalog;
  if (current && current.connection === connection) return current;
  const fresh: CatalogState = { connection, catalog: null, inFlight: null };
  globalForCatalog.__invoiceCatalog = fresh;
  return fresh;
}

export async function readInvoiceCatalog(
  client: AnnuityClient,
  requestId: string,
  options: { reload?: boolean; now?: Date } = {},
): Promise<InvoiceCatalog> {
  const current = state();
  const now = (options.now ?? new Date()).getTime();
  const age = current.catalog ? now - current.catalog.readAt.getTime() : Number.POSITIVE_INFINITY;
  const wanted = options.reload ? age > RELOAD_FLOOR_MS : age > FRESH_FOR_MS;
  if (current.catalog && !wanted) return { ...current.catalog, calls: 0 };
  current.inFlight ??= listAll<Invoice>(
    (currentPage, itemsPerPage) => client.getInvoices({ currentPage, itemsPerPage }, { requestId }),
    { itemsPerPage: MAX_PAGE_SIZE, concurrency: PAGE_CONCURRENCY },
  )
    .then((listed) => {
      // A list that moved while it was paged can show an invoice twice: keep one copy of each.
      const invoices = [...new Map(listed.items.map((invoice) => [invoice.id, invoice])).values()];
      const catalog = { invoices, readAt: new Date(), calls: listed.pages };
      current.catalog = catalog;
      return catalog;
    })
    .finally(() => {
      current.inFlight = null;
    });
  return current.inFlight;
}

/** For tests: the next read goes to the service. */
export function forgetInvoiceCatalog(): void {
  globalForCatalog.__invoiceCatalog = undefined;
}
