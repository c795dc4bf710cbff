'use client';

import { useLocale } from '@/components/shell/locale';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { formatMoney } from '@/lib/annuity/money';
import { feeComponentLabel, feesStatusLabel } from '@/lib/renewals/labels';
import type { RowFees } from '@/lib/renewals/rows';

/** A fee total with its currency, and its components on demand (spec: Fees). */
export function FeesCell({ fees, label }: { fees: RowFees | null; label: string }) {
  const locale = useLocale();
  if (!fees) return <span className="text-muted-foreground">No estimate</span>;
  const total = fees.total === null ? 'Not known yet' : formatMoney(fees.total, fees.currency, locale);
  return (
    <span className="inline-flex items-center gap-1.5">
      <Popover>
        <PopoverTrigger asChild>
          <Button
            variant="ghost"
            size="sm"
            className="h-7 px-1.5 font-mono tabular-nums"
            aria-label={`${total}: fee breakdown for ${label}`}
          >
            {total}
          </Button>
        </PopoverTrigger>
        <PopoverContent className="w-80">
          <FeeBreakdown fees={fees} locale={locale} />
        </PopoverContent>
      </Popover>
      {fees.isFxRateFrozen ? (
        <Badge tone="info" title="Exchange rate frozen for this month">
          FX frozen
        </Badge>
      ) : null}
    </span>
  );
}

export function FeeBreakdown({ fees, locale }: { fees: RowFees; locale: string }) {
  return (
    <div className="flex flex-col gap-2 text-sm">
      <p className="font-medium">
        {feesStatusLabel(fees.feesStatus)?.label ?? fees.feesStatus} fees in {fees.currency}
      </p>
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1">
        {fees.components.map((component) => (
          <div key={component.type} className="contents">
            <dt className="text-muted-foreground">{feeComponentLabel(component.type)}</dt>
            <dd className="text-right font-mono tabular-nums">
              {formatMoney(component.amount, fees.currency, locale)}
            </dd>
          </div>
        ))}
        <div className="contents font-medium">
          <dt>Total</dt>
          <dd className="text-right font-mono tabular-nums">
            {fees.total === null ? '—' : formatMoney(fees.total, fees.currency, locale)}
          </dd>
        </div>
      </dl>
      {fees.isFxRateFrozen ? (
        <p className="text-xs text-muted-foreground">The exchange rate is frozen for this month.</p>
      ) : fees.feesStatus === 'ESTIMATED' ? (
        <p className="text-xs text-muted-foreground">Estimates move with exchange rates until invoiced.</p>
      ) : null}
    </div>
  );
}
