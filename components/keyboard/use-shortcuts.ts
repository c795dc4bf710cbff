'use client';

import { useEffect, useRef } from 'react';

/**
 * A binding's action. Return false when the key did nothing here (nothing selected to clear, say),
 * so the browser keeps its own use of the key.
 */
type ShortcutAction = (event: KeyboardEvent) => boolean | undefined;

/** Bindings written as space-separated keys: "j", "A", "?", "g t". */
export type ShortcutMap = Readonly<Record<string, ShortcutAction>>;

/**
 * Every mounted set of bindings (the registry). One document listener serves them all; its code
 * (./key-listener.ts) loads when the first set registers, after the page has hydrated, so the
 * month view's first load carries only this (bench: JS per route ≤ 200 KiB gzip).
 */
interface RegisteredShortcuts {
  map: { current: ShortcutMap };
  /** The dashboard's own keys ("?", "/", "g t" on every page): any page's binding of a key wins. */
  fallback: boolean;
}

export const shortcutRegistry = {
  entries: new Set<RegisteredShortcuts>(),
  /** Bumped on every change, so a sequence half typed against the old bindings is forgotten. */
  version: 0,
};

/** The action of each binding now: a page's own over the dashboard's fallbacks, else the latest. */
export function activeActions(entries: Iterable<RegisteredShortcuts>): Map<string, ShortcutAction> {
  const ordered = [...entries].sort((a, b) => Number(b.fallback) - Number(a.fallback));
  const actions = new Map<string, ShortcutAction>();
  for (const entry of ordered)
    for (const [binding, action] of Object.entries(entry.map.current)) actions.set(binding, action);
  return actions;
}

let listening: Promise<void> | null = null;

function listen() {
  listening ??= import('./key-listener').then((module) => module.installKeyListener());
  return listening;
}

/**
 * Registers keyboard shortcuts while the component is mounted. Keys pressed while typing (an
 * input, a select, a text area, an editable region) or inside an open dialog, menu or list box are
 * never taken, nor any press with Ctrl, Cmd or Alt (lib/decisions/shortcuts.ts). The latest
 * actions are always called, so handlers may close over fresh state without re-registering.
 */
export function useShortcuts(map: ShortcutMap, enabled = true, { fallback = false } = {}): void {
  const latest = useRef(map);
  useEffect(() => {
    latest.current = map;
  });
  const bindingList = Object.keys(map).join('|');
  useEffect(() => {
    if (!enabled || bindingList === '') return;
    const entry = { map: latest, fallback };
    shortcutRegistry.entries.add(entry);
    shortcutRegistry.version += 1;
    void listen();
    return () => {
      shortcutRegistry.entries.delete(entry);
      shortcutRegistry.version += 1;
    };
  }, [enabled, bindingList, fallback]);
}
