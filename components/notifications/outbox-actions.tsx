'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useApiMutation } from '@/lib/forms/use-api-mutation';
import { apiFetch } from '@/lib/http/api-client';

/**
 * The administrator's actions in the outbox: run the background checks now rather than
 * at the next slot, and send again one message whose delivery is unknown. Each says what came of
 * it in a live region, and the page reloads its rows after.
 */
interface RunReport {
  poll: { ran: boolean; calls: number; skipped: string | null };
  notifications: number;
  emails: number;
  delivered: number;
  failed: number;
}

function runSummary(report: RunReport): string {
  const poll = report.poll.ran
    ? `Read the service (${report.poll.calls} calls).`
    : `The service was not read (${report.poll.skipped ?? 'skipped'}): the rules ran on the last reading.`;
  const failed = report.failed > 0 ? `, ${report.failed} failed` : '';
  return `${poll} ${report.notifications} in-app notifications and ${report.emails} emails created (${report.delivered} delivered${failed}).`;
}

export function RunBackgroundChecksButton() {
  const router = useRouter();
  const run = useApiMutation({
    mutationFn: () => apiFetch<RunReport>('/api/admin/background', { method: 'POST' }),
    failure: 'The background checks did not run.',
    onSuccess: () => router.refresh(),
  });
  const outcome = run.failureMessage
    ? { ok: false, text: run.failureMessage }
    : run.data
      ? { ok: true, text: runSummary(run.data) }
      : null;
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button type="button" variant="outline" size="sm" onClick={() => run.mutate()} disabled={run.isPending}>
        {run.isPending ? 'Running the background checks…' : 'Run the background checks now'}
      </Button>
      <p aria-live="polite" className={outcome?.ok === false ? 'text-sm text-destructive' : 'text-sm'}>
        {outcome ? <span data-testid="background-run-outcome">{outcome.text}</span> : null}
      </p>
    </div>
  );
}

export function SendAgainButton({ messageId, subject }: { messageId: string; subject: string }) {
  const router = useRouter();
  const [confirming, setConfirming] = useState(false);
  const send = async () => {
    await apiFetch(`/api/admin/outbox/${encodeURIComponent(messageId)}/send-again`, { method: 'POST' });
    router.refresh();
  };
  return (
    <>
      <Button
        type="button"
        variant="outline"
        size="sm"
        onClick={() => setConfirming(true)}
        aria-label={`Send again: ${subject}`}
      >
        Send again
      </Button>
      {/* Deliberate: the message may already have reached its recipient. */}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Send this message again?"
        confirmLabel="Send again"
        onConfirm={send}
        failure="The message was not sent again."
      >
        <p>
          &ldquo;{subject}&rdquo; is sent once more now. If an earlier attempt reached the recipient without
          being confirmed, they get a second copy.
        </p>
      </ConfirmDialog>
    </>
  );
}
