import 'server-only';
import type { FreezeRefusal } from '../../rate-freezes/months';

/**
 * The service's 400 to a freeze, once the month has told past from beyond the horizon (spec:
 * Errors, "the code is not shown"). Mapped to words in upstream-errors.ts, with the other errors.
 */
export class FreezeRefusedError extends Error {
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
    super(`putExchangeRateFreeze ${month}: refused as ${refusal} (${upstreamCode})`);
  }
}
