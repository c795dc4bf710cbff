'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import type { ProblemView } from '@/components/shell/problem-panel';
import type { ExportFormat } from '@/lib/http/url-state';
import { type ExportMessage, exportPercent, exportProgressText } from '@/lib/invoices/export-progress';
import { invoiceExportQuery } from '@/lib/invoices/url-state';

/**
 * Runs an invoice export with progress: the route answers progress lines and the file in pieces
 * (lib/invoices/export-progress.ts), read here as they arrive, and the file is saved when complete.
 * Leaving the page, or Cancel, stops the read (and the server stops writing).
 */
export type ExportState =
  | { status: 'idle' }
  | { status: 'running'; format: ExportFormat; percent: number; text: string }
  | { status: 'done'; filename: string; lines: number }
  | { status: 'failed'; problem: ProblemView };

function decodeBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

function save(parts: BlobPart[], filename: string, contentType: string): void {
  const url = URL.createObjectURL(new Blob(parts, { type: contentType }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

async function* messages(response: Response): AsyncGenerator<ExportMessage> {
  if (!response.body) return;
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (value) buffered += value;
    let newline = buffered.indexOf('\n');
    while (newline >= 0) {
      const line = buffered.slice(0, newline).trim();
      buffered = buffered.slice(newline + 1);
      if (line) yield JSON.parse(line) as ExportMessage;
      newline = buffered.indexOf('\n');
    }
    if (done) return;
  }
}

export function useInvoiceExport(scope: string) {
  const [state, setState] = useState<ExportState>({ status: 'idle' });
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const cancel = useCallback(() => {
    controller.current?.abort();
    controller.current = null;
    setState({ status: 'idle' });
  }, []);

  const start = useCallback(
    async (format: ExportFormat) => {
      controller.current?.abort();
      const abort = new AbortController();
      controller.current = abort;
      setState({ status: 'running', format, percent: 0, text: 'Choosing the invoices…' });
      const query = [scope, invoiceExportQuery({ format, progress: '1' })].filter(Boolean).join('&');
      try {
        const response = await fetch(`/api/invoices/export?${query}`, {
          signal: abort.signal,
          credentials: 'same-origin',
          headers: { accept: 'application/x-ndjson' },
        });
        if (!response.ok) {
          const problem = (await response.json().catch(() => null)) as ProblemView | null;
          setState({
            status: 'failed',
            problem: problem ?? { detail: `The export failed (${response.status}).` },
          });
          return;
        }
        const parts: BlobPart[] = [];
        let plan: Extract<ExportMessage, { type: 'plan' }> | null = null;
        for await (const message of messages(response)) {
          if (message.type === 'plan') plan = message;
          else if (message.type === 'progress') {
            setState({
              status: 'running',
              format,
              percent: exportPercent(message),
              text: exportProgressText(message),
            });
          } else if (message.type === 'data') parts.push(decodeBase64(message.base64));
          else if (message.type === 'error') {
            setState({ status: 'failed', problem: message.problem });
            return;
          } else if (message.type === 'done' && plan) {
            save(parts, plan.filename, plan.contentType);
            setState({ status: 'done', filename: plan.filename, lines: plan.lines });
            return;
          }
        }
        setState({
          status: 'failed',
          problem: { detail: 'The export stopped before the file was complete. Try again.' },
        });
      } catch (error) {
        if (abort.signal.aborted) return;
        setState({
          status: 'failed',
          problem: {
            title: 'Connection lost',
            detail: error instanceof Error ? error.message : 'The export failed.',
          },
        });
      } finally {
        if (controller.current === abort) controller.current = null;
      }
    },
    [scope],
  );

  return { state, start, cancel };
}
