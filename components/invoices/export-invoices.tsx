'use client';

import { ProblemPanel } from '@/components/shell/problem-panel';
import { Button } from '@/components/ui/button';
import { EXPORT_FORMATS } from '@/lib/http/url-state';
import { useInvoiceExport } from './use-invoice-export';

/**
 * Export buttons for a set of invoices (`scope` is the export's query: one invoiceId, or the list's
 * filters), with the progress of a running export announced politely to screen readers.
 */
export function ExportInvoices({ scope, what }: { scope: string; what: string }) {
  const { state, start, cancel } = useInvoiceExport(scope);
  const running = state.status === 'running';
  return (
    <div className="flex flex-col items-end gap-2">
      <div className="flex flex-wrap items-center gap-2">
        {EXPORT_FORMATS.map((format) => (
          <Button
            key={format}
            variant="outline"
            size="sm"
            className="h-8"
            disabled={running}
            onClick={() => void start(format)}
          >
            {`Export ${format.toUpperCase()}`}
          </Button>
        ))}
        {running ? (
          <Button variant="ghost" size="sm" className="h-8" onClick={cancel}>
            Cancel export
          </Button>
        ) : null}
      </div>
      <div
        role="status"
        aria-live="polite"
        className="flex min-h-5 flex-col items-end gap-1 text-xs text-muted-foreground"
      >
        {state.status === 'running' ? (
          <>
            <progress
              className="h-2 w-56 accent-primary"
              max={100}
              value={state.percent}
              aria-label={`Export of ${what} as ${state.format.toUpperCase()}`}
            />
            <span>
              {state.percent}% · {state.text}
            </span>
          </>
        ) : state.status === 'done' ? (
          <span>
            Saved {state.filename} ({state.lines} line{state.lines === 1 ? '' : 's'}).
          </span>
        ) : null}
      </div>
      {state.status === 'failed' ? <ProblemPanel problem={state.problem} /> : null}
    </div>
  );
}
