'use client';

import { useEffect } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';

/** At the section layout, so the sidebar and header survive a failing page and navigation still works. */
export default function SectionError({
  error,
  reset,
}: {
  error: Error & { digest?: string };
  reset: () => void;
}) {
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <Alert tone="danger">
      <h2>This page could not be shown</h2>
      <p>Something went wrong while preparing it. You can try again, or choose another section.</p>
      {error.digest ? <p className="mt-2 text-xs text-muted-foreground">Reference: {error.digest}</p> : null}
      <Button className="mt-3" variant="outline" size="sm" onClick={reset}>
        Try again
      </Button>
    </Alert>
  );
}
