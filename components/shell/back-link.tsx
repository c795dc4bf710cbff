import Link from 'next/link';

/** The way back from a detail page to the list it belongs to, above its header. */
export function BackLink({ href, children }: { href: string; children: string }) {
  return (
    <p className="mb-2 text-sm">
      <Link href={href} className="text-primary underline-offset-2 hover:underline">
        ← {children}
      </Link>
    </p>
  );
}
