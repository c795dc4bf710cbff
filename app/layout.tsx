import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import './globals.css';
import { pageLocale } from '@/lib/server/http/request-context';
import { Providers } from './providers';

export const metadata: Metadata = {
  title: { default: 'Annuity Console', template: '%s · Annuity Console' },
  description: 'Patent renewal (annuity) decisions, tracking, invoices and exchange-rate freezes.',
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Reading the request makes every page render per request, which the CSP nonce requires
  // (proxy.ts sets a fresh nonce on each request and Next applies it to its own scripts).
  const locale = await pageLocale();
  return (
    <html lang="en">
      <body className="min-h-screen">
        <Providers locale={locale}>{children}</Providers>
      </body>
    </html>
  );
}
