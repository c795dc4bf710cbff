import { Badge } from '@/components/ui/badge';
import { cn } from '@/components/ui/cn';
import { DEFAULT_LOCALE, formatClockTime } from '@/lib/format/dates';
import { isQuotaLow, type QuotaReading } from '@/lib/policy/quota';

/**
 * A client's daily API quota, for everyone: below 10 % left it turns into a warning. With several
 * clients in view it is the lowest of them, named (each key has its own quota, spec: Limits 2).
 */
export function QuotaMeter({
  reading,
  client = null,
  locale = DEFAULT_LOCALE,
  now = new Date(),
}: {
  reading: QuotaReading | null;
  /** The client it is, with several in view (lib/server/connection/header-status.ts). */
  client?: { name: string; of: number } | null;
  /** The viewer's (lib/server/http/request-context.ts pageLocale): numbers and the reset time follow it. */
  locale?: string;
  now?: Date;
}) {
  // After a 429 the service sends no RateLimit-* headers (spec: Limits 3): used up, until its reset.
  const exhausted = reading?.exhaustedUntil != null && reading.exhaustedUntil > now;
  if (!reading || (!exhausted && (reading.limit === null || reading.remaining === null))) {
    return <span className="text-xs text-muted-foreground">API quota: not reported yet</span>;
  }
  const low = isQuotaLow(reading, now);
  const resetAt = reading.resetAt ? formatClockTime(reading.resetAt, locale) : null;
  const number = new Intl.NumberFormat(locale);
  const until = reading.exhaustedUntil ? formatClockTime(reading.exhaustedUntil, locale) : resetAt;
  const whose = client ? ` of ${client.name} (the lowest of ${client.of} clients)` : '';
  const label = exhausted
    ? `API quota${whose} used up until ${until ?? 'the daily reset'}${reading.limit !== null ? ` (${number.format(reading.limit)} calls a day)` : ''}`
    : `API quota${whose}: ${number.format(reading.remaining ?? 0)} of ${number.format(reading.limit ?? 0)} calls left today`;
  return (
    <span
      className={cn('flex items-center gap-2 text-xs', low ? 'text-destructive' : 'text-muted-foreground')}
    >
      {low ? <Badge tone="danger">{exhausted ? 'Quota used up' : 'Quota low'}</Badge> : null}
      <span>{label}</span>
    </span>
  );
}
