'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/native-select';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { apiFetch, problemMessage } from '@/lib/http/api-client';
import { isRole, ROLE_LABELS, ROLES } from '@/lib/policy/roles';
import { ResetPasswordDialog } from './reset-password-dialog';

export interface UserListItem {
  id: string;
  name: string;
  email: string;
  role: string;
  active: boolean;
}

export function UsersTable({ users, viewerId }: { users: UserListItem[]; viewerId: string }) {
  const router = useRouter();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const update = async (userId: string, change: { role?: string; active?: boolean }) => {
    setFailure(null);
    setBusy(userId);
    try {
      await apiFetch(`/api/admin/users/${encodeURIComponent(userId)}`, { method: 'PATCH', json: change });
      router.refresh();
    } catch (error) {
      setFailure(problemMessage(error, 'The change could not be saved.'));
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="flex flex-col gap-3">
      {failure ? (
        <Alert tone="danger">
          <p>{failure}</p>
        </Alert>
      ) : null}
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>Name</TableHead>
            <TableHead>Email</TableHead>
            <TableHead>Role</TableHead>
            <TableHead>State</TableHead>
            <TableHead>
              <span className="sr-only">Actions</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {users.map((user) => {
            const self = user.id === viewerId;
            return (
              <TableRow key={user.id}>
                <TableCell className="font-medium">{user.name}</TableCell>
                <TableCell>{user.email}</TableCell>
                <TableCell>
                  <NativeSelect
                    aria-label={`Role of ${user.email}`}
                    value={user.role}
                    disabled={self || busy === user.id}
                    onChange={(event) => update(user.id, { role: event.target.value })}
                  >
                    {ROLES.map((role) => (
                      <option key={role} value={role}>
                        {ROLE_LABELS[role]}
                      </option>
                    ))}
                    {isRole(user.role) ? null : <option value={user.role}>{user.role}</option>}
                  </NativeSelect>
                </TableCell>
                <TableCell>
                  {user.active ? (
                    <Badge tone="success">Active</Badge>
                  ) : (
                    <Badge tone="neutral">Deactivated</Badge>
                  )}
                </TableCell>
                <TableCell>
                  <div className="flex justify-end gap-2">
                    <ResetPasswordDialog userId={user.id} email={user.email} />
                    {self ? null : (
                      <Button
                        variant={user.active ? 'outline' : 'secondary'}
                        size="sm"
                        disabled={busy === user.id}
                        onClick={() => update(user.id, { active: !user.active })}
                      >
                        {user.active ? 'Deactivate' : 'Reactivate'}
                        <span className="sr-only"> {user.email}</span>
                      </Button>
                    )}
                  </div>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </div>
  );
}
