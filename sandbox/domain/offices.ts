import Big from 'big.js';
import { addMonths, addYears, endOfMonth } from './calendar';

/**
 * The offices the stand-in service renews in, with schedules shaped like the real ones: when the
 * first annuity falls due, how due dates are counted (filing or grant anniversary, end of month, the
 * US maintenance windows), the grace period, and the official fee per annuity year in the office's
 * own currency. Figures are plausible round numbers, not a tariff to rely on.
 */

type DueDateRule =
  /** The last day of the month of the filing anniversary (EP, DE, FR, GB, CH, IT, ES, NL, SE, DK). */
  | 'FILING_ANNIVERSARY_END_OF_MONTH'
  /** The filing anniversary itself (CN, CA, AU). */
  | 'FILING_ANNIVERSARY'
  /** The anniversary of the registration: years 1-3 are paid at grant (JP, KR). */
  | 'GRANT_ANNIVERSARY'
  /** 3.5, 7.5 and 11.5 years after grant (US maintenance fees). */
  | 'US_MAINTENANCE';

interface FeeContext {
  annuityYear: number;
  claimCount: number | null;
  applicantType: string | null;
}

export interface OfficeRule {
  code: string;
  name: string;
  currency: string;
  dueDateRule: DueDateRule;
  firstAnnuityYear: number;
  lastAnnuityYear: number;
  graceMonths: number;
  /** Renewals only once granted (national offices); EP and a few others charge pending applications. */
  requiresGrant: boolean;
  /** Official fee for one annuity in the office currency, as a decimal string. */
  officeFee(context: FeeContext): string;
  /** Late-payment surcharge inside the grace period, office currency. */
  graceSurcharge(officeFee: string): string;
  /** The local agent's fee, office currency; null where the service pays the office directly. */
  agentFee: string | null;
  /** Relative share of a generated portfolio. */
  weight: number;
}

/** A table of fees from `first` year on; years past the table repeat its last figure. */
function byYear(first: number, fees: readonly number[]): (context: FeeContext) => string {
  return ({ annuityYear }) => {
    const fee = fees[Math.min(Math.max(annuityYear - first, 0), fees.length - 1)];
    return String(fee ?? 0);
  };
}

function percentOf(percent: number): (officeFee: string) => string {
  return (officeFee) => new Big(officeFee).times(percent).div(100).toFixed(2);
}

function fixed(amount: string): () => string {
  return () => amount;
}

const claims = (context: FeeContext) => context.claimCount ?? 10;

/**
 * A fee of a base plus so much per claim, by bands of annuity years: each band applies up to and
 * including its year; years past the last band pay `after`.
 */
function basePlusPerClaim(
  bands: readonly (readonly [upToYear: number, base: number, perClaim: number])[],
  after: readonly [base: number, perClaim: number],
): (context: FeeContext) => string {
  return (context) => {
    const band = bands.find(([upTo]) => context.annuityYear <= upTo);
    const [base, perClaim] = band ? [band[1], band[2]] : after;
    return String(base + perClaim * claims(context));
  };
}

type OfficeTerm = 'lastAnnuityYear' | 'graceMonths';

/** An office's schedule; unless it says otherwise, renewals run to the 20th year with six months' grace. */
function office(rule: Omit<OfficeRule, OfficeTerm> & Partial<Pick<OfficeRule, OfficeTerm>>): OfficeRule {
  return { lastAnnuityYear: 20, graceMonths: 6, ...rule };
}

