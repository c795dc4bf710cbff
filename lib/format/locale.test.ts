import { describe, expect, it } from 'vitest';
import { formatDate } from './dates';
import { LOCALE_CHOICES, localeFromAcceptLanguage, resolveLocale } from './locale';

describe('the viewer locale', () => {
  it('follows the choice over the browser', () => {
    expect(resolveLocale('de-DE', 'en-US,en;q=0.9')).toBe('de-DE');
    expect(formatDate('2026-12-03', resolveLocale('de-DE', 'en-US'))).toBe('3. Dez. 2026');
  });

  it('falls back to the browser for no choice, or one we do not offer', () => {
    expect(resolveLocale(undefined, 'fr-FR,fr;q=0.9')).toBe('fr-FR');
    expect(resolveLocale('xx-<script>', 'en-US')).toBe('en-US');
    expect(resolveLocale('', null)).toBe('en-GB');
  });

  it('skips malformed Accept-Language tags', () => {
    expect(localeFromAcceptLanguage('*, !!, ja-JP;q=0.5')).toBe('ja-JP');
  });

  it('offers only locales this runtime can format', () => {
    for (const choice of LOCALE_CHOICES) {
      expect(Intl.DateTimeFormat.supportedLocalesOf([choice.tag])).toEqual([choice.tag]);
    }
  });
});
