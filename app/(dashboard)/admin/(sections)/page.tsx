import type { Metadata } from 'next';
import { CreateUserDialog } from '@/components/admin/create-user-dialog';
import { UsersTable } from '@/components/admin/users-table';
import { requireViewer } from '@/lib/server/auth/session';
import { userAccounts } from '@/lib/server/auth/user-admin';
import { clientGrantsOf } from '@/lib/server/clients/grants';
import { activeClients } from '@/lib/server/connection/clients';

export const metadata: Metadata = { title: 'Users' };

export default async function AdminUsersPage() {
  const viewer = await requireViewer('users:manage');
  const users = await userAccounts();
  const [grants, clients] = await Promise.all([
    clientGrantsOf(users.map((user) => user.id)),
    activeClients(),
  ]);
  return (
    <section aria-labelledby="users-heading" className="flex flex-col gap-4">
      <div className="flex items-center justify-between">
        <h2 id="users-heading" className="text-lg font-semibold">
          Users <span className="text-sm font-normal text-muted-foreground">({users.length})</span>
        </h2>
        <CreateUserDialog clients={clients} />
      </div>
      <UsersTable
        viewerId={viewer.userId}
        users={users.map((user) => ({
          id: user.id,
          name: user.name,
          email: user.email,
          role: user.role,
          active: !user.deactivatedAt,
          clients: grants.get(user.id) ?? { all: true },
        }))}
        clients={clients}
      />
    </section>
  );
}