export const OFFICES: readonly OfficeRule[] = [
  office({
    code: 'EP',
    name: 'European Patent Office',
    currency: 'EUR',
    dueDateRule: 'FILING_ANNIVERSARY_END_OF_MONTH',
    firstAnnuityYear: 3,
    requiresGrant: false,
    officeFee: byYear(3, [690, 845, 1000, 1155, 1315, 1470, 1625, 1690]),
    graceSurcharge: percentOf(50),
    agentFee: null,
    weight: 14,
  }),
  office({
    code: 'US',
    name: 'United States Patent and Trademark Office',
    currency: 'USD',
    dueDateRule: 'US_MAINTENANCE',
    firstAnnuityYear: 4,
    lastAnnuityYear: 12,
    requiresGrant: true,
    officeFee: (context) => {
      const large = context.annuityYear <= 4 ? 2150 : context.annuityYear <= 8 ? 4040 : 8280;
      const factor = context.applicantType === 'MICRO' ? 0.2 : context.applicantType === 'SMALL' ? 0.4 : 1;
      return new Big(large).times(factor).toFixed(2);
    },
    graceSurcharge: fixed('540.00'),
    agentFee: '150.00',
    weight: 16,
  }),
  office({
    code: 'JP',
    name: 'Japan Patent Office',
    currency: 'JPY',
    dueDateRule: 'GRANT_ANNIVERSARY',
    firstAnnuityYear: 4,
    requiresGrant: true,
    officeFee: basePlusPerClaim(
      [
        [6, 10_400, 800],
        [9, 24_800, 1_900],
      ],
      [59_400, 4_600],
    ),
    // The late fee doubles the annuity.
    graceSurcharge: (officeFee) => officeFee,
    agentFee: '18000',
    weight: 9,
  }),
  office({
    code: 'DE',
    name: 'Deutsches Patent- und Markenamt',
    currency: 'EUR',
    dueDateRule: 'FILING_ANNIVERSARY_END_OF_MONTH',
    firstAnnuityYear: 3,
    requiresGrant: true,
    officeFee: byYear(
      3,
      [70, 70, 90, 130, 180, 240, 290, 350, 470, 620, 760, 910, 1060, 1230, 1410, 1590, 1760, 1940],
    ),
    graceSurcharge: fixed('50.00'),
    agentFee: '60.00',
    weight: 9,
  }),
  office({
    code: 'FR',
    name: 'Institut national de la propriété industrielle',
    currency: 'EUR',
    dueDateRule: 'FILING_ANNIVERSARY_END_OF_MONTH',
    firstAnnuityYear: 2,
    requiresGrant: false,
    officeFee: byYear(
      2,
      [38, 38, 38, 38, 76, 96, 136, 180, 220, 260, 300, 350, 400, 460, 520, 580, 640, 700, 760],
    ),
    graceSurcharge: percentOf(50),
    agentFee: '55.00',
    weight: 7,
  }),
  office({
    code: 'GB',
    name: 'UK Intellectual Property Office',
    currency: 'GBP',
    dueDateRule: 'FILING_ANNIVERSARY_END_OF_MONTH',
    firstAnnuityYear: 5,
    requiresGrant: true,
    officeFee: byYear(5, [70, 90, 110, 130, 150, 170, 200, 230, 270, 310, 350, 400, 450, 500, 550, 610]),
    graceSurcharge: fixed('40.00'),
    agentFee: '45.00',
    weight: 7,
  }),
  office({
    code: 'CN',
    name: 'China National Intellectual Property Administration',
    currency: 'CNY',
    dueDateRule: 'FILING_ANNIVERSARY',
    firstAnnuityYear: 3,
    requiresGrant: true,
    officeFee: (context) => {
      const year = context.annuityYear;
      const fee =
        year <= 3 ? 900 : year <= 6 ? 1200 : year <= 9 ? 2000 : year <= 12 ? 4000 : year <= 15 ? 6000 : 8000;
      return String(fee);
    },
    graceSurcharge: percentOf(25),
    agentFee: '600.00',
    weight: 7,
  }),
  office({
    code: 'KR',
    name: 'Korean Intellectual Property Office',
    currency: 'KRW',
    dueDateRule: 'GRANT_ANNIVERSARY',
    firstAnnuityYear: 4,
    requiresGrant: true,
    officeFee: basePlusPerClaim(
      [
        [6, 40_000, 22_000],
        [9, 100_000, 38_000],
        [12, 240_000, 55_000],
      ],
      [360_000, 55_000],
    ),
    graceSurcharge: (officeFee) => new Big(officeFee).times('0.2').toFixed(0),
    agentFee: '150000',
    weight: 5,
  }),
  office({
    code: 'CH',
    name: 'Swiss Federal Institute of Intellectual Property',
    currency: 'CHF',
    dueDateRule: 'FILING_ANNIVERSARY_END_OF_MONTH',
    firstAnnuityYear: 4,
    requiresGrant: true,
    officeFee: byYear(
      4,
      [100, 150, 200, 250, 310, 370, 440, 510, 590, 670, 760, 860, 960, 1070, 1180, 1300, 1420],
    ),
    graceSurcharge: fixed('50.00'),
    agentFee: '80.00',
    weight: 4,
  }),
  office({
    code: 'IT',
    name: 'Ufficio Italiano Brevetti e Marchi',
    currency: 'EUR',
    dueDateRule: 'FILING_ANNIVERSARY_END_OF_MONTH',
    firstAnnuityYear: 5,
    requiresGrant: true,
    officeFee: byYear(5, [60, 90, 120, 170, 200, 230, 310, 410, 440, 470, 500, 530, 560, 590, 620, 650]),
    graceSurcharge: fixed('30.00'),
    agentFee: '50.00',
    weight: 4,
  }),
  office({
    code: 'ES',
    name: 'Oficina Española de Patentes y Marcas',
    currency: 'EUR',
    dueDateRule: 'FILING_ANNIVERSARY_END_OF_MONTH',
    firstAnnuityYear: 3,
    requiresGrant: true,
    officeFee: byYear(
      3,
      [20, 30, 60, 90, 120, 150, 180, 210, 240, 270, 300, 330, 370, 410, 450, 500, 550, 600],
    ),
    graceSurcharge: percentOf(25),
    agentFee: '50.00',
    weight: 3,
  }),
  office({
    code: 'NL',
    name: 'Netherlands Patent Office',
    currency: 'EUR',
    dueDateRule: 'FILING_ANNIVERSARY_END_OF_MONTH',
    firstAnnuityYear: 4,
    requiresGrant: true,
    officeFee: byYear(
      4,
      [50, 160, 240, 320, 400, 480, 560, 640, 720, 800, 880, 960, 1040, 1120, 1200, 1300, 1400],
    ),
    graceSurcharge: percentOf(50),
    agentFee: '55.00',
    weight: 3,
  }),
  office({
    code: 'SE',
    name: 'Swedish Intellectual Property Office',
    currency: 'SEK',
    dueDateRule: 'FILING_ANNIVERSARY_END_OF_MONTH',
    firstAnnuityYear: 3,
    requiresGrant: true,
    officeFee: byYear(
      3,
      [
        800, 900, 1000, 1200, 1400, 1600, 1800, 2000, 2300, 2600, 2900, 3200, 3500, 3800, 4100, 4400, 4700,
        5000,
      ],
    ),
    graceSurcharge: percentOf(20),
    agentFee: '700.00',
    weight: 2,
  }),
  office({
    code: 'DK',
    name: 'Danish Patent and Trademark Office',
    currency: 'DKK',
    dueDateRule: 'FILING_ANNIVERSARY_END_OF_MONTH',
    firstAnnuityYear: 3,
    requiresGrant: true,
    officeFee: byYear(
      3,
      [
        600, 600, 750, 900, 1050, 1200, 1400, 1600, 1850, 2100, 2350, 2600, 2850, 3100, 3350, 3600, 3850,
        4100,
      ],
    ),
    graceSurcharge: fixed('300.00'),
    agentFee: '450.00',
    weight: 2,
  }),
  office({
    code: 'CA',
    name: 'Canadian Intellectual Property Office',
    currency: 'CAD',
    dueDateRule: 'FILING_ANNIVERSARY',
    firstAnnuityYear: 3,
    graceMonths: 12,
    requiresGrant: false,
    officeFee: byYear(
      3,
      [125, 125, 125, 125, 225, 225, 225, 225, 225, 275, 275, 275, 275, 275, 475, 475, 475, 475],
    ),
    graceSurcharge: fixed('150.00'),
    agentFee: '90.00',
    weight: 4,
  }),
  office({
    code: 'AU',
    name: 'IP Australia',
    currency: 'AUD',
    dueDateRule: 'FILING_ANNIVERSARY',
    firstAnnuityYear: 5,
    requiresGrant: false,
    officeFee: byYear(
      5,
      [300, 300, 300, 300, 300, 550, 550, 550, 550, 550, 1100, 1100, 1100, 1100, 1100, 2000],
    ),
    graceSurcharge: fixed('100.00'),
    agentFee: '120.00',
    weight: 4,
  }),
];

