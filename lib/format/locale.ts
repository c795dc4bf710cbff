import { DEFAULT_LOCALE } from './dates';

/**
 * The viewer's locale for dates and amounts: the one they chose in their
 * preferences, else their browser's Accept-Language. The server renders with it
 * and hands it to the browser, so both format alike and hydration matches.
 */

/** The cookie that keeps the choice (set by PUT /api/account/locale; per browser, like a session). */
export const LOCALE_COOKIE = 'ac_locale';

/** The formats offered: the offices' and our users' usual ones. The labels name the formats, not the UI language. */
export const LOCALE_CHOICES = [
  { tag: 'en-GB', label: 'English (United Kingdom)' },
  { tag: 'en-US', label: 'English (United States)' },
  { tag: 'de-DE', label: 'Deutsch (Deutschland)' },
  { tag: 'de-CH', label: 'Deutsch (Schweiz)' },
  { tag: 'fr-FR', label: 'Français (France)' },
  { tag: 'it-IT', label: 'Italiano (Italia)' },
  { tag: 'es-ES', label: 'Español (España)' },
  { tag: 'nl-NL', label: 'Nederlands (Nederland)' },
  { tag: 'sv-SE', label: 'Svenska (Sverige)' },
  { tag: 'ja-JP', label: '日本語 (日本)' },
  { tag: 'zh-CN', label: '中文 (中国)' },
  { tag: 'ko-KR', label: '한국어 (대한민국)' },
] as const;

export type LocaleChoice = (typeof LOCALE_CHOICES)[number]['tag'];

export function isLocaleChoice(value: unknown): value is LocaleChoice {
  return typeof value === 'string' && LOCALE_CHOICES.some((choice) => choice.tag === value);
}

export function localeFromAcceptLanguage(header: string | null | undefined): string {
  for (const part of (header ?? '').split(',')) {
    const tag = part.split(';')[0]?.trim();
    if (!tag || tag === '*') continue;
    try {
      const [supported] = Intl.DateTimeFormat.supportedLocalesOf([tag]);
      if (supported) return supported;
    } catch {
      // A malformed tag is skipped, never an error page.
    }
  }
  return DEFAULT_LOCALE;
}

/** The chosen locale when it is one we offer (a stale or forged cookie is ignored), else the browser's. */
export function resolveLocale(
  chosen: string | null | undefined,
  acceptLanguage: string | null | undefined,
): string {
  return isLocaleChoice(chosen) ? chosen : localeFromAcceptLanguage(acceptLanguage);
}
