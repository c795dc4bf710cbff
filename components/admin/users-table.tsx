'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { DataTable } from '@/components/data-table/data-table';
import { FailureAlert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { NativeSelect } from '@/components/ui/native-select';
import type { ClientRef } from '@/lib/clients/chosen-client';
import { useApiMutation } from '@/lib/forms/use-api-mutation';
import { apiFetch } from '@/lib/http/api-client';
import { isRole, ROLE_LABELS, ROLES, type Role } from '@/lib/policy/roles';
import type { TableColumn } from '@/lib/table/columns';
import { ResetPasswordDialog } from './reset-password-dialog';
import { roleChangeSections } from './role-change';
import { type UserClients, UserClientsEditor } from './user-clients-editor';

export interface UserListItem {
  id: string;
  name: string;
  email: string;
  role: string;
  active: boolean;
  clients: UserClients;
}

export function UsersTable({
  users,
  viewerId,
  clients,
}: {
  users: UserListItem[];
  viewerId: string;
  /** The active clients: the choices of each user's clients. */
  clients: ClientRef[];
}) {
  const router = useRouter();
  // A role change or a deactivation takes effect at once (a deactivated user is signed out), so
  // each waits for a confirmation that says what it does; its failure shows in that dialog.
  const [pending, setPending] = useState<PendingChange | null>(null);
  const change = useApiMutation({
    mutationFn: ({ userId, ...values }: { userId: string; role?: string; active?: boolean }) =>
      apiFetch(`/api/admin/users/${encodeURIComponent(userId)}`, { method: 'PATCH', json: values }),
    failure: 'The change could not be saved.',
    onSuccess: () => router.refresh(),
  });
  const busy = change.isPending ? change.variables?.userId : null;
  // A reactivation asks for no confirmation: its failure shows above the table.
  const failure = change.variables?.active === true ? change.failureMessage : null;
  const columns: TableColumn<UserListItem>[] = [
    { id: 'name', header: 'Name', className: 'font-medium', cell: (user) => user.name },
    { id: 'email', header: 'Email', cell: (user) => user.email },
    {
      id: 'role',
      header: 'Role',
      cell: (user) => (
        <NativeSelect
          aria-label={`Role of ${user.email}`}
          value={user.role}
          disabled={user.id === viewerId || busy === user.id}
          onChange={(event) => {
            const role = event.target.value;
            if (isRole(role) && role !== user.role) setPending({ kind: 'role', user, role });
          }}
        >
          {ROLES.map((role) => (
            <option key={role} value={role}>
              {ROLE_LABELS[role]}
            </option>
          ))}
          {isRole(user.role) ? null : <option value={user.role}>{user.role}</option>}
        </NativeSelect>
      ),
    },
    {
      id: 'clients',
      header: 'Clients',
      cell: (user) => <UserClientsEditor user={user} grant={user.clients} clients={clients} />,
    },
    {
      id: 'state',
      header: 'State',
      cell: (user) =>
        user.active ? <Badge tone="success">Active</Badge> : <Badge tone="neutral">Deactivated</Badge>,
    },
    {
      id: 'actions',
      header: 'Actions',
      headerHidden: true,
      cell: (user) => (
        <div className="flex justify-end gap-2">
          <ResetPasswordDialog userId={user.id} email={user.email} />
          {user.id === viewerId ? null : (
            <Button
              variant={user.active ? 'outline' : 'secondary'}
              size="sm"
              disabled={busy === user.id}
              onClick={() =>
                user.active
                  ? setPending({ kind: 'deactivate', user })
                  : change.mutate({ userId: user.id, active: true })
              }
            >
              {user.active ? 'Deactivate' : 'Reactivate'}
              <span className="sr-only"> {user.email}</span>
            </Button>
          )}
        </div>
      ),
    },
  ];

  return (
    <div className="flex flex-col gap-3">
      <FailureAlert message={failure} />
      <DataTable label="Users" columns={columns} rows={users} rowKey={(user) => user.id} />
      {pending ? (
        <ConfirmDialog
          open
          onOpenChange={(open) => {
            if (!open) setPending(null);
          }}
          title={
            pending.kind === 'role'
              ? `Make ${pending.user.name} ${articleFor(ROLE_LABELS[pending.role])} ${ROLE_LABELS[pending.role]}?`
              : `Deactivate ${pending.user.name}?`
          }
          confirmLabel={
            pending.kind === 'role' ? `Change role to ${ROLE_LABELS[pending.role]}` : 'Deactivate'
          }
          tone={pending.kind === 'deactivate' ? 'danger' : 'default'}
          onConfirm={() =>
            change.mutateAsync(
              pending.kind === 'role'
                ? { userId: pending.user.id, role: pending.role }
                : { userId: pending.user.id, active: false },
            )
          }
          failure="The change could not be saved."
        >
          {pending.kind === 'role' ? (
            <RoleChangeConsequences from={pending.user.role} to={pending.role} email={pending.user.email} />
          ) : (
            <span>
              {pending.user.email} is signed out at once and cannot sign in until an administrator reactivates
              the account. Their drafts and history are kept.
            </span>
          )}
        </ConfirmDialog>
      ) : null}
    </div>
  );
}

type PendingChange =
  | { kind: 'role'; user: UserListItem; role: Role }
  | { kind: 'deactivate'; user: UserListItem };

function articleFor(label: string): string {
  return /^[AEIOU]/.test(label) ? 'an' : 'a';
}

function RoleChangeConsequences({ from, to, email }: { from: string; to: Role; email: string }) {
  const { gains, loses } = roleChangeSections(from, to);
  const fromLabel = isRole(from) ? ROLE_LABELS[from] : from;
  return (
    <>
      <span>
        {email} changes from {fromLabel} to {ROLE_LABELS[to]} from their next page or request.
      </span>
      {gains.length > 0 ? <span>Gains: {gains.join(', ')}.</span> : null}
      {loses.length > 0 ? <span>Loses: {loses.join(', ')}.</span> : null}
    </>
  );
}
