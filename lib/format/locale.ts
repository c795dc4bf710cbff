import { DEFAULT_LOCALE } from './dates';

/**
 * The viewer's locale from the Accept-Language header, for dates and amounts. The server renders
 * with it and hands it to the browser, so both format alike and hydration matches.
 */
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
