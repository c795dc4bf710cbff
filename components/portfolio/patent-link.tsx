import Link from 'next/link';
import type { ReactNode } from 'react';
import { cn } from '@/components/ui/cn';
import { patentHref } from '@/lib/portfolio/links';

/**
 * A link to a patent's page, or with `eventId` to one of its renewals there, in the tables' link
 * style. `inLongList`: the name of a row in a long list (the month view, the portfolio), drawn in
 * the name's weight and not prefetched: every row on screen would otherwise fetch its patent page
 * after the load (main-thread work Lighthouse counts as blocking time, a server render each).
 */
export function PatentLink({
  patentId,
  eventId,
  inLongList = false,
  children,
}: {
  patentId: string;
  eventId?: string;
  inLongList?: boolean;
  children: ReactNode;
}) {
  return (
    <Link
      href={patentHref(patentId, eventId)}
      prefetch={inLongList ? false : undefined}
      className={cn('text-primary underline-offset-2 hover:underline', inLongList && 'font-medium')}
    >
      {children}
    </Link>
  );
}
