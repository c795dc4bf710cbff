'use client';

import { type ReactNode, useState } from 'react';
import { Alert } from './alert';
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
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  tone?: 'default' | 'danger';
  /** Resolves when done; a thrown error's message is shown in the dialog. */
  onConfirm: () => Promise<void>;
}) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const confirm = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await onConfirm();
      onOpenChange(false);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : 'The change could not be made.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (busy) return;
        setFailure(null);
        onOpenChange(next);
      }}
    >
      <DialogContent>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription asChild>
          <div className="flex flex-col gap-2">{children}</div>
        </DialogDescription>
        {failure ? (
          <Alert tone="danger">
            <p>{failure}</p>
          </Alert>
        ) : null}
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
