import { describe, expect, it } from 'vitest';
import { allowed, blocked, renewalRow } from '@/lib/renewals/testing';
import { DECISION_KEYS, moveCursor, planDecision } from './keyboard-decisions';
import { SHORTCUT_HELP } from './shortcut-help';
import { createSequenceMatcher, isTypingTarget, SEQUENCE_TIMEOUT_MS, shortcutKeyOf } from './shortcuts';

const press = (key: string, held: Partial<{ ctrlKey: boolean; metaKey: boolean; altKey: boolean }> = {}) => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  ...held,
});

describe('which presses are shortcuts', () => {
  it('takes plain keys, Shift included in the key itself, and never a Ctrl, Cmd or Alt combination', () => {
    expect(shortcutKeyOf(press('j'))).toBe('j');
    expect(shortcutKeyOf(press('A'))).toBe('A');
    expect(shortcutKeyOf(press('?'))).toBe('?');
    // Ctrl+F is find, Cmd+R reload, Alt+D the address bar: the browser keeps them.
    expect(shortcutKeyOf(press('f', { ctrlKey: true }))).toBeNull();
    expect(shortcutKeyOf(press('r', { metaKey: true }))).toBeNull();
    expect(shortcutKeyOf(press('d', { altKey: true }))).toBeNull();
    expect(shortcutKeyOf(press('Dead'))).toBeNull();
  });

  it('does not fire while the user types in a field or drives an open widget', () => {
    expect(isTypingTarget({ tagName: 'INPUT', type: 'text' })).toBe(true);
    expect(isTypingTarget({ tagName: 'INPUT', type: 'search' })).toBe(true);
    expect(isTypingTarget({ tagName: 'INPUT' })).toBe(true);
    expect(isTypingTarget({ tagName: 'TEXTAREA' })).toBe(true);
    // A select jumps to the option a letter starts: "d" there must not mean DROP.
    expect(isTypingTarget({ tagName: 'SELECT' })).toBe(true);
    expect(isTypingTarget({ tagName: 'DIV', isContentEditable: true })).toBe(true);
    expect(isTypingTarget({ tagName: 'BUTTON', insideWidget: true })).toBe(true);
  });

  it('fires on rows, buttons, checkboxes and the page itself', () => {
    expect(isTypingTarget(null)).toBe(false);
    expect(isTypingTarget({ tagName: 'BODY' })).toBe(false);
    expect(isTypingTarget({ tagName: 'TR' })).toBe(false);
    expect(isTypingTarget({ tagName: 'BUTTON' })).toBe(false);
    expect(isTypingTarget({ tagName: 'INPUT', type: 'checkbox' })).toBe(false);
  });
});

describe('key sequences ("g t")', () => {
  it('matches single keys at once and a two-key sequence when the second follows in time', () => {
    const matcher = createSequenceMatcher(['j', 'g t', '?']);
    expect(matcher.press('j', 0)).toEqual({ kind: 'match', binding: 'j' });
    expect(matcher.press('g', 10)).toEqual({ kind: 'pending' });
    expect(matcher.press('t', 20)).toEqual({ kind: 'match', binding: 'g t' });
    // "t" alone is nothing.
    expect(matcher.press('t', 30)).toEqual({ kind: 'none' });
  });

  it('forgets a started sequence after the timeout, and a key that does not continue it counts alone', () => {
    const matcher = createSequenceMatcher(['j', 'g t']);
    matcher.press('g', 0);
    expect(matcher.press('t', SEQUENCE_TIMEOUT_MS + 1)).toEqual({ kind: 'none' });
    matcher.press('g', 5_000);
    expect(matcher.press('j', 5_010)).toEqual({ kind: 'match', binding: 'j' });
    expect(matcher.press('t', 5_020)).toEqual({ kind: 'none' });
  });

  it('starts over after reset (a key typed in a field between the two)', () => {
    const matcher = createSequenceMatcher(['g t']);
    matcher.press('g', 0);
    matcher.reset();
    expect(matcher.press('t', 10)).toEqual({ kind: 'none' });
  });
});

describe('moving between rows', () => {
  const ids = ['a', 'b', 'c'];
  it('starts at the first row going down and the last going up, and stops at the ends', () => {
    expect(moveCursor(ids, null, 1)).toBe('a');
    expect(moveCursor(ids, null, -1)).toBe('c');
    expect(moveCursor(ids, 'a', 1)).toBe('b');
    expect(moveCursor(ids, 'c', 1)).toBe('c');
    expect(moveCursor(ids, 'a', -1)).toBe('a');
    expect(moveCursor([], 'a', 1)).toBeNull();
  });

  it('starts again from the top when its row was filtered away', () => {
    expect(moveCursor(ids, 'gone', 1)).toBe('a');
  });
});

describe('decisions by key follow the service’s allowedDecisions', () => {
  const open = renewalRow({ eventId: 'open' });
  const noDrop = renewalRow({ eventId: 'no-drop', instructability: allowed(['PROCEED', 'SKIP_THIS_TIME']) });
  const tooEarly = renewalRow({ eventId: 'early', instructability: blocked('TOO_EARLY', '2027-01-01') });
  const unreported = renewalRow({ eventId: 'unreported', instructability: null });

  it('gives a decision only to the rows the service offers it for now', () => {
    const plan = planDecision([open, noDrop, tooEarly, unreported], 'DROP');
    expect(plan.accepted.map((row) => row.eventId)).toEqual(['open']);
    expect(plan.refused.map((row) => row.eventId)).toEqual(['no-drop', 'early', 'unreported']);
    expect(planDecision([open, noDrop], 'PROCEED').accepted).toHaveLength(2);
  });

  it('never offers a decision the service lists but this version cannot send', () => {
    const future = renewalRow({ instructability: allowed(['PROCEED', 'PAUSE']) });
    expect(planDecision([future], 'PROCEED').accepted).toHaveLength(1);
    expect(planDecision([future], 'PAUSE' as never).accepted).toHaveLength(0);
  });

  it('always lets a decision be removed', () => {
    expect(planDecision([tooEarly], null)).toEqual({ accepted: [tooEarly], refused: [] });
  });

  it('maps p, s, d and u to the three decisions and their removal, each listed in the help', () => {
    expect(DECISION_KEYS).toEqual({ p: 'PROCEED', s: 'SKIP_THIS_TIME', d: 'DROP', u: null });
    const listed = SHORTCUT_HELP.deciding.flatMap((group) => group.shortcuts.map((s) => s.keys.join(' ')));
    for (const key of [
      ...Object.keys(DECISION_KEYS),
      'j',
      'k',
      'x',
      'A',
      'Escape',
      'b',
      'r',
      '/',
      'g t',
      '?',
    ])
      expect(listed).toContain(key);
    expect(new Set(listed).size).toBe(listed.length);
  });
});
