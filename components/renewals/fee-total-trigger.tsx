'use client';

import type { ComponentProps } from 'react';
import { Button } from '@/components/ui/button';
import type { RowFees } from '@/lib/renewals/rows';

export interface FeeTotalProps {
  fees: RowFees;
  /** The total as shown, already formatted for the locale. */
  total: string;
  label: string;
  locale: string;
}

/** The total's button: the popover's trigger, and its placeholder until the popover loads. */
export function FeeTotalTrigger({
  total,
  label,
  ...button
}: { total: string; label: string } & ComponentProps<'button'>) {
  return (
    <Button
      variant="ghost"
      size="sm"
      className="h-7 px-1.5 font-mono tabular-nums"
      aria-label={`${total}: fee breakdown for ${label}`}
      {...button}
    >
      {total}
    </Button>
  );
}
