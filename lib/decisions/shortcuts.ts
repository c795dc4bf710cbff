/**
 * Which key presses are shortcuts: the rules of the key listener (components/keyboard/
 * key-listener.ts, loaded after the page hydrates). What the month view's keys do is in
 * ./keyboard-decisions.ts; what each key does in words, in ./shortcut-help.ts, which only the help
 * dialog loads. Browser-safe: no React, no DOM globals (the element checks take plain fields).
 */

/** A key as `KeyboardEvent.key` names it; a printable one already carries Shift ("A", "?"). */
export type ShortcutKey = string;

/** The fields of a keydown event a shortcut looks at. */
export interface KeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
}

/**
 * The key a shortcut matches, or null when the press belongs to the browser or the system
 * (Ctrl, Cmd or Alt held: copy, find, history, screen-reader commands are never taken over).
 */
export function shortcutKeyOf(press: KeyPress): ShortcutKey | null {
  if (press.ctrlKey || press.metaKey || press.altKey) return null;
  if (press.key === 'Dead' || press.key === 'Unidentified' || press.key === 'Process') return null;
  return press.key;
}

/** The parts of an element that decide whether a key press is typing rather than a command. */
export interface KeyTarget {
  tagName: string;
  isContentEditable?: boolean;
  type?: string;
  /** The nearest ancestor (or itself) in a dialog, menu or list box, which own their keys. */
  insideWidget?: boolean;
}

/** Input types that take no text: a letter pressed there is free for a shortcut. */
const NON_TEXT_INPUTS = new Set([
  'checkbox',
  'radio',
  'button',
  'submit',
  'reset',
  'image',
  'range',
  'color',
]);

/**
 * Whether a key press on this element is the user typing (or driving an open widget), so no
 * shortcut may act on it: "p" in a search box is a letter, not PROCEED.
 */
export function isTypingTarget(target: KeyTarget | null): boolean {
  if (!target) return false;
  if (target.insideWidget) return true;
  if (target.isContentEditable) return true;
  const tag = target.tagName.toUpperCase();
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag === 'INPUT') return !NON_TEXT_INPUTS.has((target.type ?? 'text').toLowerCase());
  return false;
}

/** How long the second key of a sequence ("g t") may follow the first. */
export const SEQUENCE_TIMEOUT_MS = 1500;

export type SequenceResult = { kind: 'match'; binding: string } | { kind: 'pending' } | { kind: 'none' };

/**
 * Matches presses against bindings written as space-separated keys ("j", "g t"). A press that
 * starts a longer binding waits for the next one; a press that continues nothing is matched on
 * its own. `now` is passed in (milliseconds) so the rule can be checked without a clock.
 */
export function createSequenceMatcher(bindings: readonly string[]) {
  const sequences = bindings.map((binding) => ({ binding, keys: binding.split(' ') }));
  let prefix: ShortcutKey[] = [];
  let lastAt = Number.NEGATIVE_INFINITY;

  const matchFrom = (keys: ShortcutKey[]): SequenceResult => {
    const exact = sequences.find(
      (sequence) =>
        sequence.keys.length === keys.length && sequence.keys.every((key, index) => key === keys[index]),
    );
    if (exact) return { kind: 'match', binding: exact.binding };
    const longer = sequences.some(
      (sequence) =>
        sequence.keys.length > keys.length && keys.every((key, index) => sequence.keys[index] === key),
    );
    return longer ? { kind: 'pending' } : { kind: 'none' };
  };

  return {
    press(key: ShortcutKey, now: number): SequenceResult {
      const continuing = prefix.length > 0 && now - lastAt <= SEQUENCE_TIMEOUT_MS;
      lastAt = now;
      if (continuing) {
        const result = matchFrom([...prefix, key]);
        if (result.kind !== 'none') {
          prefix = result.kind === 'pending' ? [...prefix, key] : [];
          return result;
        }
      }
      const result = matchFrom([key]);
      prefix = result.kind === 'pending' ? [key] : [];
      return result;
    },
    reset() {
      prefix = [];
    },
  };
}
