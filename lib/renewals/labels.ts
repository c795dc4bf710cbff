/**
 * Words for the service's enums. Every enum is open (spec: Conventions): a value this table does
 * not know is shown as the service sent it, with a neutral tone, and never breaks a page.
 */

/** The badge tones of components/ui/badge, named here so pure code can choose one. */
export type Tone = 'neutral' | 'info' | 'success' | 'warning' | 'danger';

export interface EnumLabel {
  label: string;
  tone: Tone;
}

/** An open enum's value in words: one the table does not know is shown as sent, in a neutral tone. */
export function enumLabel(table: Readonly<Record<string, EnumLabel>>, value: string): EnumLabel {
  return table[value] ?? { label: value, tone: 'neutral' };
}

function lookup(table: Record<string, EnumLabel>, value: string | null | undefined): EnumLabel | null {
  if (value === null || value === undefined) return null;
  return enumLabel(table, value);
}

const DUE_PERIODS: Record<string, EnumLabel> = {
  UPCOMING: { label: 'Upcoming', tone: 'neutral' },
  CURRENT: { label: 'Current', tone: 'info' },
  LATE: { label: 'Late', tone: 'warning' },
  GRACE_PERIOD: { label: 'Grace period', tone: 'warning' },
  LAPSED: { label: 'Lapsed', tone: 'danger' },
};

const PROCESSING_STATUSES: Record<string, EnumLabel> = {
  NOT_INSTRUCTED: { label: 'Not instructed', tone: 'neutral' },
  INSTRUCTED: { label: 'Instructed', tone: 'info' },
  PAYMENT_SENT: { label: 'Payment sent', tone: 'info' },
  PAYMENT_CONFIRMED: { label: 'Payment confirmed', tone: 'info' },
  FULFILLED: { label: 'Fulfilled', tone: 'success' },
  UNPROCESSABLE: { label: 'Unprocessable', tone: 'danger' },
};

const DECISIONS: Record<string, EnumLabel> = {
  PROCEED: { label: 'Proceed', tone: 'success' },
  SKIP_THIS_TIME: { label: 'Skip this time', tone: 'warning' },
  DROP: { label: 'Drop', tone: 'danger' },
};

const FEES_STATUSES: Record<string, EnumLabel> = {
  ESTIMATED: { label: 'Estimated', tone: 'neutral' },
  INVOICED: { label: 'Invoiced', tone: 'info' },
};

const PATENT_STATUSES: Record<string, EnumLabel> = {
  PENDING: { label: 'Pending', tone: 'neutral' },
  PUBLISHED: { label: 'Published', tone: 'info' },
  GRANTED: { label: 'Granted', tone: 'success' },
  LAPSED: { label: 'Lapsed', tone: 'danger' },
};

const FEE_COMPONENTS: Record<string, string> = {
  OFFICE: 'Office fee',
  AGENT: 'Agent fee',
  SERVICE: 'Service fee',
  GRACE_PERIOD: 'Grace-period surcharge',
};

export const duePeriodLabel = (value: string | null | undefined) => lookup(DUE_PERIODS, value);
export const processingStatusLabel = (value: string | null | undefined) => lookup(PROCESSING_STATUSES, value);
export const decisionLabel = (value: string | null | undefined) => lookup(DECISIONS, value);
export const feesStatusLabel = (value: string | null | undefined) => lookup(FEES_STATUSES, value);
export const patentStatusLabel = (value: string | null | undefined) => lookup(PATENT_STATUSES, value);

/** An unknown component type is "other" (spec: Fees, open enum) and still counts in the total. */
export function feeComponentLabel(type: string): string {
  return FEE_COMPONENTS[type] ?? `Other (${type})`;
}

const FILING_ROUTES: Record<string, string> = {
  NATIONAL: 'National',
  PCT: 'PCT',
  EP: 'EP',
  EA: 'EA',
  DIVISIONAL: 'Divisional',
};

/** Filing routes keep their acronyms (PCT, EP, EA); an unknown route is shown as sent. */
export function filingRouteLabel(value: string | null | undefined): string {
  if (!value) return '';
  return FILING_ROUTES[value] ?? value;
}

/** Plain words for an UPPER_SNAKE value we have no label for (patent type, filing route …). */
export function humanize(value: string | null | undefined): string {
  if (!value) return '';
  const words = value.toLowerCase().replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
