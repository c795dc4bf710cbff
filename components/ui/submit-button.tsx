'use client';

import type { ComponentProps, ReactNode } from 'react';
import { Button } from './button';
import { useHydrated } from './use-hydrated';

/**
 * A form's submit button while its write runs: disabled (so the write is not sent twice) and
 * saying what is happening (`busyLabel`, else its own label). `disabled` adds the form's own
 * reasons, such as nothing chosen yet. Disabled too until the page has hydrated: before, the
 * form's script is not attached and the browser would submit it itself, as a GET that writes
 * every field (a password too) into the address, the history and the server's logs, and sends
 * nothing. A disabled default button also stops Enter in a field from submitting (HTML: implicit
 * submission).
 */
export function SubmitButton({
  busy,
  busyLabel,
  disabled = false,
  children,
  ...props
}: Omit<ComponentProps<typeof Button>, 'type'> & { busy: boolean; busyLabel?: ReactNode }) {
  const hydrated = useHydrated();
  return (
    <Button type="submit" disabled={!hydrated || busy || disabled} {...props}>
      {busy && busyLabel !== undefined ? busyLabel : children}
    </Button>
  );
}
