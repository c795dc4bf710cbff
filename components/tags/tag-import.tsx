'use client';

import { useRouter } from 'next/navigation';
import { type ChangeEvent, useId, useState } from 'react';
import { DataTable } from '@/components/data-table/data-table';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { plural, pluralWord } from '@/lib/format/plural';
import { useApiMutation } from '@/lib/forms/use-api-mutation';
import { apiFetch } from '@/lib/http/api-client';
import type { ImportMatch, ImportMiss } from '@/lib/signals/tags';
import type { TableColumn } from '@/lib/table/columns';

/** A line of the file that named no patent, and why. */
const MISS_COLUMNS: TableColumn<ImportMiss>[] = [
  { id: 'line', header: 'Line', align: 'end', cell: (miss) => miss.line },
  { id: 'key', header: 'Key', cell: (miss) => miss.key || '—' },
  { id: 'reason', header: 'Why', cell: (miss) => miss.reason },
];

/** A line that matched: by which key, how many patents, and what it sets on them. */
const MATCH_COLUMNS: TableColumn<ImportMatch>[] = [
  { id: 'line', header: 'Line', align: 'end', cell: (match) => match.line },
  {
    id: 'matchedBy',
    header: 'Matched by',
    cell: (match) => `${match.matchedBy === 'providerId' ? 'Provider ID' : 'Case reference'} ${match.key}`,
  },
  { id: 'patents', header: 'Patents', align: 'end', cell: (match) => match.patentIds.length },
  { id: 'tags', header: 'Tags', cell: (match) => match.tags.join(', ') || '—' },
  { id: 'note', header: 'Note', cell: (match) => match.note ?? '—' },
];

/** Lines of the file, one row each, keyed by their line number; nothing when there are none. */
function FileLines<Line extends { line: number }>({
  label,
  columns,
  lines,
}: {
  label: string;
  columns: readonly TableColumn<Line>[];
  lines: readonly Line[];
}) {
  if (lines.length === 0) return null;
  return <DataTable label={label} columns={columns} rows={lines} rowKey={(row) => String(row.line)} />;
}

interface ImportAnswer {
  ok: boolean;
  applied: boolean;
  rows: number;
  patents: number;
  matched: ImportMatch[];
  unmatched: ImportMiss[];
}

/**
 * Tags and notes from a CSV keyed by provider id or case reference: the file is previewed first
 * (which patents each line names, which lines match none and why); nothing is written until
 * "Apply" is pressed, and then only the matched lines (tags are added, none removed).
 */
export function TagImport() {
  const router = useRouter();
  const fileId = useId();
  const [csv, setCsv] = useState<string | null>(null);
  const [answer, setAnswer] = useState<ImportAnswer | null>(null);
  const importing = useApiMutation({
    mutationFn: ({ text, apply }: { text: string; apply: boolean }) =>
      apiFetch<ImportAnswer>('/api/tags/import', { method: 'POST', json: { csv: text, apply } }),
    failure: 'The file could not be read.',
    onSuccess: (result, { apply }) => {
      setAnswer(result);
      if (apply) router.refresh();
    },
    onError: () => setAnswer(null),
  });
  const busy = importing.isPending;
  const error = importing.failureMessage;
  const send = (text: string, apply: boolean) => importing.mutate({ text, apply });

  async function chosen(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file) return;
    const text = await file.text();
    setCsv(text);
    send(text, false);
  }

  return (
    <Card aria-labelledby="tag-import-title">
      <CardHeader>
        <CardTitle id="tag-import-title">Import tags from a CSV file</CardTitle>
        <CardDescription>
          Columns: <code>providerId</code> or <code>caseReference</code>, and <code>tags</code> (separated by
          ; , or |) and/or <code>note</code>. You see what matches before anything is saved.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3 text-sm">
        <div className="flex flex-col gap-1">
          <Label htmlFor={fileId}>CSV file</Label>
          <input id={fileId} type="file" accept=".csv,text/csv" onChange={(event) => void chosen(event)} />
        </div>
        {error ? <Alert tone="danger">{error}</Alert> : null}
        {answer ? (
          <>
            <p role="status">
              {answer.applied
                ? `Applied: ${plural(answer.matched.length, 'line')} on ${plural(answer.patents, 'patent')}.`
                : `Preview: ${answer.matched.length} of ${plural(answer.rows, 'line')} match ${plural(answer.patents, 'patent')}; ${answer.unmatched.length} ${pluralWord(answer.unmatched.length, 'does', 'do')} not.`}
            </p>
            <FileLines label="Lines that did not match" columns={MISS_COLUMNS} lines={answer.unmatched} />
            <FileLines label="Lines that match" columns={MATCH_COLUMNS} lines={answer.matched} />
            {!answer.applied && answer.matched.length > 0 && csv !== null ? (
              <Button type="button" disabled={busy} className="self-start" onClick={() => send(csv, true)}>
                Apply {plural(answer.matched.length, 'matching line')}
              </Button>
            ) : null}
          </>
        ) : null}
      </CardContent>
    </Card>
  );
}
