'use client';

import { useRouter } from 'next/navigation';
import { type ChangeEvent, useId, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { apiFetch, problemMessage } from '@/lib/http/api-client';
import type { ImportMatch, ImportMiss } from '@/lib/signals/tags';

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
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function send(text: string, apply: boolean) {
    setBusy(true);
    setError(null);
    try {
      const result = await apiFetch<ImportAnswer>('/api/tags/import', {
        method: 'POST',
        json: { csv: text, apply },
      });
      setAnswer(result);
      if (apply) router.refresh();
    } catch (caught) {
      setAnswer(null);
      setError(problemMessage(caught, 'The file could not be read.'));
    } finally {
      setBusy(false);
    }
  }

  async function chosen(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file) return;
    const text = await file.text();
    setCsv(text);
    await send(text, false);
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
                ? `Applied: ${answer.matched.length} line(s) on ${answer.patents} patent(s).`
                : `Preview: ${answer.matched.length} of ${answer.rows} line(s) match ${answer.patents} patent(s); ${answer.unmatched.length} do not.`}
            </p>
            {answer.unmatched.length > 0 ? (
              <Table aria-label="Lines that did not match">
                <TableHeader>
                  <TableRow>
                    <TableHead scope="col">Line</TableHead>
                    <TableHead scope="col">Key</TableHead>
                    <TableHead scope="col">Why</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {answer.unmatched.map((miss) => (
                    <TableRow key={miss.line}>
                      <TableCell className="tabular-nums">{miss.line}</TableCell>
                      <TableCell>{miss.key || '—'}</TableCell>
                      <TableCell>{miss.reason}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            ) : null}
            {answer.matched.length > 0 ? (
              <Table aria-label="Lines that match">
                <TableHeader>
                  <TableRow>
                    <TableHead scope="col">Line</TableHead>
                    <TableHead scope="col">Matched by</TableHead>
                    <TableHead scope="col">Patents</TableHead>
                    <TableHead scope="col">Tags</TableHead>
                    <TableHead scope="col">Note</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {answer.matched.map((match) => (
                    <TableRow key={match.line}>
                      <TableCell className="tabular-nums">{match.line}</TableCell>
                      <TableCell>
                        {match.matchedBy === 'providerId' ? 'Provider ID' : 'Case reference'} {match.key}
                      </TableCell>
                      <TableCell className="tabular-nums">{match.patentIds.length}</TableCell>
                      <TableCell>{match.tags.join(', ') || '—'}</TableCell>
                      <TableCell>{match.note ?? '—'}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            ) : null}
            {!answer.applied && answer.matched.length > 0 && csv !== null ? (
              <Button
                type="button"
                disabled={busy}
                className="self-start"
                onClick={() => void send(csv, true)}
              >
                Apply {answer.matched.length} matching line(s)
              </Button>
            ) : null}
          </>
        ) : null}
      </CardContent>
    </Card>
  );
}
