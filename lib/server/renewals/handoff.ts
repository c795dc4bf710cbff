import 'server-only';
import { randomUUID } from 'node:crypto';

/**
 * What a page read whole but sent only the first screen of (the month view's rows, Today's bucket
 * items), kept for that page's browser to fetch the rest right after hydration without reading the
 * service again: the calls stay those of one read (docs/performance.md, "First screen in the HTML,
 * the rest after hydration").
 *
 * One entry per page render, for the user it was rendered for, taken once, dropped after its time
 * (HANDOFF_TTL_MS unless the page says otherwise) or when more than MAX_ENTRIES are waiting. Per process, on globalThis because a
 * page and a route handler are separate bundles with their own module state. A browser whose id is
 * unknown here (expired, another instance, a restart) reads the data again the ordinary way:
 * slower and dearer in calls, never wrong.
 */
export const HANDOFF_TTL_MS = 60_000;
const MAX_ENTRIES = 32;

interface Entry {
  kind: string;
  userId: string;
  value: unknown;
  expires: number;
}

const STORE = Symbol.for('annuity-console.handoffs');

function entries(): Map<string, Entry> {
  const holder = globalThis as { [STORE]?: Map<string, Entry> };
  holder[STORE] ??= new Map();
  return holder[STORE];
}

function dropExpired(store: Map<string, Entry>, now: number): void {
  for (const [id, entry] of store) if (entry.expires <= now) store.delete(id);
  // A Map iterates in insertion order: the oldest go first.
  for (const id of store.keys()) {
    if (store.size <= MAX_ENTRIES) break;
    store.delete(id);
  }
}

/** Keeps `value` for `userId` and answers the id their browser asks for it with. */
export function keepForHandoff(
  kind: string,
  userId: string,
  value: unknown,
  ttlMs = HANDOFF_TTL_MS,
  now = Date.now(),
): string {
  const store = entries();
  const id = randomUUID();
  store.set(id, { kind, userId, value, expires: now + ttlMs });
  dropExpired(store, now);
  return id;
}

function entryFor(kind: string, userId: string, id: string, now: number): Entry | null {
  const store = entries();
  dropExpired(store, now);
  const entry = store.get(id);
  return entry && entry.kind === kind && entry.userId === userId ? entry : null;
}

/** The kept value, once, for the same user and kind; null when unknown, expired or someone else's. */
export function takeHandoff<T>(kind: string, userId: string, id: string, now = Date.now()): T | null {
  const entry = entryFor(kind, userId, id, now);
  if (!entry) return null;
  entries().delete(id);
  return entry.value as T;
}

/** The kept value, left in place for the page's later asks (Today's cards each open on demand). */
export function readHandoff<T>(kind: string, userId: string, id: string, now = Date.now()): T | null {
  return (entryFor(kind, userId, id, now)?.value as T | undefined) ?? null;
}
