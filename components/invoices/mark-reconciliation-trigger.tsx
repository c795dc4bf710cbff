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

/** The button that opens the mark dialog: its trigger, and its placeholder until it loads. */
export function MarkTrigger({ label, ...button }: { label: string } & ComponentProps<'button'>) {
  return (
    <Button variant="outline" size="sm" className="h-7" {...button}>
      {label}
    </Button>
  );
}
