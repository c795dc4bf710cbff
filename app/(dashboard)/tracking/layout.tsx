import type { ReactNode } from 'react';
import { requireViewer } from '@/lib/server/session';

/**
 * The permission is checked here, above the segment's loading.tsx boundary, so a role without it
 * gets a real 403 before anything streams (a check inside the boundary could only answer 200).
 */
export default async function TrackingLayout({ children }: { children: ReactNode }) {
  await requireViewer('tracking:read');
  return children;
}
