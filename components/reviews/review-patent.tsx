import Link from 'next/link';
import { patentHref } from '@/lib/portfolio/links';

/** A renewal's name in the reviews tables: its case reference (or event id), linked to its patent, and its office. */
export function reviewLabel(renewal: { caseReference: string | null; eventId: string }): string {
  return renewal.caseReference ?? renewal.eventId;
}

export function ReviewPatent({
  renewal,
}: {
  renewal: { caseReference: string | null; eventId: string; patentId: string; office: string | null };
}) {
  return (
    <>
      <Link href={patentHref(renewal.patentId)} className="text-primary underline-offset-2 hover:underline">
        {reviewLabel(renewal)}
      </Link>
      {renewal.office ? <span className="text-muted-foreground"> ({renewal.office})</span> : null}
    </>
  );
}
