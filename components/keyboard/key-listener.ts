'use client';

import {
  createSequenceMatcher,
  isTypingTarget,
  type KeyTarget,
  shortcutKeyOf,
} from '@/lib/decisions/shortcuts';
import { activeActions, shortcutRegistry } from './use-shortcuts';

/** Open widgets own their keys: letters type in a list box, arrows move in a menu. */
const WIDGET_SELECTOR =
  '[role="dialog"],[role="alertdialog"],[role="menu"],[role="listbox"],[role="combobox"]';

function keyTargetOf(target: EventTarget | null): KeyTarget | null {
  if (!(target instanceof HTMLElement)) return null;
  return {
    tagName: target.tagName,
    isContentEditable: target.isContentEditable,
    type: target instanceof HTMLInputElement ? target.type : undefined,
    insideWidget: target.closest(WIDGET_SELECTOR) !== null,
  };
}

let matcher: { version: number; match: ReturnType<typeof createSequenceMatcher> } | null = null;

function onKeyDown(event: KeyboardEvent) {
  if (event.defaultPrevented || event.isComposing || shortcutRegistry.entries.size === 0) return;
  const key = shortcutKeyOf(event);
  if (!key || isTypingTarget(keyTargetOf(event.target))) {
    matcher?.match.reset();
    return;
  }
  const actions = activeActions(shortcutRegistry.entries);
  if (matcher?.version !== shortcutRegistry.version) {
    matcher = { version: shortcutRegistry.version, match: createSequenceMatcher([...actions.keys()]) };
  }
  const result = matcher.match.press(key, event.timeStamp);
  if (result.kind === 'pending') {
    event.preventDefault();
    return;
  }
  if (result.kind !== 'match') return;
  if (actions.get(result.binding)?.(event) !== false) event.preventDefault();
}

/** The one document listener behind every useShortcuts (./use-shortcuts.ts); installed once. */
export function installKeyListener(): void {
  document.addEventListener('keydown', onKeyDown);
  // Lets a journey (and a curious developer) see that keys are being listened to.
  document.documentElement.dataset.shortcuts = 'on';
}
