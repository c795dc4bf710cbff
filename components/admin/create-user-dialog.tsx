'use client';

import { DialogTriggerPlaceholder, deferred, earlyClicks } from '@/components/ui/deferred';

export const addUserClicks = earlyClicks();

/** Until the dialog's code arrives: the same button, saying it opens a dialog. */
function AddUserPlaceholder() {
  return (
    <DialogTriggerPlaceholder clicks={addUserClicks} clickKey="add">
      Add user
    </DialogTriggerPlaceholder>
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
