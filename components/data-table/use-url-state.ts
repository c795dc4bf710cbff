'use client';

import { useSearchParams } from 'next/navigation';
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  type ParserMap,
  readUrlValues,
  type UrlPatch,
  type UrlValues,
  writeUrlValues,
} from '@/lib/http/url-parsers';

/**
 * A table screen's state in its address, read and written with the screen's parsers
 * (lib/http/url-state.ts) by the same reader and writer as its server page and the links of other
 * pages (lib/http/url-parsers.ts, which states the rules: absent or unreadable values read as
 * their default, values equal to it left out, other keys kept). A client hook of a URL-state
 * library, with its adapter, cost about 7 KiB of gzip on each table page, above the 190 KiB per
 * route budget, for what this does in a page of code:
 *
 * - a change shows at once, and reaches the address at once or after `delayMs` of quiet (typing);
 * - the address changed from elsewhere (back, forward, a link) wins; a write still waiting is
 *   dropped on back or forward, and overwrites a link's address.
 *
 * Next.js keeps useSearchParams in step with history.pushState and replaceState, and does not
 * fetch the page again for them (a shallow update).
 */

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
    const parser = parsers[key];
    if (parser) next[key] = value ?? parser.defaultValue ?? null;
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
