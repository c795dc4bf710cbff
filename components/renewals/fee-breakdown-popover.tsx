'use client';

import { Popover as PopoverPrimitive } from 'radix-ui';
import { useMemo, useRef, useState } from 'react';
import { Popover, PopoverContent } from '@/components/ui/popover';
import { formatMoney } from '@/lib/annuity/money';
import { feeComponentLabel, feesStatusLabel } from '@/lib/renewals/labels';
import type { RowFees } from '@/lib/renewals/rows';
import type { FeeBreakdownTarget } from './fee-breakdown-store';

/**
 * The fee breakdown, hung from the total that opened it (spec: Fees). Loaded on first use. It
 * behaves as a popover on its own trigger would: Escape or a click elsewhere closes it, a second
 * click on the same total too, and focus goes back to the total unless the click went elsewhere.
 */
export function FeeBreakdownPopover({
  target,
  onClose,
}: {
  target: FeeBreakdownTarget | null;
  onClose: () => void;
}) {
  // The last target stays drawn while the popover closes.
  const [shown, setShown] = useState(target);
  if (target && target !== shown) setShown(target);
  const anchorRef = useMemo(() => ({ current: shown?.anchor ?? null }), [shown]);
  const clickedElsewhere = useRef(false);
  if (!shown) return null;
  return (
    <Popover
      open={target !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <PopoverPrimitive.Anchor virtualRef={anchorRef} />
      <PopoverContent
        className="w-80"
        aria-label={`Fee breakdown for ${shown.label}`}
        hideWhenDetached
        onOpenAutoFocus={() => {
          clickedElsewhere.current = false;
        }}
        onInteractOutside={(event) => {
          // A press on the total itself is its toggle (the click closes), not a click elsewhere.
          if (event.target instanceof Node && shown.anchor.contains(event.target)) {
            event.preventDefault();
            return;
          }
          clickedElsewhere.current = true;
        }}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          if (!clickedElsewhere.current && shown.anchor.isConnected) shown.anchor.focus();
        }}
      >
        <FeeBreakdown fees={shown.fees} locale={shown.locale} />
      </PopoverContent>
    </Popover>
  );
}

function FeeBreakdown({ fees, locale }: { fees: RowFees; locale: string }) {
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
