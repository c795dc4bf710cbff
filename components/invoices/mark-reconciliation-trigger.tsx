'use client';

import type { ComponentProps } from 'react';
import { Button } from '@/components/ui/button';
import type { MarkView } from '@/lib/invoices/reconciliation';

export interface MarkReconciliationProps {
  invoiceId: string;
  lineKey: string;
  /** "Mark line 3 (P-2019-017 EP)" or "Mark invoice INV-100162". */
  title: string;
  triggerLabel: string;
  current: MarkView | null;
}

/** How the button that opens the mark dialog looks: its trigger, and its placeholder until it loads. */
export const MARK_TRIGGER = { variant: 'outline', size: 'sm', className: 'h-7' } as const;

export function MarkTrigger({ label, ...button }: { label: string } & ComponentProps<'button'>) {
  return (
    <Button {...MARK_TRIGGER} {...button}>
      {label}
    </Button>
  );
}
