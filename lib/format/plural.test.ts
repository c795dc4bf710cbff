import { describe, expect, it } from 'vitest';
import { plural, pluralWord } from './plural';

describe('plural', () => {
  it('puts one thing in the singular and any other count in the plural', () => {
    expect(plural(1, 'matching patent')).toBe('1 matching patent');
    expect(plural(0, 'matching patent')).toBe('0 matching patents');
    expect(plural(2, 'line')).toBe('2 lines');
    expect(plural(1, 'family', 'families')).toBe('1 family');
    expect(plural(3, 'family', 'families')).toBe('3 families');
    expect(pluralWord(1, 'is', 'are')).toBe('is');
    expect(pluralWord(4, 'is', 'are')).toBe('are');
  });
});
