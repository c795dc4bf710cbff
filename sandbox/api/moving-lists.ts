import type { MoveItemsSettings } from '../operator/schemas';

/**
 * The `moveItems` fault (operator/schemas.ts): a list whose items move between the page reads of
 * a client walking it, as the lists of a real service do while its data changes (spec: Pagination
 * envelope — pages are offsets into the list as it is at each read; nothing promises a snapshot).
 *
 * The list of each read is the service's own list minus the items this fault withholds, so every
 * item shown is a real one and every page of every later read agrees on which items exist:
 * - `repeat`: the first items of a list are withheld when it is first read, and one comes back
 *   (at its own place, before the reader's cursor) after every `everyPages` page reads: the next
 *   page starts one item earlier, so the last item of the page before comes again, and
 *   `totalItems` grows by one;
 * - `add`: the same with the last items of the list, which come back after the cursor: the reader
 *   reaches them, past the page count the first page announced;
 * - `remove`: after every `everyPages` page reads the last item the reader got is withheld from
 *   then on: the next page starts one item later (the reader never sees the item that slid onto
 *   the page it already read, unless it reads again) and `totalItems` shrinks by one.
 * A list moves only between two pages of a walk (after a page that says `hasMore`), at most
 * `times` times (per list: the same path and query but the page); a list whose moves are spent
 * stays as it is then. Withheld items are withheld from every list of the tenant (a range that
 * holds them, the patent list, the invoice list) until the fault changes or is cleared.
 */
interface ListMoves {
  reads: number;
  moves: number;
  /** Withheld items this list brings back, in order (repeat, add). */
  comingBack: string[];
}

interface TenantMoves {
  withheld: Set<string>;
  lists: Map<string, ListMoves>;
}

interface MovingWindow {
  offset: number;
  limit: number;
}

export class MovingLists {
  #tenants = new WeakMap<object, TenantMoves>();

  /** Forgets every move: the fault changed or was cleared. */
  reset(): void {
    this.#tenants = new WeakMap();
  }

  /**
   * One page of a moving list. `all` is the whole list as the service holds it, in its order;
   * `tenant` identifies whose data it is, `list` the list (path and query without the page).
   */
  page<T extends { id: string }>(
    settings: MoveItemsSettings,
    tenant: object,
    list: string,
    all: readonly T[],
    window: MovingWindow,
  ): { totalItems: number; items: T[] } {
    let moves = this.#tenants.get(tenant);
    if (!moves) {
      moves = { withheld: new Set(), lists: new Map() };
      this.#tenants.set(tenant, moves);
    }
    const { withheld } = moves;
    let state = moves.lists.get(list);
    if (!state) {
      state = { reads: 0, moves: 0, comingBack: [] };
      moves.lists.set(list, state);
      if (settings.mode !== 'remove') {
        // Items still to come: at most half the list, so a page of it is always there to read.
        const candidates = all.filter((item) => !withheld.has(item.id));
        const count = Math.min(settings.times, Math.floor(candidates.length / 2));
        const chosen =
          settings.mode === 'repeat'
            ? candidates.slice(0, count)
            : candidates.slice(candidates.length - count);
        for (const item of chosen) {
          withheld.add(item.id);
          state.comingBack.push(item.id);
        }
      }
    }
    const visible = all.filter((item) => !withheld.has(item.id));
    const items = visible.slice(window.offset, window.offset + window.limit);
    const totalItems = visible.length;
    state.reads += 1;
    const end = window.offset + items.length;
    const hasMore = items.length > 0 && end < totalItems;
    if (hasMore && state.reads % settings.everyPages === 0 && state.moves < settings.times) {
      if (settings.mode === 'remove') {
        const passed = items.at(-1);
        if (passed) {
          withheld.add(passed.id);
          state.moves += 1;
        }
      } else {
        const back = state.comingBack.shift();
        if (back !== undefined) {
          withheld.delete(back);
          state.moves += 1;
        }
      }
    }
    return { totalItems, items };
  }
}

/** The key of a list: its path and query without the page parameters. */
export function listKey(path: string, params: URLSearchParams): string {
  const kept = [...params.entries()]
    .filter(([name]) => name !== 'currentPage' && name !== 'itemsPerPage')
    .sort(([a, va], [b, vb]) => (a === b ? va.localeCompare(vb) : a.localeCompare(b)));
  return `${path}?${new URLSearchParams(kept).toString()}`;
}
