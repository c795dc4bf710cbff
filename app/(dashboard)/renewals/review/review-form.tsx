'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useId, useMemo, useState } from 'react';
import { DataTable } from '@/components/data-table/data-table';
import { BatchItemsTable } from '@/components/decisions/batch-items-table';
import { DRAFT_QUERY_KEY, draftQuery, saveDraft } from '@/components/decisions/draft-query';
import { type SendResult, sendBatch, sendSplitBatch } from '@/components/decisions/send-batch';
import { useLocale } from '@/components/shell/locale';
import { ProblemPanel } from '@/components/shell/problem-panel';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { SubmitButton } from '@/components/ui/submit-button';
import { Textarea } from '@/components/ui/textarea';
import {
  type ApprovalPolicy,
  approvalReasons,
  describeApprovalReason,
} from '@/lib/decisions/approval-policy';
import { splitForApproval } from '@/lib/decisions/approval-split';
import type { BatchView } from '@/lib/decisions/batch';
import type { Draft, DraftEntry } from '@/lib/decisions/draft';
import { summarizeDraft } from '@/lib/decisions/summary';
import { plural } from '@/lib/format/plural';
import { useApiMutation } from '@/lib/forms/use-api-mutation';
import { ApiProblem, problemBody } from '@/lib/http/api-client';
import { patentName } from '@/lib/portfolio/patent-name';
import { sendColumns, summaryColumns } from './columns';

/** Each decision's reason, by event id (required for DROP, optional otherwise). */
type Rationales = ReadonlyMap<string, string>;

/**
 * The review step: what will be sent, what it is estimated to cost per currency, and each patent
 * a DROP loses — confirmed one by one, never with one "OK" for all (spec: DROP has no undo). A
 * reason per decision (required for DROP) goes with the batch; a batch the approval policy holds
 * is submitted for a manager's approval instead of sent (the server enforces both).
 */
