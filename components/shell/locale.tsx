'use client';

import { createContext, type ReactNode, useContext } from 'react';
import { DEFAULT_LOCALE } from '@/lib/format/dates';

const LocaleContext = createContext(DEFAULT_LOCALE);

export function LocaleProvider({ locale, children }: { locale: string; children: ReactNode }) {
  return <LocaleContext.Provider value={locale}>{children}</LocaleContext.Provider>;
}

/** The viewer's locale, as the server chose it from Accept-Language. */
export function useLocale(): string {
  return useContext(LocaleContext);
}
