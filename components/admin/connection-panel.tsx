'use client';

import { useState } from 'react';
import { DataTable } from '@/components/data-table/data-table';
import { useLocale } from '@/components/shell/locale';
import { Alert, FailureAlert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatTimestamp } from '@/lib/format/dates';
import { useApiMutation } from '@/lib/forms/use-api-mutation';
import { apiFetch } from '@/lib/http/api-client';
import type { TableColumn } from '@/lib/table/columns';

export interface ConnectionReportView {
  checkedAt: string;
  baseUrl: string | null;
  maskedKey: string | null;
  reachable: boolean;
  keyState: string;
  scopes: Record<string, string>;
  requestIds: string[];
  problems: string[];
}

const KEY_STATE: Record<string, { label: string; tone: 'success' | 'danger' | 'neutral'; advice?: string }> =
  {
    valid: { label: 'Valid', tone: 'success' },
    expired: {
      label: 'Expired',
      tone: 'danger',
      advice:
        'Nothing works until a new key is in use: ask the service operator for one, add it under API keys and switch to it.',
    },
    invalid: {
      label: 'Not accepted',
      tone: 'danger',
      advice: 'The service does not know this key. Add the right key under API keys and switch to it.',
    },
    unknown: { label: 'Unknown', tone: 'neutral' },
  };

/** Each scope the key needs, and whether the service granted it. */
const SCOPE_COLUMNS: TableColumn<[string, string]>[] = [
  { id: 'scope', header: 'Scope', className: 'font-mono text-xs', cell: ([scope]) => scope },
  {
    id: 'state',
    header: 'State',
    cell: ([scope, state]) => (
      <>
        <Badge tone={state === 'granted' ? 'success' : state === 'missing' ? 'danger' : 'neutral'}>
          {state === 'unknown' ? 'not checked' : state}
        </Badge>
        {scope === 'patents:instructions:write' && state === 'unknown' ? (
          <span className="ml-2 text-xs text-muted-foreground">
            Checked by the first batch sent: its only call moves money, so it is never probed.
          </span>
        ) : null}
      </>
    ),
  },
];

export function ConnectionPanel({ initial }: { initial: ConnectionReportView | null }) {
  const locale = useLocale();
  const [report, setReport] = useState(initial);
  const checking = useApiMutation({
    mutationFn: () => apiFetch<{ report: ConnectionReportView }>('/api/admin/connection', { method: 'POST' }),
    failure: 'The check could not run.',
    onSuccess: (answer) => setReport(answer.report),
  });
  const check = () => checking.mutate();
  const pending = checking.isPending;
  const failure = checking.failureMessage;
  const keyState = KEY_STATE[report?.keyState ?? 'unknown'] ?? KEY_STATE.unknown;
  return (
    <section aria-labelledby="connection-heading" className="flex max-w-3xl flex-col gap-4">
      <div className="flex items-center justify-between">
        <h2 id="connection-heading" className="text-lg font-semibold">
          API connection
        </h2>
        <Button onClick={check} disabled={pending}>
          {pending ? 'Checking…' : 'Check now'}
        </Button>
      </div>
      <FailureAlert message={failure} />
      {!report ? (
        <p className="text-sm text-muted-foreground">Not checked yet on this server.</p>
      ) : (
        <>
          <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2 text-sm">
            <dt className="text-muted-foreground">Service address</dt>
            <dd className="font-mono">{report.baseUrl ?? 'not configured'}</dd>
            <dt className="text-muted-foreground">API key</dt>
            <dd className="font-mono">{report.maskedKey ?? 'not configured'}</dd>
            <dt className="text-muted-foreground">Reachable</dt>
            <dd>{report.reachable ? <Badge tone="success">Yes</Badge> : <Badge tone="danger">No</Badge>}</dd>
            <dt className="text-muted-foreground">Key</dt>
            <dd>
              <Badge tone={keyState?.tone}>{keyState?.label}</Badge>
            </dd>
            <dt className="text-muted-foreground">Checked</dt>
            <dd>{formatTimestamp(report.checkedAt, locale)}</dd>
          </dl>
          {keyState?.advice ? (
            <Alert tone="danger">
              <p>{keyState.advice}</p>
            </Alert>
          ) : null}
          <DataTable
            label="Scopes of the key"
            columns={SCOPE_COLUMNS}
            rows={Object.entries(report.scopes)}
            rowKey={([scope]) => scope}
          />
          {report.problems.length > 0 ? (
            <Alert tone="warning">
              <ul className="list-inside list-disc">
                {report.problems.map((problem) => (
                  <li key={problem}>{problem}</li>
                ))}
              </ul>
            </Alert>
          ) : null}
          {report.requestIds.length > 0 ? (
            <p className="text-xs text-muted-foreground">
              Service request ids: {report.requestIds.join(', ')}
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}