export function ReviewForm({
  policy,
  monthView,
  clientParts,
}: {
  policy: ApprovalPolicy;
  /**
   * The draft's decisions per client, when they are of several: each client's go as a batch of
   * their own, with that client's key and under that client's approval policy.
   */
  clientParts: { name: string; count: number }[];
  /** The month view the review was opened from (lib/renewals/review-link.ts). */
  monthView: string;
}) {
  const locale = useLocale();
  const router = useRouter();
  const queryClient = useQueryClient();
  const draft = useQuery(draftQuery);
  const [confirmed, setConfirmed] = useState<ReadonlySet<string>>(new Set());
  const [rationales, setRationales] = useState<Rationales>(new Map());
  const setRationale = (eventId: string, text: string) =>
    setRationales((current) => new Map(current).set(eventId, text));
  const [refusal, setRefusal] = useState<Extract<SendResult, { kind: 'refused' }> | null>(null);
  const entries = useMemo(
    () => [...(draft.data?.entries ?? [])].sort((a, b) => a.dueDate.localeCompare(b.dueDate)),
    [draft.data],
  );
  const summary = useMemo(() => summarizeDraft(entries), [entries]);
  const perClient = clientParts.length > 1;
  // Several clients: each client's policy is applied to its own batch on the server (what one
  // holds waits for a manager, the rest goes now), so the page does not judge them with one policy.
  const needsApproval = useMemo(
    () => (perClient ? [] : approvalReasons(policy, entries)),
    [perClient, policy, entries],
  );
  // when the policy holds only some decisions, the others may go now (the default).
  const split = useMemo(
    () => (perClient ? null : splitForApproval(policy, entries)),
    [perClient, policy, entries],
  );
  const [together, setTogether] = useState(false);
  const splitting = split !== null && !together;
  const problems = useMemo(
    () => new Map((refusal?.events ?? []).map((problem) => [problem.eventId, problem])),
    [refusal],
  );
  const send = useApiMutation({
    // The panel below words a lost answer itself (whether the batch left is not known).
    failure: 'The batch could not be sent.',
    mutationFn: async (limit?: number): Promise<SendResult & { held?: BatchView | null }> => {
      if (!draft.data) throw new Error('no draft');
      const reviewed = {
        batchKey: draft.data.batchKey,
        dropConfirmations: summary.drops
          .filter((entry) => confirmed.has(entry.eventId))
          .map((entry) => ({
            eventId: entry.eventId,
            patentName: patentName(entry),
            rationale: rationales.get(entry.eventId)?.trim() ?? '',
          })),
        notes: entries.flatMap((entry) => {
          const note = rationales.get(entry.eventId)?.trim();
          return entry.decision !== 'DROP' && note ? [{ eventId: entry.eventId, note }] : [];
        }),
      };
      if (splitting && limit === undefined) return sendSplitBatch(reviewed);
      return sendBatch({ ...reviewed, limit, requestApproval: perClient || needsApproval.length > 0 });
    },
    onSuccess: async (result) => {
      // The draft changed on the server either way (sent decisions left it, or it got a new key).
      await queryClient.invalidateQueries({ queryKey: DRAFT_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: ['renewals'] });
      if (result.kind === 'sent') {
        // After a split, the receipt of what was sent names where the rest went.
        const held = result.held === undefined ? '' : `?held=${result.held?.id ?? 'draft'}`;
        const others = result.others?.length
          ? `?also=${result.others.map((batch) => batch.id).join(',')}`
          : '';
        router.push(`/renewals/batches/${result.batch.id}${held || others}`);
      } else setRefusal(result);
    },
  });

  // One renewal, one open batch: a renewal held by a batch not settled yet goes into no other (its
  // first send may have been executed without an answer: spec, Errors, 5xx), so the server refuses
  // the whole draft while it holds one. The review says so before sending and takes them out.
  const held = useMemo(
    () => entries.filter((entry) => draft.data?.beingSent?.[entry.eventId]),
    [entries, draft.data],
  );
  const release = useApiMutation({
    failure: 'The renewals being sent could not be taken out of the draft.',
    mutationFn: async (current: Draft) =>
      saveDraft(
        current.entries.filter((entry) => !current.beingSent?.[entry.eventId]),
        current.batchKey,
      ),
    onSuccess: (saved) => {
      queryClient.setQueryData<Draft>(DRAFT_QUERY_KEY, saved);
      // The page's own notes (being sent, changes since chosen) follow the new draft.
      router.refresh();
    },
    // A draft changed elsewhere (409) is read again: the review shows what it is now.
    onError: () => queryClient.invalidateQueries({ queryKey: DRAFT_QUERY_KEY }),
  });

  if (draft.error) {
    return <ProblemPanel problem={problemBody(draft.error)} />;
  }
  if (!draft.data) return null;
  if (entries.length === 0) {
    return (
      <Alert tone="info">
        <h2>No decisions to review</h2>
        <p>
          Choose decisions in the{' '}
          <Link href={monthView} className="text-primary underline">
            month view
          </Link>{' '}
          first.
        </p>
      </Alert>
    );
  }

  const allDropsConfirmed = summary.drops.every((entry) => confirmed.has(entry.eventId));
  const allDropsExplained = summary.drops.every((entry) => rationales.get(entry.eventId)?.trim());
  const canSend = allDropsConfirmed && allDropsExplained && held.length === 0 && !send.isPending;
  const nameOf = (eventId: string) => {
    const entry = entries.find((candidate) => candidate.eventId === eventId);
    return entry ? patentName(entry) : eventId;
  };

  return (
    <form
      className="flex flex-col gap-6"
      aria-label="Review and send decisions"
      onSubmit={(event) => {
        event.preventDefault();
        if (canSend) {
          setRefusal(null);
          send.mutate();
        }
      }}
    >
      <Card>
        <CardHeader>
          <CardTitle>Summary</CardTitle>
        </CardHeader>
        <CardContent>
          <DataTable
            label="Summary by decision"
            columns={summaryColumns(locale)}
            rows={summary.groups}
            rowKey={(group) => group.decision ?? 'all'}
            totals={{ decision: null, count: entries.length, totals: summary.totals }}
          />
          <p className="mt-2 text-xs text-muted-foreground">
            Estimates as seen when each decision was chosen: the whole renewal to proceed; a skip or drop pays
            none of the renewal’s fees, only the service fee it is expected to be billed. The service
            re-checks every renewal when you send.
          </p>
        </CardContent>
      </Card>

      {summary.drops.length > 0 ? (
        <DropConfirmations
          drops={summary.drops}
          confirmed={confirmed}
          onChange={setConfirmed}
          rationales={rationales}
          onRationale={setRationale}
        />
      ) : null}

      {perClient ? (
        <Alert tone="info">
          <h2>Sent as {clientParts.length} batches, one per client</h2>
          <ul className="list-disc pl-5">
            {clientParts.map((part) => (
              <li key={part.name}>
                {part.name}: {plural(part.count, 'decision')}
              </li>
            ))}
          </ul>
          <p className="mt-1">
            Each client’s decisions go with that client’s own key, as a batch of their own: each batch is
            executed whole or not at all, so one client’s can be refused while another’s goes through. Each
            client’s approval policy holds what it asks a manager for; the rest is sent now.
          </p>
        </Alert>
      ) : null}

      {needsApproval.length > 0 ? (
        <Alert tone="warning">
          <h2>
            {split
              ? `A manager approves ${plural(split.held.length, 'decision')} before ${split.held.length === 1 ? 'it is' : 'they are'} sent`
              : 'A manager approves these decisions before they are sent'}
          </h2>
          <ul className="list-disc pl-5">
            {needsApproval.map((reason) => (
              <li key={JSON.stringify(reason)}>{describeApprovalReason(reason, nameOf)}</li>
            ))}
          </ul>
          {split ? (
            <SplitChoice split={split} together={together} onTogether={setTogether} nameOf={patentName} />
          ) : (
            <p className="mt-1">
              Nothing reaches the renewal service yet: the batch waits for a manager other than you, and your
              decisions stay in your draft meanwhile.
            </p>
          )}
        </Alert>
      ) : null}

      <section aria-labelledby="review-list" className="flex flex-col gap-2">
        <h2 id="review-list" className="text-lg font-semibold">
          Decisions to send
        </h2>
        <BatchItemsTable
          label="Decisions to send"
          items={entries}
          columns={sendColumns({ locale, problems, rationales, onRationale: setRationale })}
          highlight={(entry) => problems.has(entry.eventId)}
        />
      </section>

      {refusal ? (
        <ProblemPanel
          problem={{ title: refusal.title, detail: refusal.detail, requestId: refusal.requestId }}
          action={
            refusal.code === 'batch_too_large' && refusal.maxBatchSize && canSend ? (
              <Button
                type="button"
                onClick={() => {
                  const part = refusal.maxBatchSize;
                  setRefusal(null);
                  send.mutate(part);
                }}
              >
                Send the {refusal.maxBatchSize} with the earliest deadlines now (part 1 of{' '}
                {Math.ceil(entries.length / refusal.maxBatchSize)})
              </Button>
            ) : undefined
          }
        />
      ) : null}
      {send.error ? (
        <ProblemPanel
          problem={
            // Status 0: our own server did not answer, so whether the batch left is not known here.
            send.error instanceof ApiProblem && send.error.status !== 0
              ? send.error.body
              : {
                  title: 'No answer from the dashboard',
                  detail:
                    'It is not known whether the batch was sent. Open the sent batches before trying again: sending the same review again never sends it twice.',
                }
          }
        />
      ) : null}

      <div className="sticky bottom-0 flex flex-wrap items-center justify-between gap-3 rounded-lg border bg-background px-4 py-3 shadow-md">
        <Link href={monthView} className="text-sm text-primary underline-offset-2 hover:underline">
          Back to the month view to change decisions
        </Link>
        <div className="flex flex-wrap items-center gap-3">
          {held.length > 0 ? (
            <>
              <span className="text-sm text-warning" data-testid="review-being-sent">
                {held.length === entries.length
                  ? `${held.length === 1 ? 'This renewal is' : `All ${held.length} are`} already being sent in a batch not settled yet.`
                  : `${plural(held.length, 'renewal')} of ${entries.length} ${held.length === 1 ? 'is' : 'are'} already being sent in a batch not settled yet: take ${held.length === 1 ? 'it' : 'them'} out to send the rest.`}
              </span>
              <Button
                type="button"
                variant="outline"
                size="sm"
                disabled={release.isPending || !draft.data}
                onClick={() => draft.data && release.mutate(draft.data)}
              >
                {release.isPending
                  ? 'Taking out…'
                  : `Take the ${held.length === 1 ? 'one' : held.length} being sent out of the draft`}
              </Button>
              {release.failureMessage ? (
                <span role="alert" className="text-sm text-destructive">
                  {release.failureMessage}
                </span>
              ) : null}
            </>
          ) : null}
          {!allDropsConfirmed || !allDropsExplained ? (
            <span className="text-sm text-muted-foreground">
              Confirm each patent to drop, and say why, before sending.
            </span>
          ) : null}
          <SubmitButton busy={send.isPending} disabled={!canSend} aria-disabled={!canSend}>
            {send.isPending
              ? 'Sending…'
              : split && splitting
                ? `Send ${entries.length} decisions: ${split.now.length} now, ${split.held.length} for approval`
                : needsApproval.length > 0
                  ? `Send ${entries.length} decision${entries.length === 1 ? '' : 's'} for approval`
                  : `Send ${entries.length} decision${entries.length === 1 ? '' : 's'}`}
          </SubmitButton>
        </div>
      </div>
    </form>
  );
}

