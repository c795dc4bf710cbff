'use client';

import { ChevronLeft, ChevronRight } from 'lucide-react';
import { memo, useId, useState } from 'react';
import { useLocale } from '@/components/shell/locale';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { SubmitButton } from '@/components/ui/submit-button';
import { dateRangeProblem } from '@/lib/format/date-range';
import { addMonths, formatYearMonth, isYearMonth, monthBounds } from '@/lib/format/dates';
import type { RenewalWindow } from '@/lib/renewals/window';

/**
 * Choose the due window: step month by month, pick a month, or give a date range. Memoised: a sort
 * or a filter click does not draw it again.
 */
export const WindowPicker = memo(function WindowPicker({
  dueWindow,
  onChange,
}: {
  dueWindow: RenewalWindow;
  onChange: (next: RenewalWindow) => void;
}) {
  const locale = useLocale();
  const id = useId();
  const [rangeOpen, setRangeOpen] = useState(dueWindow.kind === 'range');
  const bounds = dueWindow.kind === 'month' ? monthBounds(dueWindow.month) : dueWindow;
  const [from, setFrom] = useState(bounds.from);
  const [to, setTo] = useState(bounds.to);
  const rangeProblem = dateRangeProblem(from, to);
  const rangeValid = rangeProblem === null;

  if (rangeOpen) {
    return (
      <form
        className="flex flex-wrap items-end gap-2"
        aria-label="Due date range"
        onSubmit={(event) => {
          event.preventDefault();
          if (rangeValid) onChange({ kind: 'range', from, to });
        }}
      >
        <div className="flex flex-col gap-1">
          <Label htmlFor={`${id}-from`}>Due from</Label>
          <Input
            id={`${id}-from`}
            type="date"
            value={from}
            onChange={(e) => setFrom(e.target.value)}
            className="h-8 w-40"
          />
        </div>
        <div className="flex flex-col gap-1">
          <Label htmlFor={`${id}-to`}>Due to</Label>
          <Input
            id={`${id}-to`}
            type="date"
            value={to}
            min={from}
            onChange={(e) => setTo(e.target.value)}
            className="h-8 w-40"
            aria-invalid={!rangeValid}
            aria-describedby={rangeValid ? undefined : `${id}-problem`}
          />
        </div>
        <SubmitButton
          busy={false}
          size="sm"
          disabled={!rangeValid}
          aria-describedby={rangeValid ? undefined : `${id}-problem`}
        >
          Show range
        </SubmitButton>
        <Button
          type="button"
          size="sm"
          variant="ghost"
          onClick={() => {
            setRangeOpen(false);
            onChange({ kind: 'month', month: from.slice(0, 7) });
          }}
        >
          Back to months
        </Button>
        {/* A disabled button says nothing by itself: the reason is beside it, and read with it. */}
        {rangeProblem ? (
          <p id={`${id}-problem`} role="status" className="w-full text-sm text-destructive">
            {rangeProblem}
          </p>
        ) : null}
      </form>
    );
  }

  const month = dueWindow.kind === 'month' ? dueWindow.month : dueWindow.from.slice(0, 7);
  return (
    <div className="flex flex-wrap items-end gap-2">
      <Button
        variant="outline"
        size="icon"
        className="size-8"
        aria-label={`Previous month, ${formatYearMonth(addMonths(month, -1), locale)}`}
        onClick={() => onChange({ kind: 'month', month: addMonths(month, -1) })}
      >
        <ChevronLeft aria-hidden="true" />
      </Button>
      <div className="flex flex-col gap-1">
        <Label htmlFor={`${id}-month`}>Due month</Label>
        <Input
          id={`${id}-month`}
          type="month"
          value={month}
          onChange={(event) => {
            if (isYearMonth(event.target.value)) onChange({ kind: 'month', month: event.target.value });
          }}
          className="h-8 w-44"
        />
      </div>
      <Button
        variant="outline"
        size="icon"
        className="size-8"
        aria-label={`Next month, ${formatYearMonth(addMonths(month, 1), locale)}`}
        onClick={() => onChange({ kind: 'month', month: addMonths(month, 1) })}
      >
        <ChevronRight aria-hidden="true" />
      </Button>
      <Button variant="ghost" size="sm" onClick={() => setRangeOpen(true)}>
        Date range…
      </Button>
    </div>
  );
});
