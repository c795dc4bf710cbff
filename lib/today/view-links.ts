import type { TodayData } from './data';
import { todayLink } from './links';

export interface ItemLinks {
  /** Where the renewal is decided: the month view on its due day and office. */
  renewal: string;
  patent: string;
  /** Where the earlier renewal blocking it is decided, and its row in the patent's chain. */
  earlier: string | null;
  earlierOnPatent: string | null;
}

/** The addresses Today's components need, all from todayLink (./links.ts). */
export interface TodayViewLinks {
  draft: string;
  items: Record<string, ItemLinks>;
  invoicesAttention: string;
  connection: string;
  users: string;
  rateFreezes: string;
  deliveryUnknown: string;
}

export function todayViewLinks(data: TodayData): TodayViewLinks {
  const items: TodayViewLinks['items'] = {};
  const buckets = data.renewals?.ok ? data.renewals.data.buckets : [];
  for (const item of buckets.flatMap((bucket) => bucket.items)) {
    const { row, earlier } = item;
    items[row.eventId] = {
      renewal: todayLink({ kind: 'renewal', dueDate: row.dueDate, office: row.office }),
      patent: todayLink({ kind: 'patent', patentId: row.patentId }),
      // The earlier renewal is of the same patent, so of the same office.
      earlier: earlier?.dueDate
        ? todayLink({ kind: 'renewal', dueDate: earlier.dueDate, office: row.office })
        : null,
      earlierOnPatent: earlier?.eventId
        ? todayLink({ kind: 'patent-event', patentId: earlier.patentId, eventId: earlier.eventId })
        : null,
    };
  }
  return {
    draft: todayLink({ kind: 'draft' }),
    items,
    invoicesAttention: todayLink({ kind: 'invoices', status: ['unmarked', 'in-progress', 'disputed'] }),
    connection: todayLink({ kind: 'admin', page: 'connection' }),
    users: todayLink({ kind: 'admin', page: 'users' }),
    rateFreezes: todayLink({ kind: 'rate-freezes' }),
    deliveryUnknown: todayLink({ kind: 'outbox-unknown' }),
  };
}
