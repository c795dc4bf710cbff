'use client';

import type { ReactNode } from 'react';
import { cn } from '@/components/ui/cn';
import { useDisclosure } from '@/components/ui/use-disclosure';
import { DETAILS_ONLY_NARROW } from './priority';

export interface RowDetail {
  label: string;
  value: ReactNode;
}

/**
 * The values of a row's low-priority columns, behind a disclosure button in its first cell
 * (priority.ts): reached by Tab, opened and closed with Enter or Space, announced as expanded or
 * collapsed. Shown only below the width at which those columns are hidden.
 */
export function RowDetails({ name, details }: { name: string; details: readonly RowDetail[] }) {
  const { open, id, button } = useDisclosure('Details', name);
  if (details.length === 0) return null;
  return (
    <div className={cn('mt-1 text-xs', DETAILS_ONLY_NARROW)}>
      {button}
      <dl
        id={id}
        hidden={!open}
        // Not a grid while hidden: a display class would outweigh the hidden attribute.
        className={
          open ? 'mt-1 grid max-w-80 grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 whitespace-normal' : undefined
        }
      >
        {details.map((detail) => (
          <div key={detail.label} className="contents">
            <dt className="text-muted-foreground">{detail.label}</dt>
            <dd>{detail.value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
