import Link from 'next/link';
import type { ReactNode } from 'react';
import { patentHref } from '@/lib/portfolio/links';

/** A link to a patent's page, or with `eventId` to one of its renewals there, in the tables' link style. */
export function PatentLink({
  patentId,
  eventId,
  children,
}: {
  patentId: string;
  eventId?: string;
  children: ReactNode;
}) {
  return (
    <Link href={patentHref(patentId, eventId)} className="text-primary underline-offset-2 hover:underline">
      {children}
    </Link>
  );
}
