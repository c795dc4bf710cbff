import { CurrencyTotals } from '@/components/money/currency-totals';
import { Badge } from '@/components/ui/badge';
import { TitledCard } from '@/components/ui/card';
import { formatMoney } from '@/lib/annuity/money';
import { formatDate } from '@/lib/format/dates';
import type { FinanceSection, InvoiceAttention } from '@/lib/today/data';
import { RenewalRefList } from './renewal-ref-list';

const REASON_TEXT: Record<InvoiceAttention['reasons'][number], string> = {
  'failed-checks': 'Failed checks',
  warnings: 'Warnings',
  disputed: 'Disputed',
  unreconciled: 'Not reconciled',
};

/** Invoices and billing for finance (compact for managers): what needs checking (lib/server/today/invoices.ts). */
export function FinancePart({
  finance,
  locale,
  compact,
}: {
  finance: FinanceSection;
  locale: string;
  compact: boolean;
}) {
  const byReason = (reason: InvoiceAttention['reasons'][number]) =>
    finance.invoices.filter((invoice) => invoice.reasons.includes(reason)).length;
  // Each count that links to the invoice list is the number of rows that list shows.
  const counts: { label: string; count: number; href: string | null; danger: boolean }[] = [
    { label: 'Failed checks', count: byReason('failed-checks'), href: null, danger: true },
    { label: 'Disputed', count: finance.disputed.count, href: finance.disputed.href, danger: true },
    { label: 'With warnings', count: byReason('warnings'), href: null, danger: false },
    {
      label: `Not reconciled after ${finance.unreconciledAfterDays} days`,
      count: finance.overdue.count,
      href: finance.overdue.href,
      danger: false,
    },
  ];
  return (
    <>
      <TitledCard
        title={<>Invoices not reconciled ({finance.notReconciled.count})</>}
        action={
          <a className="text-sm text-primary underline" href={finance.notReconciled.href}>
            Open the {finance.notReconciled.count} invoices not reconciled
          </a>
        }
        contentClassName="flex flex-col gap-3"
      >
        <ul
          className="flex flex-wrap gap-2 text-sm"
          aria-label="Invoices not reconciled, by what needs attention"
        >
          {counts.map((item) => (
            <li key={item.label}>
              <Badge tone={item.danger ? 'danger' : 'warning'}>
                {item.href ? (
                  <a className="underline" href={item.href}>
                    {item.label}: {item.count}
                  </a>
                ) : (
                  <>
                    {item.label}: {item.count}
                  </>
                )}
              </Badge>
            </li>
          ))}
        </ul>
        <CurrencyTotals
          totals={finance.totals}
          label="Invoices needing attention: totals per currency"
          withCounts={false}
        />
        {finance.invoices.length > 0 ? (
          <p className="text-sm text-muted-foreground">
            {finance.invoices.length} of them need attention now: failed checks, a dispute, warnings, or not
            reconciled after {finance.unreconciledAfterDays} days.
          </p>
        ) : null}
        {compact ? null : finance.invoices.length === 0 ? (
          <p className="text-sm text-muted-foreground">Every invoice is reconciled or passes its checks.</p>
        ) : (
          <ul aria-label="Invoices needing attention" className="flex flex-col divide-y rounded-md border">
            {finance.invoices.slice(0, 15).map((invoice) => (
              <li key={invoice.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 px-3 py-2 text-sm">
                <a className="font-medium text-primary underline" href={invoice.href}>
                  {invoice.reference}
                </a>
                <span className="text-muted-foreground">
                  {invoice.client ? `${invoice.client.name} · ` : null}issued{' '}
                  {formatDate(invoice.issueDate, locale)}
                </span>
                {invoice.total ? (
                  <span className="tabular-nums">{formatMoney(invoice.total, invoice.currency, locale)}</span>
                ) : null}
                {invoice.reasons.map((reason) => (
                  <Badge
                    key={reason}
                    tone={reason === 'failed-checks' || reason === 'disputed' ? 'danger' : 'warning'}
                  >
                    {reason === 'failed-checks'
                      ? `${invoice.fails} failed`
                      : reason === 'warnings'
                        ? `${invoice.warnings} warnings`
                        : reason === 'unreconciled'
                          ? `Not reconciled after ${finance.unreconciledAfterDays} days`
                          : REASON_TEXT[reason]}
                  </Badge>
                ))}
              </li>
            ))}
          </ul>
        )}
      </TitledCard>
      <TitledCard
        title={<>Fulfilled renewals without an invoice line ({finance.fulfilledWithoutInvoice.length})</>}
      >
        <RenewalRefList
          label="Fulfilled renewals without an invoice line"
          items={finance.fulfilledWithoutInvoice}
          empty="Every fulfilled renewal has its invoice line."
          locale={locale}
          limit={compact ? 5 : 10}
        />
      </TitledCard>
    </>
  );
}
