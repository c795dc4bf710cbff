'use client';

import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { deferred, earlyClicks } from '@/components/ui/deferred';

export const addUserClicks = earlyClicks();

/** Until the dialog's code arrives: the same button, saying it opens a dialog. */
function AddUserPlaceholder() {
  const [waiting, setWaiting] = useState(false);
  return (
    <Button
      type="button"
      aria-haspopup="dialog"
      aria-expanded={false}
      aria-busy={waiting || undefined}
      onClick={() => {
        addUserClicks.remember('add');
        setWaiting(true);
      }}
    >
      Add user
    </Button>
  );
}

/**
 * "Add user" and its dialog (./create-user-form-dialog.tsx). The dialog, react-hook-form and the
 * schema load after the page hydrates, so the admin page does not carry them in its first load.
 */
export const CreateUserDialog = deferred(
  () => import('./create-user-form-dialog').then((module) => module.CreateUserFormDialog),
  AddUserPlaceholder,
);
