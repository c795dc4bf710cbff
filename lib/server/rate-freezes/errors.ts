import 'server-only';
import { formatYearMonth } from '../../format/dates';
import type { FreezeRefusal } from '../../rate-freezes/months';
import { DomainError } from '../errors/domain-error';
import type { MappedProblem } from '../errors/problem';

/**
 * The service's 400 to a freeze, once the month has told past from beyond the horizon (spec:
 * Errors, "the code is not shown"), answered as a 422 that says which of the two it was.
 */
export class FreezeRefusedError extends DomainError {
  override name = 'FreezeRefusedError';
  constructor(
    readonly month: string,
    readonly refusal: FreezeRefusal,
    readonly monthsAhead: number,
    readonly upstreamCode: string,
    readonly upstreamRequestId: string | null,
    /** The service's own words (its detail and pointers' details), shown to the manager. */
    readonly serviceDetail: string = '',
  ) {
    super({
      status: 422,
      ...freezeRefusalWords(month, refusal, monthsAhead, upstreamRequestId, serviceDetail),
      message: `putExchangeRateFreeze ${month}: refused as ${refusal} (${upstreamCode})`,
      extensions: {
        month,
        refusal,
        monthsAhead,
        ...(serviceDetail ? { serviceDetail } : {}),
      },
    });
  }

  override toProblem(requestId: string): MappedProblem {
    return { ...super.toProblem(requestId), upstreamRequestId: this.upstreamRequestId ?? undefined };
  }
}

/**
 * The two 400s of a freeze (spec: Endpoints 15 guards). The horizon is not published (spec: Limits
 * 5), so the message says what the dashboard concluded from this refusal.
 */
function freezeRefusalWords(
  yearMonth: string,
  refusal: FreezeRefusal,
  monthsAhead: number,
  upstreamRequestId: string | null,
  serviceDetail: string,
): { code: string; title: string; detail: string } {
  const month = formatYearMonth(yearMonth);
  const reference = upstreamRequestId ? ` (service reference ${upstreamRequestId})` : '';
  const said = serviceDetail ? ` The service said: “${serviceDetail}”.` : '';
  if (refusal === 'past') {
    return {
      code: 'freeze_month_past',
      title: 'Past months cannot be frozen',
      detail: `${month} is already over for the renewal service, and a past month cannot be frozen.${said} Nothing was changed${reference}.`,
    };
  }
  if (refusal === 'refused') {
    return {
      code: 'freeze_refused',
      title: 'The service refused to freeze this month',
      detail: `The renewal service refused to freeze ${month}.${said || ' It gave no reason.'} Nothing was changed${reference}.`,
    };
  }
  return {
    code: 'freeze_beyond_horizon',
    title: 'Too far ahead to freeze',
    detail: `The renewal service refused ${month} as beyond how far ahead your account may freeze.${said} The service does not publish this horizon, so the dashboard now treats months ${monthsAhead} or more ahead as beyond it. Nothing was changed${reference}.`,
  };
}
