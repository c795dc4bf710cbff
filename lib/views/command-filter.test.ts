import { describe, expect, it } from 'vitest';
import { filterCommands, foldText, moveActive } from './command-filter';

const commands = [
  { label: 'Today', keywords: 'What needs you now' },
  { label: 'Renewals', keywords: 'Renewals due in a month' },
  { label: 'Portfolio', keywords: 'Every patent under management' },
  { label: 'Review and send your decisions', keywords: 'draft' },
  { label: 'EP grants in grace', keywords: 'Portfolio view shared by Mona Manager' },
  { label: 'Überprüfung', keywords: '' },
  { label: 'Sign out', keywords: 'log out' },
];
const labels = (typed: string) => filterCommands(commands, typed).map((command) => command.label);

describe('filterCommands', () => {
  it('lists every command, in order, before anything is typed', () => {
    expect(labels('')).toEqual(commands.map((command) => command.label));
    expect(labels('   ')).toHaveLength(commands.length);
  });

  it('keeps only commands holding every word typed, in any case', () => {
    expect(labels('PORT')).toEqual(['Portfolio', 'EP grants in grace']);
    expect(labels('grace ep')).toEqual(['EP grants in grace']);
    expect(labels('grace xyz')).toEqual([]);
  });

  it('puts a label that starts with the text first, then word starts, then contains, then keywords', () => {
    const ranked = filterCommands(
      [
        { label: 'Keywords only', keywords: 'rev' },
        { label: 'Preview' },
        { label: 'Send for review' },
        { label: 'Review and send' },
      ],
      'rev',
    ).map((command) => command.label);
    expect(ranked).toEqual(['Review and send', 'Send for review', 'Preview', 'Keywords only']);
  });

  it('finds by the keywords: a view by its owner, sign out by "log"', () => {
    expect(labels('mona')).toEqual(['EP grants in grace']);
    expect(labels('log')).toEqual(['Sign out']);
  });

  it('forgives accents', () => {
    expect(labels('uberpr')).toEqual(['Überprüfung']);
    expect(foldText('  Élan   Vital ')).toBe('elan vital');
  });
});

describe('moveActive', () => {
  it('moves down and up, wrapping at both ends', () => {
    expect(moveActive(-1, 3, 1)).toBe(0);
    expect(moveActive(-1, 3, -1)).toBe(2);
    expect(moveActive(2, 3, 1)).toBe(0);
    expect(moveActive(0, 3, -1)).toBe(2);
    expect(moveActive(0, 0, 1)).toBe(-1);
  });
});
