'use client';

import { type RefObject, useSyncExternalStore } from 'react';
import type { RowFees } from '@/lib/renewals/rows';

/** The fee total whose breakdown is open: its figures and the button it hangs from. */
export interface FeeBreakdownTarget {
  fees: RowFees;
  /** How the user names the renewal (the patent), for the dialog's name. */
  label: string;
  locale: string;
  anchor: HTMLElement;
}

/**
 * One breakdown open at a time, for the whole page: a month view shows a fee total in every row,
 * and a popover per row (Radix's root, anchor and presence) was most of a row's React work, on a
 * sort or a filter and when the page hydrates (bench: sort ≤ 30 ms, Lighthouse). The rows draw a
 * plain button that names its target here; one popover (./fee-breakdown-host.tsx) shows it.
 */
let current: FeeBreakdownTarget | null = null;
const listeners = new Set<() => void>();

function publish(next: FeeBreakdownTarget | null): void {
  current = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Opens the breakdown on `target`, or closes it when it is already open on the same button. */
export function toggleFeeBreakdown(target: FeeBreakdownTarget): void {
  publish(current?.anchor === target.anchor ? null : target);
}

export function closeFeeBreakdown(): void {
  if (current) publish(null);
}

export function useFeeBreakdownTarget(): FeeBreakdownTarget | null {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
}

/** Whether the breakdown hangs from this button now (its aria-expanded). */
export function useFeeBreakdownOpenOn(anchor: RefObject<HTMLElement | null>): boolean {
  return useSyncExternalStore(
    subscribe,
    () => current !== null && current.anchor === anchor.current,
    () => false,
  );
}

/** The popover's code: asked for when a total is pointed at or focused, so a click opens it at once. */
export const loadFeeBreakdown = () => import('./fee-breakdown-popover');
