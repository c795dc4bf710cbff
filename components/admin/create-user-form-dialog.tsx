'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { FailureAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { DialogFooter, TriggeredDialog } from '@/components/ui/dialog';
import { FormInput, FormSelect, NEW_PASSWORD } from '@/components/ui/form-field';
import type { LazyDialogParts } from '@/components/ui/lazy-dialog';
import { Options } from '@/components/ui/native-select';
import { SubmitButton } from '@/components/ui/submit-button';
import type { ClientRef } from '@/lib/clients/chosen-client';
import { useApiMutation } from '@/lib/forms/use-api-mutation';
import { apiFetch } from '@/lib/http/api-client';
import { ROLE_LABELS, ROLES } from '@/lib/policy/roles';
import type { CreateUserInput, createUserSchema } from '../../lib/users/user.schema';
import { initialClientsOf, NewUserClientsField } from './new-user-clients-field';

/**
 * Loaded by ./create-user-dialog.tsx, which gives it the schema's resolver and the active clients
 * to choose from.
 */
export function CreateUserFormDialog({
  openAtFirst,
  resolver,
  clients,
}: LazyDialogParts<typeof createUserSchema> & { clients: readonly ClientRef[] }) {
  const router = useRouter();
  const [open, setOpen] = useState(openAtFirst);
  const form = useForm<CreateUserInput>({
    resolver,
    defaultValues: {
      name: '',
      email: '',
      role: 'paralegal',
      password: '',
      clients: initialClientsOf(clients),
    },
  });
  const create = useApiMutation({
    mutationFn: (values: CreateUserInput) => apiFetch('/api/admin/users', { method: 'POST', json: values }),
    failure: 'The user could not be created.',
    form,
    onSuccess: () => {
      form.reset();
      setOpen(false);
      router.refresh();
    },
  });
  // The failure answers the form as it was sent ("a user with this email exists"): once a field
  // changes it no longer describes what is on screen, so it goes until the next attempt.
  const clearFailure = create.reset;
  useEffect(() => {
    const subscription = form.watch(() => clearFailure());
    return () => subscription.unsubscribe();
  }, [form, clearFailure]);
  const onSubmit = form.handleSubmit((values) => create.mutate(values));
  return (
    <TriggeredDialog
      open={open}
      onOpenChange={setOpen}
      trigger={<Button>Add user</Button>}
      title="Add a user"
      description="Give them a first password and tell them through a channel you trust; they can sign in at once."
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <FailureAlert message={create.failureMessage} />
        <FormInput form={form} name="name" label="Name" autoComplete="off" />
        <FormInput form={form} name="email" label="Email" type="email" autoComplete="off" />
        <FormSelect form={form} name="role" label="Role">
          <Options values={ROLES} label={ROLE_LABELS} />
        </FormSelect>
        <FormInput
          form={form}
          name="password"
          label="First password"
          hint="At least 12 characters."
          {...NEW_PASSWORD}
        />
        <NewUserClientsField form={form} clients={clients} />
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <SubmitButton busy={create.isPending}>Add user</SubmitButton>
        </DialogFooter>
      </form>
    </TriggeredDialog>
  );
}
