'use client';

import { lazyDialog } from '@/components/ui/lazy-dialog';
import type { ClientRef } from '@/lib/clients/chosen-client';
import type { createUserSchema } from '../../lib/users/user.schema';

/**
 * "Add user" and its dialog (./create-user-form-dialog.tsx). The dialog, react-hook-form and the
 * schema load after the page hydrates, so the admin page does not carry them in its first load.
 */
export const CreateUserDialog = lazyDialog<{ clients: readonly ClientRef[] }, typeof createUserSchema>({
  dialog: () => import('./create-user-form-dialog').then((module) => module.CreateUserFormDialog),
  schema: () => import('../../lib/users/user.schema').then((schemas) => schemas.createUserSchema),
  trigger: () => ({ children: 'Add user' }),
});
