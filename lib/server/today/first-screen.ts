import 'server-only';
import type { TodayBucketId } from '../../today/buckets';
import type { TodayData } from '../../today/data';
import { FIRST_ROWS, type TodayRest } from '../../today/first-screen';
import { todayViewLinks } from '../../today/view-links';

/**
 * Today's page puts the first FIRST_ROWS items of each bucket in its HTML (the focused bucket
 * whole) with the whole buckets' counts and totals; the cards fetch the rest when asked ("show
 * all", "add all to the draft"). Up to 200 items per bucket hydrated on load were most of the
 * page's Total Blocking Time (Lighthouse).
 */
export function firstScreenOfToday(
  data: TodayData,
  focus: TodayBucketId | null,
  rest: string | null,
): TodayData {
  if (!data.renewals?.ok) return data;
  const section = data.renewals.data;
  return {
    ...data,
    renewals: {
      ok: true,
      data: {
        ...section,
        ...(rest ? { rest } : {}),
        buckets: section.buckets.map((bucket) =>
          bucket.id === focus || bucket.items.length <= FIRST_ROWS
            ? bucket
            : {
                ...bucket,
                items: bucket.items.slice(0, FIRST_ROWS),
                listed: {
                  items: bucket.items.length,
                  decidable: bucket.items.filter((item) => item.decisions.length > 0).length,
                },
              },
        ),
      },
    },
  };
}

/** Whether a first screen leaves anything out (nothing to keep for later otherwise). */
export function hasMoreThanFirstScreen(data: TodayData): boolean {
  return (
    data.renewals?.ok === true &&
    data.renewals.data.buckets.some((bucket) => bucket.items.length > FIRST_ROWS)
  );
}

/** Every bucket's items, with the links the cards need for them. */
export function restOfToday(data: TodayData): TodayRest {
  if (!data.renewals?.ok) return {};
  const links = todayViewLinks(data).items;
  const rest: TodayRest = {};
  for (const bucket of data.renewals.data.buckets) {
    rest[bucket.id] = {
      items: bucket.items,
      links: Object.fromEntries(
        bucket.items.flatMap((item) => {
          const itemLinks = links[item.row.eventId];
          return itemLinks ? [[item.row.eventId, itemLinks]] : [];
        }),
      ),
    };
  }
  return rest;
}
