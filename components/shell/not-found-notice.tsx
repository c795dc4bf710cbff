import Link from 'next/link';
import { Alert } from '@/components/ui/alert';

/** A detail page's "not found": what is missing, why it may be, and the way back to its list. */
export function NotFoundNotice({
  title,
  reason,
  back,
}: {
  title: string;
  reason: string;
  back: { href: string; label: string };
}) {
  return (
    <Alert tone="info">
      <h2>{title}</h2>
      <p>{reason}</p>
      <p className="mt-2">
        <Link href={back.href} className="text-primary underline">
          {back.label}
        </Link>
      </p>
    </Alert>
  );
}
