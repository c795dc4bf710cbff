import type { Metadata } from 'next';
import { KeepScoreForm } from '@/components/signals/keep-score-form';
import { requireViewer } from '@/lib/server/auth/session';
import { readKeepScorePolicy } from '@/lib/server/signals/keep-score-policy';

export const metadata: Metadata = { title: 'Keep score' };

/** What each factor of the keep score counts for, and which tags protect or expose a patent. */
export default async function AdminKeepScorePage() {
  await requireViewer('keep-score:weights');
  return <KeepScoreForm initial={await readKeepScorePolicy()} />;
}
