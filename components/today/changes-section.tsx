import { Card, CardContent } from '@/components/ui/card';
import { formatTimestamp } from '@/lib/format/dates';
import type { ChangeSummary } from '@/lib/today/data';
import { RenewalRefList } from './renewal-ref-list';

/** What the service changed since this person last opened Today (lib/server/today/changes.ts). */
export function ChangesPart({ changes, locale }: { changes: ChangeSummary; locale: string }) {
  if (!changes.since) {
    return (
      <p className="text-sm text-muted-foreground">Your first visit: changes will show from your next one.</p>
    );
  }
  const nothing =
    changes.statusMoves.length === 0 &&
    (changes.newInvoices?.length ?? 0) === 0 &&
    changes.colleagueBatches.length === 0;
  return (
    <Card>
      <CardContent className="flex flex-col gap-3 pt-5 text-sm">
        <p className="text-muted-foreground">Since {formatTimestamp(changes.since, locale)}.</p>
        {nothing ? <p>Nothing changed.</p> : null}
        {changes.statusMoves.length > 0 ? (
          <div className="flex flex-col gap-1">
            <h3 className="font-medium">Processing status moved ({changes.statusMoves.length})</h3>
            <RenewalRefList
              label="Processing status moved"
              items={changes.statusMoves}
              empty=""
              locale={locale}
              limit={5}
            />
          </div>
        ) : null}
        {changes.newInvoices && changes.newInvoices.length > 0 ? (
          <div className="flex flex-col gap-1">
            <h3 className="font-medium">New invoices ({changes.newInvoices.length})</h3>
            <ul aria-label="New invoices" className="flex flex-wrap gap-x-4">
              {changes.newInvoices.map((invoice) => (
                <li key={invoice.id}>
                  <a className="text-primary underline" href={invoice.href}>
                    {invoice.reference}
                  </a>
                  {invoice.client ? (
                    <span className="text-muted-foreground"> ({invoice.client.name})</span>
                  ) : null}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {changes.colleagueBatches.length > 0 ? (
          <div className="flex flex-col gap-1">
            <h3 className="font-medium">Decisions sent by colleagues</h3>
            <ul aria-label="Decisions sent by colleagues" className="flex flex-col gap-1">
              {changes.colleagueBatches.map((batch) => (
                <li key={batch.id}>
                  <a className="text-primary underline" href={batch.href}>
                    {batch.decisions} {batch.decisions === 1 ? 'decision' : 'decisions'}
                  </a>{' '}
                  by {batch.by}, {formatTimestamp(batch.at, locale)}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
