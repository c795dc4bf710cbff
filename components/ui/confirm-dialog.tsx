'use client';

import type { ReactNode } from 'react';
import { useApiMutation } from '@/lib/forms/use-api-mutation';
import { FailureAlert } from './alert';
import { Button } from './button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogTitle } from './dialog';

/**
 * A controlled "are you sure" dialog for a change that takes effect at once. The confirm button
 * names the action (never a bare "OK"), Cancel is focused first so Enter does not confirm by
 * accident, and a failure stays in the dialog with the user's choice intact.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  children,
  confirmLabel,
  tone = 'default',
  onConfirm,
  failure,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  tone?: 'default' | 'danger';
  /**
   * Resolves when done. A problem from our server is shown in the dialog in its own words; any
   * other failure as `failure` says, else by its message.
   */
  onConfirm: () => Promise<unknown>;
  failure?: string;
}) {
  const confirmation = useApiMutation({
    mutationFn: onConfirm,
    failure: failure ?? 'The change could not be made.',
    onSuccess: () => onOpenChange(false),
  });
  const busy = confirmation.isPending;
  const error = confirmation.error;
  const shown = !error ? null : failure || !error.message ? confirmation.failureMessage : error.message;
  const confirm = () => confirmation.mutate(undefined);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (busy) return;
        confirmation.reset();
        onOpenChange(next);
      }}
    >
      <DialogContent>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription asChild>
          <div className="flex flex-col gap-2">{children}</div>
        </DialogDescription>
        <FailureAlert message={shown} />
        <DialogFooter>
          <Button variant="outline" autoFocus disabled={busy} onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button variant={tone === 'danger' ? 'destructive' : 'default'} disabled={busy} onClick={confirm}>
            {busy ? 'Saving…' : confirmLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
