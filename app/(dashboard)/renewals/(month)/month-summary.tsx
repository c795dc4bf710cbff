'use client';

import { memo } from 'react';
import { CurrencyTotals } from '@/components/money/currency-totals';
import { cn } from '@/components/ui/cn';
import type { CurrencyTotal } from '@/lib/annuity/money';
import { BADGE_KIND_LABELS, BADGE_KINDS, type BadgeKind } from '@/lib/renewals/instructability';

/**
 * "What do I need to do this month?" at a glance: how many renewals are in each instructability
 * state (each a filter toggle), and what the shown renewals cost, per currency — never one sum
 * across currencies (architecture: Money). Memoised: a sort click changes none of its figures, so
 * it redraws only the rows (bench: sort ≤ 16 ms).
 */
export const MonthSummary = memo(function MonthSummary({
  counts,
  activeBadges,
  onToggleBadge,
  totals,
  shown,
  total,
}: {
  counts: Record<BadgeKind, number>;
  activeBadges: readonly BadgeKind[];
  onToggleBadge: (kind: BadgeKind) => void;
  totals: readonly CurrencyTotal[];
  shown: number;
  total: number;
}) {
  return (
    <section aria-label="Summary" className="flex flex-col gap-3 rounded-lg border bg-card p-4">
      <ul aria-label="Renewals by instructability" className="flex flex-wrap gap-2">
        {BADGE_KINDS.filter((kind) => counts[kind] > 0 || activeBadges.includes(kind)).map((kind) => {
          const active = activeBadges.includes(kind);
          return (
            <li key={kind}>
              <button
                type="button"
                aria-pressed={active}
                onClick={() => onToggleBadge(kind)}
                data-testid={`badge-count-${kind}`}
                className={cn(
                  'rounded-full border px-3 py-1 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                  active ? 'border-primary bg-primary text-primary-foreground' : 'hover:bg-accent',
                )}
              >
                {BADGE_KIND_LABELS[kind]}: <span className="font-semibold tabular-nums">{counts[kind]}</span>
              </button>
            </li>
          );
        })}
      </ul>
      <div className="flex flex-wrap items-baseline gap-x-6 gap-y-1 text-sm">
        <p>
          Showing <span className="font-semibold tabular-nums">{shown}</span> of{' '}
          <span className="tabular-nums">{total}</span> renewals
        </p>
        <CurrencyTotals totals={totals} label="Fee totals per currency" />
      </div>
    </section>
  );
});
