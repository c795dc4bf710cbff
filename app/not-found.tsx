import Link from 'next/link';
import { Button } from '@/components/ui/button';

export default function NotFound() {
  return (
    <main
      id="main"
      className="mx-auto flex min-h-screen max-w-lg flex-col items-start justify-center gap-3 px-6"
    >
      <p className="text-sm font-medium text-muted-foreground">404</p>
      <h1 className="text-2xl font-semibold">Not found</h1>
      <p className="text-muted-foreground">
        This page or record does not exist, or it is not part of your organisation&apos;s portfolio.
      </p>
      <Button asChild>
        <Link href="/">Go to your start page</Link>
      </Button>
    </main>
  );
}
