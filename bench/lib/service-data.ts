/**
 * Reads the stand-in service directly with the bench tenant's key: to size the work (how many
 * renewals a month has, how many invoices exist), to time the raw page walk, and to pick the
 * renewals a batch sends. Every read here is counted by the service like the dashboard's own, so
 * the bench does them before it resets the usage counters for a measured action.
 */
const API_ROOT = '/api/v2/external';
export const PAGE_SIZE = 100;

export interface ServiceEvent {
  id: string;
  eventType: string;
  dueDate: string;
  patent: { id: string; providerId: string | null };
  renewal?: { annuityYear: number | null } | null;
  instructability?: { isAllowed: boolean; allowedDecisions: string[] } | null;
}

export interface ServiceInvoice {
  id: string;
  issueDate: string;
  origin: string;
  fees: { eventId: string | null; patent: { id: string } | null }[];
}

interface ServicePage<T> {
  data: T[];
  pagination: { currentPage: number; totalPages: number; totalItems: number; hasMore: boolean };
}

export type ServiceReader = ReturnType<typeof serviceReader>;

export function serviceReader(baseUrl: string, key: string) {
  /** The body as it came; identity encoding, as the dashboard's own calls get it. */
  async function getText(pathAndQuery: string): Promise<string> {
    const response = await fetch(`${baseUrl}${API_ROOT}${pathAndQuery}`, {
      headers: { 'x-api-key': key, 'accept-encoding': 'identity' },
    });
    const body = await response.text();
    if (!response.ok) throw new Error(`service ${pathAndQuery}: ${response.status} ${body.slice(0, 300)}`);
    return body;
  }

  async function get<T>(pathAndQuery: string): Promise<T> {
    return JSON.parse(await getText(pathAndQuery)) as T;
  }

  /** The month view's own page query (lib/server/renewals/window.ts), so the raw walk is the same calls. */
  const monthPageQuery = (month: string, page: number) =>
    `/patent-events?${new URLSearchParams({
      dueMonth: month,
      include: 'fees',
      eventTypes: 'RENEWAL',
      currentPage: String(page),
      itemsPerPage: String(PAGE_SIZE),
    })}`;

  return {
    get,
    getText,
    monthPageQuery,
    periodPage: (query: Record<string, string>, page: number) =>
      get<ServicePage<ServiceEvent>>(
        `/patent-events?${new URLSearchParams({
          ...query,
          eventTypes: 'RENEWAL',
          currentPage: String(page),
          itemsPerPage: String(PAGE_SIZE),
        })}`,
      ),
    /** Renewals due in a month, from one 1-item page's totalItems. */
    async renewalsDueIn(month: string): Promise<number> {
      const page = await get<ServicePage<ServiceEvent>>(
        `/patent-events?dueMonth=${month}&eventTypes=RENEWAL&itemsPerPage=1`,
      );
      return page.pagination.totalItems;
    },
    /** Renewals due in [from, to]: the size of a from/to window of the month view. */
    async renewalsDueBetween(from: string, to: string): Promise<number> {
      const page = await get<ServicePage<ServiceEvent>>(
        `/patent-events?dueFrom=${from}&dueTo=${to}&eventTypes=RENEWAL&itemsPerPage=1`,
      );
      return page.pagination.totalItems;
    },
    /** Events of every kind due in [from, to], as an invoice check's period read would list them. */
    async eventsDueBetween(from: string, to: string): Promise<number> {
      const page = await get<ServicePage<ServiceEvent>>(
        `/patent-events?dueFrom=${from}&dueTo=${to}&itemsPerPage=1`,
      );
      return page.pagination.totalItems;
    },
    patentEvents: (patentId: string) => get<ServiceEvent[]>(`/patents/${patentId}/events`),
    async patentCount(): Promise<number> {
      const page = await get<ServicePage<unknown>>('/patents?itemsPerPage=1');
      return page.pagination.totalItems;
    },
    async firstPatentId(): Promise<string> {
      const page = await get<ServicePage<{ id: string }>>('/patents?itemsPerPage=1');
      const first = page.data[0];
      if (!first) throw new Error('the bench tenant has no patents');
      return first.id;
    },
    async allInvoices(): Promise<ServiceInvoice[]> {
      const invoices: ServiceInvoice[] = [];
      for (let page = 1; ; page++) {
        const body = await get<ServicePage<ServiceInvoice>>(
          `/invoices?currentPage=${page}&itemsPerPage=${PAGE_SIZE}`,
        );
        invoices.push(...body.data);
        if (!body.pagination.hasMore || body.data.length === 0) return invoices;
      }
    },
  };
}
