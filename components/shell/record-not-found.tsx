import type { ComponentProps } from 'react';
import { NotFoundNotice } from './not-found-notice';

/**
 * What each detail page says when its record is missing or not the viewer's (the page called
 * `notFound()`): the one list of these notices, so they read alike and a new one is a line here.
 */
const NOT_FOUND = {
  invoice: {
    title: 'Invoice not found',
    reason: "This invoice does not exist or is not one of your organisation's invoices.",
    back: { href: '/invoices', label: 'Back to the invoices' },
  },
  patent: {
    title: 'Patent not found',
    reason: 'This patent does not exist or is not part of your portfolio.',
    back: { href: '/portfolio', label: 'Back to the portfolio' },
  },
  freezeMonth: {
    title: 'No such month',
    reason: 'A month is written as YYYY-MM, for example 2027-03.',
    back: { href: '/rate-freezes', label: 'Back to the rate freezes' },
  },
} satisfies Record<string, ComponentProps<typeof NotFoundNotice>>;

/** A detail route's `not-found.tsx` body: the notice of its kind of record. */
export function RecordNotFound({ record }: { record: keyof typeof NOT_FOUND }) {
  return <NotFoundNotice {...NOT_FOUND[record]} />;
}