/**
 * How a draft the policy holds only in part is sent, said before sending: by default the
 * decisions no rule holds go to the service now and the others wait for a manager; or all of them
 * wait together, as one batch.
 */
function SplitChoice({
  split,
  together,
  onTogether,
  nameOf,
}: {
  split: { now: DraftEntry[]; held: DraftEntry[] };
  together: boolean;
  onTogether: (together: boolean) => void;
  nameOf: (entry: DraftEntry) => string;
}) {
  const id = useId();
  const now = plural(split.now.length, 'decision');
  const held = plural(split.held.length, 'decision');
  return (
    <fieldset className="mt-2 flex flex-col gap-2" aria-describedby={`${id}-what`}>
      <legend className="font-medium">How to send</legend>
      <label className="flex items-start gap-2">
        <input
          type="radio"
          name={`${id}-mode`}
          className="mt-1 accent-primary"
          checked={!together}
          onChange={() => onTogether(false)}
        />
        <span>
          Send the {now} that {split.now.length === 1 ? 'needs' : 'need'} no approval now; the {held} for{' '}
          {split.held.map(nameOf).join(', ')} {split.held.length === 1 ? 'waits' : 'wait'} for a manager.
        </span>
      </label>
      <label className="flex items-start gap-2">
        <input
          type="radio"
          name={`${id}-mode`}
          className="mt-1 accent-primary"
          checked={together}
          onChange={() => onTogether(true)}
        />
        <span>
          Keep all {split.now.length + split.held.length} together: nothing is sent until a manager approves.
        </span>
      </label>
      <p id={`${id}-what`} className="text-sm">
        {together
          ? 'Nothing reaches the renewal service yet: the batch waits for a manager other than you, and your decisions stay in your draft meanwhile.'
          : `Two batches: the ${now} reach the renewal service as soon as you send; the ${held} wait for a manager other than you. If the first batch is refused, nothing is submitted and every decision stays in your draft.`}
      </p>
    </fieldset>
  );
}

