'use client';

import { useSearchParams } from 'next/navigation';
import type { inferParserType, Nullable, ParserMap } from 'nuqs/server';
import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * A table screen's state in its address, read and written with the screen's nuqs parsers
 * (lib/http/url-state.ts). The parsers stay nuqs's; the hook is ours: nuqs's client hook and its
 * adapter cost about 7 KiB of gzip on each table page, above the 190 KiB per route budget, for
 * what this does in a page of code:
 *
 * - values are read from the address (absent or unreadable: the parser's default);
 * - a change shows at once, and reaches the address at once or after `delayMs` of quiet (typing);
 * - a value equal to its default, or null, leaves the address (nuqs's clearOnDefault);
 * - keys of other parsers in the address are kept;
 * - the address changed from elsewhere (back, forward, a link) wins; a write still waiting is
 *   dropped on back or forward, and overwrites a link's address.
 *
 * Next.js keeps useSearchParams in step with history.pushState and replaceState, and does not
 * fetch the page again for them (a shallow update).
 */
export type UrlValues<P extends ParserMap> = inferParserType<P>;
export type UrlPatch<P extends ParserMap> = Partial<Nullable<UrlValues<P>>>;

interface Parser {
  type?: string;
  parse: (value: never) => unknown;
  serialize?: (value: never) => string | string[];
  eq?: (a: unknown, b: unknown) => boolean;
  defaultValue?: unknown;
}

const defaultOf = (parser: Parser) => parser.defaultValue ?? null;

/** Reads every value of `parsers` from a query string. */
export function readUrlValues<P extends ParserMap>(parsers: P, search: URLSearchParams): UrlValues<P> {
  const values: Record<string, unknown> = {};
  for (const [key, builder] of Object.entries(parsers)) {
    const parser = builder as unknown as Parser;
    let parsed: unknown = null;
    if (search.has(key)) {
      try {
        parsed =
          parser.type === 'multi'
            ? (parser.parse as (value: string[]) => unknown)(search.getAll(key))
            : (parser.parse as (value: string) => unknown)(search.get(key) ?? '');
      } catch {
        // A hand-edited address: the value is read as absent.
        parsed = null;
      }
    }
    values[key] = parsed ?? defaultOf(parser);
  }
  return values as UrlValues<P>;
}

/** Writes every value of `parsers` into `search` (other keys are left alone). */
export function writeUrlValues<P extends ParserMap>(
  parsers: P,
  values: UrlValues<P>,
  search: URLSearchParams,
): URLSearchParams {
  for (const [key, builder] of Object.entries(parsers)) {
    const parser = builder as unknown as Parser;
    search.delete(key);
    const value = (values as Record<string, unknown>)[key];
    if (value === null || value === undefined) continue;
    const fallback = defaultOf(parser);
    const equal = parser.eq ?? Object.is;
    if (fallback !== null && equal(value, fallback)) continue;
    const serialize = (parser.serialize ?? String) as (value: unknown) => string | string[];
    const text = serialize(value);
    if (Array.isArray(text)) for (const item of text) search.append(key, item);
    else search.set(key, text);
  }
  return search;
}

/** The values shown, the address they stand for (`key`), and the address Next.js last reported. */
export interface AddressState<V> {
  key: string;
  seen: string;
  values: V;
}

/**
 * What to show when Next.js reports the address as `searchKey`: null when nothing changed. Next
 * takes our own pushState in a moment after it: until then it still reports the address before
 * the write, which is not a change, and once it reports our write only `seen` follows. Any other
 * address (back, forward, a link) is read again, unless a write of ours is waiting to replace it.
 */
export function followAddress<V>(
  state: AddressState<V>,
  searchKey: string,
  writePending: boolean,
  read: (key: string) => V,
): AddressState<V> | null {
  if (searchKey === state.seen) return null;
  if (searchKey === state.key || writePending) return { ...state, seen: searchKey };
  return { key: searchKey, seen: searchKey, values: read(searchKey) };
}

function applyPatch<P extends ParserMap>(parsers: P, values: UrlValues<P>, patch: UrlPatch<P>): UrlValues<P> {
  const next: Record<string, unknown> = { ...values };
  for (const [key, value] of Object.entries(patch)) {
    const parser = parsers[key] as unknown as Parser | undefined;
    if (!parser) continue;
    next[key] = value ?? defaultOf(parser);
  }
  return next as UrlValues<P>;
}

export function useUrlState<P extends ParserMap>(
  parsers: P,
  options: { history?: 'push' | 'replace'; delayMs?: number } = {},
): [UrlValues<P>, (patch: UrlPatch<P>) => void] {
  const { history = 'replace', delayMs = 0 } = options;
  // Outside the App Router (component tests) there is no address to follow: the defaults apply.
  const searchKey = useSearchParams()?.toString() ?? '';
  const [state, setState] = useState<AddressState<UrlValues<P>>>(() => ({
    key: searchKey,
    seen: searchKey,
    values: readUrlValues(parsers, new URLSearchParams(searchKey)),
  }));
  const latest = useRef(state.values);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  let current = state;
  const followed = followAddress(state, searchKey, timer.current !== null, (key) =>
    readUrlValues(parsers, new URLSearchParams(key)),
  );
  if (followed) {
    // React's derived state: the address moved since the last render.
    current = followed;
    setState(followed);
  }
  useEffect(() => {
    latest.current = current.values;
  });
  useEffect(() => {
    const dropPendingWrite = () => {
      if (timer.current !== null) clearTimeout(timer.current);
      timer.current = null;
    };
    // Back or forward within `delayMs` of a change: the change never reached the history, and the
    // address the user went to is read instead of being overwritten by the waiting write.
    window.addEventListener('popstate', dropPendingWrite);
    return () => {
      window.removeEventListener('popstate', dropPendingWrite);
      dropPendingWrite();
    };
  }, []);

  const write = useCallback(() => {
    timer.current = null;
    const search = writeUrlValues(parsers, latest.current, new URLSearchParams(window.location.search));
    const query = search.toString();
    setState((previous) => ({ ...previous, key: query }));
    const url = `${window.location.pathname}${query ? `?${query}` : ''}${window.location.hash}`;
    if (history === 'push') window.history.pushState(null, '', url);
    else window.history.replaceState(null, '', url);
  }, [parsers, history]);

  const set = useCallback(
    (patch: UrlPatch<P>) => {
      const values = applyPatch(parsers, latest.current, patch);
      latest.current = values;
      setState((previous) => ({ ...previous, values }));
      if (timer.current !== null) clearTimeout(timer.current);
      if (delayMs > 0) timer.current = setTimeout(write, delayMs);
      else write();
    },
    [parsers, delayMs, write],
  );

  return [current.values, set];
}
