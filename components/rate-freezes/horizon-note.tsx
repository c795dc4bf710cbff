'use client';

import { useLocale } from '@/components/shell/locale';
import { formatTimestamp, formatYearMonth } from '@/lib/format/dates';
import { plural } from '@/lib/format/plural';
import type { HorizonKnowledge } from '@/lib/rate-freezes/horizon';
import { FREEZE_STATE_LABELS, UNCONFIRMED_FREEZABLE_LABEL } from '@/lib/rate-freezes/labels';

const CAN = FREEZE_STATE_LABELS.freezable.label;
const UNKNOWN = UNCONFIRMED_FREEZABLE_LABEL.label;

/**
 * Says plainly what is known of the freeze horizon and where it comes from: the spec (Limits 5)
 * does not publish it, so every figure here is something the service answered before.
 */
export function HorizonNote({ horizon }: { horizon: HorizonKnowledge }) {
  const locale = useLocale();
  const { refused, accepted } = horizon;
  // The nearest month no answer of the service vouches for (lib/rate-freezes/months.ts, canFreezeNow).
  const unknownFrom = (accepted?.monthsAhead ?? 0) + 1;
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
      ) : null}
      {accepted ? (
        <p>
          The farthest month frozen so far was {plural(accepted.monthsAhead, 'month')} ahead (
          {formatYearMonth(accepted.month, locale)}, on {formatTimestamp(accepted.at, locale)}), so this month
          and the next {accepted.monthsAhead}, unless frozen already, show &ldquo;{CAN}&rdquo;.
        </p>
      ) : (
        <p>
          No month ahead has been frozen yet, so only this month, unless frozen already, shows &ldquo;{CAN}
          &rdquo;.
        </p>
      )}
      {unknownFrom < (refused?.monthsAhead ?? Number.POSITIVE_INFINITY) ? (
        <p className="text-muted-foreground">
          Months {unknownFrom} or more ahead{refused ? ` and nearer than ${refused.monthsAhead}` : ''} are
          &ldquo;{UNKNOWN}&rdquo;: the service may accept or refuse them, and a freeze attempt tells.
        </p>
      ) : null}
    </div>
  );
}