function DropConfirmations({
  drops,
  confirmed,
  onChange,
  rationales,
  onRationale,
}: {
  drops: DraftEntry[];
  confirmed: ReadonlySet<string>;
  onChange: (next: ReadonlySet<string>) => void;
  rationales: Rationales;
  onRationale: (eventId: string, text: string) => void;
}) {
  const id = useId();
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="rounded-lg border border-destructive/40 bg-destructive/5 p-4"
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold text-destructive">
        {drops.length === 1 ? 'One patent will be dropped' : `${drops.length} patents will be dropped`}
      </h2>
      <p className="mt-1 text-sm">
        Dropping a patent deletes all its future renewals, lets the right lapse at the office, and cannot be
        undone through the service. Confirm each one.
      </p>
      <ul className="mt-3 flex flex-col gap-2">
        {drops.map((entry) => {
          const checkboxId = `${id}-${entry.eventId}`;
          const reasonId = `${id}-${entry.eventId}-reason`;
          return (
            <li key={entry.eventId} className="flex flex-col gap-2">
              <div className="flex items-start gap-2">
                <Checkbox
                  id={checkboxId}
                  className="mt-0.5"
                  checked={confirmed.has(entry.eventId)}
                  onCheckedChange={(state) => {
                    const next = new Set(confirmed);
                    if (state === true) next.add(entry.eventId);
                    else next.delete(entry.eventId);
                    onChange(next);
                  }}
                />
                <label htmlFor={checkboxId} className="text-sm">
                  I understand that <strong>{patentName(entry)}</strong>
                  {entry.title ? ` (${entry.title})` : ''}
                  {entry.office ? ` in ${entry.office}` : ''} will lapse, that all its future renewals will be
                  deleted, and that this cannot be undone.
                </label>
              </div>
              <div className="flex flex-col gap-1 pl-6">
                <label htmlFor={reasonId} className="text-sm font-medium">
                  Why drop {patentName(entry)}? (required)
                </label>
                <Textarea
                  id={reasonId}
                  required
                  rows={2}
                  maxLength={2000}
                  value={rationales.get(entry.eventId) ?? ''}
                  onChange={(event) => onRationale(entry.eventId, event.target.value)}
                />
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
