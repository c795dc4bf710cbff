'use client';

import { useLocale } from '@/components/shell/locale';
import { formatTimestamp, formatYearMonth } from '@/lib/format/dates';
import type { HorizonKnowledge } from '@/lib/rate-freezes/horizon';

/**
 * Says plainly what is known of the freeze horizon and where it comes from: the spec (Limits 5)
 * does not publish it, so every figure here is something the service answered before.
 */
export function HorizonNote({ horizon }: { horizon: HorizonKnowledge }) {
  const locale = useLocale();
  const { refused, accepted } = horizon;
  return (
    <div className="flex flex-col gap-1 text-sm" data-testid="horizon-note">
      <p>
        How far ahead a month may be frozen is set for your account by the renewal service, which does not
        publish it. The dashboard learns it from the service's answers to freeze attempts.
      </p>
      {refused ? (
        <p>
          On {formatTimestamp(refused.at, locale)} the service refused{' '}
          {formatYearMonth(refused.month, locale)} ({refused.monthsAhead} months ahead) as beyond the horizon,
          so months {refused.monthsAhead} or more ahead are shown as beyond it.
        </p>
      ) : (
        <p>No month has been refused as too far ahead yet, so every coming month is shown as freezable.</p>
      )}
      {accepted ? (
        <p className="text-muted-foreground">
          The farthest month frozen so far was {accepted.monthsAhead} month(s) ahead (
          {formatYearMonth(accepted.month, locale)}, on {formatTimestamp(accepted.at, locale)}).
        </p>
      ) : null}
    </div>
  );
}
