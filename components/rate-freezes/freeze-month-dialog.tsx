'use client';

import { useState } from 'react';
import { CurrencyTotals } from '@/components/money/currency-totals';
import { useLocale } from '@/components/shell/locale';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { DialogClose, DialogFooter, TriggeredDialog } from '@/components/ui/dialog';
import type { CurrencyTotal } from '@/lib/annuity/money';
import { formatYearMonth } from '@/lib/format/dates';
import { plural, pluralWord } from '@/lib/format/plural';

/**
 * The confirmation before a freeze: it names the month and says what a freeze does (spec:
 * Endpoints 15). Focus starts on Cancel, and returns to the trigger when the dialog closes.
 */
export function FreezeMonthDialog({
  month,
  eventCount,
  totals,
  locked = null,
  warning,
  pending,
  onConfirm,
}: {
  month: string;
  eventCount: number;
  totals: readonly CurrencyTotal[];
  /** The estimates a freeze would lock, in the invoice currency; null while unknown. */
  locked?: readonly CurrencyTotal[] | null;
  warning: string | null;
  pending: boolean;
  onConfirm: () => void;
}) {
  const locale = useLocale();
  const [open, setOpen] = useState(false);
  const name = formatYearMonth(month, locale);
  return (
    <TriggeredDialog
      open={open}
      onOpenChange={setOpen}
      trigger={<Button disabled={pending}>{pending ? `Freezing ${name}…` : `Freeze ${name}…`}</Button>}
      title={<>Freeze exchange rates for {name}?</>}
      description={<>This captures today's exchange rates and pins them for every renewal due in {name}.</>}
    >
      <ul className="flex list-disc flex-col gap-1 pl-5 text-sm">
        <li>
          {plural(eventCount, 'renewal')} {pluralWord(eventCount, 'falls', 'fall')} due in {name}. Their
          estimates stop moving with exchange rates; only a change of fee schedule can still move them.
        </li>
        <li>Freezing the month again later never re-captures the rates: the first ones stay.</li>
        <li>The dashboard cannot undo a freeze.</li>
      </ul>
      {locked ? (
        <div className="flex flex-col gap-1">
          <p className="text-sm font-medium">Estimates this freeze would lock, in your invoice currency</p>
          <CurrencyTotals totals={locked} label={`Estimates freezing ${name} would lock`} withCounts />
        </div>
      ) : null}
      <div className="flex flex-col gap-1">
        <p className="text-sm font-medium">Potential frozen fees per office currency</p>
        <CurrencyTotals totals={totals} label={`Potential frozen fees of ${name}`} withCounts />
      </div>
      {warning ? (
        <Alert tone="warning">
          <p>{warning}</p>
        </Alert>
      ) : null}
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
        <Button
          onClick={() => {
            setOpen(false);
            onConfirm();
          }}
        >
          Freeze {name}
        </Button>
      </DialogFooter>
    </TriggeredDialog>
  );
}
