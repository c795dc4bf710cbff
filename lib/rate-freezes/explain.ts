import { formatTimestamp, formatYearMonth } from '@/lib/format/dates';
import type { HorizonKnowledge } from './horizon';
import type { FreezeMonthState } from './months';

/** What a month's freeze state means for the manager, in one paragraph. */
export function explainMonthState(
  month: { month: string; monthsAhead: number; state: FreezeMonthState; horizon: HorizonKnowledge },
  locale: string,
): string {
  const name = formatYearMonth(month.month, locale);
  switch (month.state) {
    case 'frozen':
      return [
        `${name} is frozen: the exchange rates captured when it was first frozen apply to its renewals.`,
        'Freezing it again would change nothing.',
      ].join(' ');
    case 'past':
      return `${name} is over. Past months cannot be frozen; the amounts below are as the service reports them today.`;
    case 'beyond-horizon': {
      const refused = month.horizon.refused;
      if (!refused) return `${name} is beyond your account's freeze horizon.`;
      return [
        `On ${formatTimestamp(refused.at, locale)} the service refused ${formatYearMonth(refused.month, locale)}`,
        `(${refused.monthsAhead} months ahead) as beyond your account's freeze horizon.`,
        `${name} is ${month.monthsAhead} months ahead, so it is probably beyond it too.`,
        'The horizon is not published and may have changed, so you can still ask the service.',
      ].join(' ');
    }
    default:
      return `${name} is not frozen. Until it is, the estimates below move with exchange rates.`;
  }
}
