// Pure: the header's quota meter (a component) and the server's back-off both read it.

/** The shared daily API quota as the service last reported it (spec: Limits 3). */
export interface QuotaReading {
  limit: number | null;
  remaining: number | null;
  resetAt: Date | null;
  /** Set after a 429 until the quota resets (spec: Errors, Retry-After). */
  exhaustedUntil: Date | null;
  observedAt: Date;
}

const LOW_QUOTA_RATIO = 0.1;

export function isQuotaLow(reading: QuotaReading | null, now = new Date()): boolean {
  if (!reading) return false;
  if (reading.exhaustedUntil && reading.exhaustedUntil > now) return true;
  if (reading.limit === null || reading.remaining === null || reading.limit <= 0) return false;
  return reading.remaining / reading.limit < LOW_QUOTA_RATIO;
}