const BY_CODE = new Map(OFFICES.map((office) => [office.code, office]));

export function officeRule(code: string): OfficeRule {
  const rule = BY_CODE.get(code);
  if (!rule) throw new Error(`no schedule for office ${code}`);
  return rule;
}

/** US maintenance windows in months after grant, with the annuity year each one covers. */
const US_WINDOWS: readonly (readonly [months: number, annuityYear: number])[] = [
  [42, 4],
  [90, 8],
  [138, 12],
];

export interface ScheduledAnnuity {
  annuityYear: number;
  /** Only when the office numbers payments differently from annuity years (spec: Patent event). */
  paymentSequenceNumber: number | null;
  dueDate: string;
  gracePeriodEndDate: string;
}

/**
 * Every annuity of a patent in this office, in due-date order, from the office's first annuity
 * to the last before expiry. Offices that renew only granted rights start after the grant.
 */
export function annuitySchedule(
  rule: OfficeRule,
  patent: { applicationDate: string; grantDate: string | null; expirationDate: string },
): ScheduledAnnuity[] {
  const schedule: ScheduledAnnuity[] = [];
  const push = (annuityYear: number, dueDate: string, sequence: number | null) => {
    if (dueDate > patent.expirationDate) return;
    schedule.push({
      annuityYear,
      paymentSequenceNumber: sequence === annuityYear ? null : sequence,
      dueDate,
      gracePeriodEndDate: addMonths(dueDate, rule.graceMonths),
    });
  };
  if (rule.dueDateRule === 'US_MAINTENANCE') {
    if (!patent.grantDate) return schedule;
    US_WINDOWS.forEach(([months, annuityYear], index) => {
      push(annuityYear, addMonths(patent.grantDate as string, months), index + 1);
    });
    return schedule;
  }
  if (rule.dueDateRule === 'GRANT_ANNIVERSARY') {
    if (!patent.grantDate) return schedule;
    for (let year = rule.firstAnnuityYear; year <= rule.lastAnnuityYear; year++) {
      // Counted from the registration; the payment number counts only the annuities paid after grant.
      push(year, addYears(patent.grantDate, year - 1), year - rule.firstAnnuityYear + 1);
    }
    return schedule;
  }
  for (let year = rule.firstAnnuityYear; year <= rule.lastAnnuityYear; year++) {
    const anniversary = addYears(patent.applicationDate, year - 1);
    const dueDate =
      rule.dueDateRule === 'FILING_ANNIVERSARY_END_OF_MONTH' ? endOfMonth(anniversary) : anniversary;
    if (rule.requiresGrant && (!patent.grantDate || dueDate <= patent.grantDate)) continue;
    push(year, dueDate, null);
  }
  return schedule;
}
