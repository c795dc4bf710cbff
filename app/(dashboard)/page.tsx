import { redirect } from 'next/navigation';
import { HOME_BY_ROLE } from '@/lib/policy/roles';
import { requireViewer } from '@/lib/server/auth/session';

// Each role starts where its work is: the month view, invoices, or administration.
export default async function HomePage() {
  const viewer = await requireViewer();
  redirect(HOME_BY_ROLE[viewer.role]);
}
