import { scale } from '../../lib/annuity/money';
import {
  addDays,
  addMonths,
  addYears,
  maxDate,
  minDate,
  startOfMonth,
  yearMonthOf,
} from '../domain/calendar';
import { invoiceCurrencyFor } from '../domain/fees';
import { opensAtFor } from '../domain/instructability';
import type { EventRecord, PatentRecord, PortfolioMix, TenantConfig } from '../domain/model';
import { annuitySchedule, officeRule } from '../domain/offices';
import type { IdFactory } from './ids';
import {
  CO_OWNERS,
  OWNERS,
  ownerCode,
  PACIFIC_CO_OWNERS,
  PACIFIC_OWNERS,
  TITLE_PARTS,
  titleFrom,
} from './names';
import type { Random } from './prng';

/**
 * The static part of a generated portfolio: families of patents across the offices of
 * domain/offices.ts, laid out around the tenant's anchor date (its creation date) so that a tenant
 * always has renewals due this month and in the months ahead, and a history behind it. Everything
 * is drawn from one seeded generator in a fixed order: the same (seed, count, anchor) gives the same
 * portfolio, and the ids come from the tenant's IdFactory.
 */

/** Events are generated from this many months before the anchor… */
const HISTORY_MONTHS = 26;
/** …to this many months after it. */
const FUTURE_MONTHS = 36;
/** At most this many events per patent (ids encode the ordinal in 6 bits). */
const MAX_EVENTS_PER_PATENT = 64;

type FamilyKind = 'EUROPEAN_PENDING' | 'EUROPEAN_GRANTED' | 'NATIONAL';

const VALIDATION_OFFICES = ['DE', 'FR', 'GB', 'CH', 'IT', 'ES', 'NL', 'SE', 'DK'] as const;
const FOREIGN_OFFICES = ['US', 'JP', 'CN', 'KR', 'CA', 'AU'] as const;
const NATIONAL_HOMES = [
  'US',
  'JP',
  'DE',
  'FR',
  'GB',
  'CN',
  'KR',
  'CH',
  'IT',
  'ES',
  'NL',
  'SE',
  'CA',
  'AU',
] as const;
const EPC_STATES = [
  'AT',
  'BE',
  'CH',
  'CZ',
  'DE',
  'DK',
  'ES',
  'FI',
  'FR',
  'GB',
  'IE',
  'IT',
  'NL',
  'NO',
  'PL',
  'PT',
  'SE',
  'TR',
];

/** Few owners hold most patents, like a real portfolio: decreasing weight down the list. */
const ownerWeights = (owners: readonly string[]) =>
  owners.map((owner, index) => [owner, 1 / (index + 1)] as const);

/** What distinguishes one portfolio mix (domain/model.ts `PortfolioMix`) from another. */
interface MixRules {
  owners: readonly (readonly [string, number])[];
  coOwners: readonly string[];
  familyKinds: readonly (readonly [FamilyKind, number])[];
  /** The first office of a national family, picked evenly: an office listed twice is twice as likely. */
  nationalHomes: readonly string[];
  /** The further offices of a national family (distinct). */
  nationalOthers: readonly string[];
  familyReferencePrefix: string;
  caseReferencePrefix: string;
  /** providerId, the service's own number, from a base per mix: the two demo clients' never overlap. */
  providerIdBase: number;
}

const MIXES: Record<PortfolioMix, MixRules> = {
  european: {
    owners: ownerWeights(OWNERS),
    coOwners: CO_OWNERS,
    familyKinds: [
      ['EUROPEAN_PENDING', 2],
      ['EUROPEAN_GRANTED', 4],
      ['NATIONAL', 4],
    ],
    nationalHomes: NATIONAL_HOMES,
    nationalOthers: NATIONAL_HOMES,
    familyReferencePrefix: 'FAM-',
    caseReferencePrefix: '',
    providerIdBase: 1_000_000,
  },
  pacific: {
    owners: ownerWeights(PACIFIC_OWNERS),
    coOwners: PACIFIC_CO_OWNERS,
    familyKinds: [
      ['EUROPEAN_PENDING', 1],
      ['EUROPEAN_GRANTED', 1],
      ['NATIONAL', 8],
    ],
    nationalHomes: ['US', 'US', 'US', 'US', 'JP', 'JP', 'JP', 'GB', 'GB', 'CN', 'KR'],
    nationalOthers: ['US', 'JP', 'GB', 'CN', 'KR'],
    familyReferencePrefix: 'PRI-F',
    caseReferencePrefix: 'PRI-',
    providerIdBase: 5_000_000,
  },
};

interface Family {
  index: number;
  owner: string;
  coOwners: string[] | null;
  title: string | null;
  reference: string | null;
  casePrefix: string;
  priorityDate: string;
  kind: FamilyKind;
  offices: string[];
  /** EP filing and grant, shared by the EP application or its national validations. */
  epFilingDate: string;
  epGrantDate: string | null;
  epPublicationNumber: string;
}

/**
 * One copy of each repeated string (dates, months, fee amounts): a 50,000-patent tenant holds
 * hundreds of thousands of events that share a few thousand distinct values.
 */
type Intern = (value: string) => string;

function createIntern(): Intern {
  const values = new Map<string, string>();
  return (value) => {
    const known = values.get(value);
    if (known !== undefined) return known;
    values.set(value, value);
    return value;
  };
}

export function generatePatents(config: TenantConfig, ids: IdFactory, random: Random): PatentRecord[] {
  const patents: PatentRecord[] = [];
  const intern = createIntern();
  const anchor = config.anchorDate;
  for (let familyIndex = 1; patents.length < config.patentCount; familyIndex++) {
    const family = drawFamily(MIXES[config.portfolio], familyIndex, anchor, random);
    for (const office of family.offices) {
      if (patents.length >= config.patentCount) break;
      patents.push(drawPatent(config, family, office, patents.length, ids, random, intern));
    }
  }
  return patents;
}

function drawFamily(mix: MixRules, index: number, anchor: string, random: Random): Family {
  const owner = random.weighted(mix.owners);
  const coOwners = random.chance(0.1) ? random.sample(mix.coOwners, random.int(1, 2)) : null;
  const title = random.chance(0.02)
    ? null
    : titleFrom(
        random.pick(TITLE_PARTS.openers),
        random.pick(TITLE_PARTS.subjects),
        random.pick(TITLE_PARTS.qualifiers),
      );
  const priorityDate = addDays(anchor, -random.int(2 * 365, 18 * 365));
  const epFilingDate = addDays(addMonths(priorityDate, 12), -random.int(0, 20));
  let kind = random.weighted(mix.familyKinds);
  let epGrantDate: string | null = null;
  if (kind === 'EUROPEAN_GRANTED') {
    const grant = addDays(epFilingDate, random.int(3 * 365, 6 * 365));
    if (grant < addDays(anchor, -60)) epGrantDate = grant;
    else kind = 'EUROPEAN_PENDING';
  }
  const offices: string[] = [];
  if (kind === 'EUROPEAN_PENDING') {
    offices.push(
      'EP',
      ...random.sample(
        FOREIGN_OFFICES,
        random.weighted([
          [0, 3],
          [1, 4],
          [2, 2],
          [3, 1],
        ]),
      ),
    );
  } else if (kind === 'EUROPEAN_GRANTED') {
    const validations = new Set<string>(['DE', 'FR', 'GB'].filter(() => random.chance(0.8)));
    for (const office of random.sample(VALIDATION_OFFICES, random.int(0, 3))) validations.add(office);
    if (validations.size === 0) validations.add('DE');
    offices.push(...VALIDATION_OFFICES.filter((office) => validations.has(office)));
    offices.push(
      ...random.sample(
        FOREIGN_OFFICES,
        random.weighted([
          [0, 4],
          [1, 4],
          [2, 2],
        ]),
      ),
    );
  } else {
    const home = random.pick(mix.nationalHomes);
    offices.push(home);
    const others = random.sample(
      mix.nationalOthers.filter((office) => office !== home),
      random.weighted([
        [0, 5],
        [1, 3],
        [2, 2],
      ]),
    );
    offices.push(...others);
  }
  return {
    index,
    owner,
    coOwners,
    title,
    reference: random.chance(0.94) ? `${mix.familyReferencePrefix}${String(index).padStart(5, '0')}` : null,
    casePrefix: `${mix.caseReferencePrefix}${ownerCode(owner)}${String(index).padStart(5, '0')}`,
    priorityDate,
    kind,
    offices,
    epFilingDate,
    epGrantDate,
    epPublicationNumber: `EP${random.int(2_500_000, 4_400_000)}`,
  };
}

function drawPatent(
  config: TenantConfig,
  family: Family,
  office: string,
  ordinal: number,
  ids: IdFactory,
  random: Random,
  intern: Intern,
): PatentRecord {
  const anchor = config.anchorDate;
  const isFirst = family.offices[0] === office;
  const isValidation =
    family.kind === 'EUROPEAN_GRANTED' && (VALIDATION_OFFICES as readonly string[]).includes(office);

  // Filing route and the dates that follow from it.
  let filingRoute: PatentRecord['filingRoute'];
  let applicationDate: string;
  let nationalPhaseEntryDate: string | null = null;
  let pctApplicationNumber: string | null = null;
  let priorityDate: string | null = family.priorityDate;
  if (office === 'EP' || isValidation) {
    filingRoute = 'EP';
    applicationDate = family.epFilingDate;
  } else if (isFirst && family.kind === 'NATIONAL') {
    filingRoute = 'NATIONAL';
    applicationDate = family.priorityDate;
    if (random.chance(0.3)) priorityDate = null;
  } else if (random.chance(0.7)) {
    filingRoute = 'PCT';
    applicationDate = addDays(addMonths(family.priorityDate, 12), -random.int(0, 15));
    nationalPhaseEntryDate = addDays(
      addMonths(family.priorityDate, random.pick([30, 31])),
      -random.int(0, 20),
    );
    pctApplicationNumber = `PCT/${family.offices[0] === 'EP' ? 'EP' : (family.offices[0] ?? 'US')}${applicationDate.slice(0, 4)}/0${random.digits(5)}`;
  } else {
    filingRoute = 'NATIONAL';
    applicationDate = addDays(addMonths(family.priorityDate, 12), -random.int(5, 30));
  }
  let subCase: string | null = null;
  if (filingRoute !== 'EP' && random.chance(0.03)) {
    filingRoute = 'DIVISIONAL';
    subCase = `D${random.int(1, 2)}`;
  }

  const publicationDateCandidate = addDays(
    maxDate(applicationDate, addMonths(family.priorityDate, 18)),
    random.int(0, 60),
  );
  const publicationDate = publicationDateCandidate <= anchor ? publicationDateCandidate : null;
  let grantDate: string | null = null;
  if (isValidation) grantDate = family.epGrantDate;
  else if (office !== 'EP') {
    const candidate = addDays(applicationDate, random.int(Math.round(2.5 * 365), 6 * 365));
    // Most national rights in a renewal portfolio are granted; some are still pending.
    if (candidate <= addDays(anchor, -30) && random.chance(0.93)) grantDate = candidate;
  }
  const expirationDate = addYears(applicationDate, 20);
  let extendedExpirationDate: string | null = null;
  if (grantDate && office === 'US' && random.chance(0.12)) {
    extendedExpirationDate = addDays(expirationDate, random.int(30, 900));
  } else if (grantDate && (office === 'JP' || office === 'KR') && random.chance(0.04)) {
    extendedExpirationDate = addYears(expirationDate, random.int(1, 5));
  }
  const status: PatentRecord['status'] = grantDate ? 'GRANTED' : publicationDate ? 'PUBLISHED' : 'PENDING';

  const managedFrom = random.chance(0.06)
    ? null
    : startOfMonth(maxDate(applicationDate, addMonths(anchor, -random.int(6, 40))));
  const createdDate = minDate(anchor, managedFrom ?? addMonths(anchor, -30));
  const createdAt = timestamp(createdDate, random);
  const updatedAt = random.chance(0.3)
    ? maxTimestamp(createdAt, timestamp(addDays(anchor, -random.int(1, 200)), random))
    : createdAt;

  const claimCount = random.chance(0.04) ? null : random.int(5, 40);
  const applicantType: PatentRecord['applicantType'] =
    office === 'US'
      ? random.weighted([
          ['LARGE', 7],
          ['SMALL', 2],
          ['MICRO', 1],
        ])
      : random.chance(0.8)
        ? 'LARGE'
        : null;
  const patentType: PatentRecord['patentType'] = random.chance(0.02)
    ? null
    : office === 'US'
      ? 'UTILITY'
      : 'PATENT';

  const patent: PatentRecord = {
    ordinal,
    id: ids.id('patent', ordinal),
    providerId: random.chance(0.03)
      ? null
      : `PAM-${String(MIXES[config.portfolio].providerIdBase + ordinal * 7 + random.int(0, 6))}`,
    clientCaseReference: random.chance(0.02)
      ? null
      : `${family.casePrefix}${office}${subCase ? `-${subCase}` : ''}`,
    clientFamilyReference: family.reference,
    title: family.title,
    office,
    patentType,
    applicationNumber: random.chance(0.01) ? null : applicationNumberFor(office, applicationDate, random),
    applicationDate,
    nationalPhaseEntryDate,
    priorityDate,
    publicationNumber: publicationDate
      ? office === 'EP' || isValidation
        ? `${family.epPublicationNumber}A1`
        : publicationNumberFor(office, publicationDate, random)
      : null,
    publicationDate:
      publicationDate && isValidation
        ? minDate(publicationDate, family.epGrantDate ?? publicationDate)
        : publicationDate,
    grantPublicationNumber: grantDate
      ? isValidation
        ? `${family.epPublicationNumber}B1`
        : grantNumberFor(office, random)
      : null,
    grantDate,
    pctApplicationNumber,
    expirationDate,
    extendedExpirationDate,
    lapseDate: null,
    renewalsManagedFrom: managedFrom,
    status,
    filingRoute,
    applicantType,
    claimCount,
    designatedCountries: office === 'EP' ? random.sample(EPC_STATES, random.int(6, EPC_STATES.length)) : null,
    owner: random.chance(0.01) ? null : family.owner,
    secondaryOwners: family.coOwners ? [...family.coOwners] : null,
    subCase,
    createdAt,
    updatedAt,
    events: [],
  };
  patent.events = drawEvents(config, patent, ids, intern);
  return patent;
}

function drawEvents(
  config: TenantConfig,
  patent: PatentRecord,
  ids: IdFactory,
  intern: Intern,
): EventRecord[] {
  const rule = officeRule(patent.office);
  if (!patent.applicationDate || !patent.expirationDate) return [];
  const anchor = config.anchorDate;
  const windowStart = maxDate(patent.renewalsManagedFrom ?? '0000-01-01', addMonths(anchor, -HISTORY_MONTHS));
  const windowEnd = addMonths(anchor, FUTURE_MONTHS);
  const schedule = annuitySchedule(rule, {
    applicationDate: patent.applicationDate,
    grantDate: patent.grantDate,
    expirationDate: patent.expirationDate,
  }).filter((annuity) => annuity.dueDate >= windowStart && annuity.dueDate <= windowEnd);
  const patentCreatedDate = patent.createdAt.slice(0, 10);
  return schedule.slice(0, MAX_EVENTS_PER_PATENT).map((annuity, index): EventRecord => {
    const context = {
      annuityYear: annuity.annuityYear,
      claimCount: patent.claimCount,
      applicantType: patent.applicantType,
    };
    const officeFee = intern(scale(rule.officeFee(context), rule.currency));
    const createdDate = minDate(anchor, maxDate(patentCreatedDate, addMonths(annuity.dueDate, -15)));
    const createdAt = intern(`${createdDate}T02:00:00.000Z`);
    return {
      id: ids.id('event', patent.ordinal * MAX_EVENTS_PER_PATENT + index),
      patent,
      eventType: 'RENEWAL',
      dueDate: intern(annuity.dueDate),
      gracePeriodEndDate: intern(annuity.gracePeriodEndDate),
      annuityYear: annuity.annuityYear,
      paymentSequenceNumber: annuity.paymentSequenceNumber,
      dueMonth: intern(yearMonthOf(annuity.dueDate)),
      opensAt: intern(opensAtFor(annuity.dueDate)),
      officeCurrency: rule.currency,
      officeFee,
      agentFee: rule.agentFee === null ? null : intern(scale(rule.agentFee, rule.currency)),
      graceSurcharge: intern(scale(rule.graceSurcharge(officeFee), rule.currency)),
      invoiceCurrency: invoiceCurrencyFor(config, patent.office),
      createdAt,
      updatedAt: createdAt,
      appliedDecision: null,
      processingStatus: 'NOT_INSTRUCTED',
      processingStatusUpdatedAt: null,
      instruction: null,
      invoiceLine: null,
      officialReceipt: null,
      removed: false,
    };
  });
}

function timestamp(date: string, random: Random): string {
  const time = [random.int(6, 18), random.int(0, 59), random.int(0, 59)].map((part) =>
    String(part).padStart(2, '0'),
  );
  return `${date}T${time.join(':')}.${String(random.int(0, 999)).padStart(3, '0')}Z`;
}

function maxTimestamp(a: string, b: string): string {
  return a > b ? a : b;
}

/** Application numbers as offices print them (spec: "as recorded, no normalization"). */
function applicationNumberFor(office: string, filingDate: string, random: Random): string {
  const year = filingDate.slice(0, 4);
  const yy = year.slice(2);
  switch (office) {
    case 'EP':
      return `${yy} ${random.digits(3)} ${random.digits(3)}.${random.int(0, 9)}`;
    case 'US':
      return `${random.int(14, 18)}/${random.digits(3)},${random.digits(3)}`;
    case 'JP':
      return `${year}-${random.digits(6)}`;
    case 'CN':
      return `${year}1${random.digits(7)}.${random.pick(['X', '1', '5', '8'])}`;
    case 'KR':
      return `10-${year}-${random.digits(7)}`;
    case 'DE':
      return `10 ${year} ${random.digits(3)} ${random.digits(3)}.${random.int(0, 9)}`;
    case 'GB':
      return `GB${yy}${random.digits(5)}.${random.int(0, 9)}`;
    case 'FR':
      return `FR${yy}${random.digits(5)}`;
    case 'CA':
      return `3${random.digits(6)}`;
    case 'AU':
      return `${year}${random.digits(6)}`;
    default:
      return `${office}${year}${random.digits(6)}`;
  }
}

function publicationNumberFor(office: string, publicationDate: string, random: Random): string {
  const year = publicationDate.slice(0, 4);
  switch (office) {
    case 'US':
      return `US${year}/0${random.digits(6)}A1`;
    case 'JP':
      return `JP${year}-${random.digits(6)}A`;
    case 'CN':
      return `CN1${random.digits(8)}A`;
    case 'KR':
      return `KR10-${year}-${random.digits(7)}A`;
    case 'DE':
      return `DE10${year}${random.digits(6)}A1`;
    case 'GB':
      return `GB2${random.digits(6)}A`;
    default:
      return `${office}${random.digits(7)}A1`;
  }
}

function grantNumberFor(office: string, random: Random): string {
  switch (office) {
    case 'US':
      return `US${random.int(10, 12)},${random.digits(3)},${random.digits(3)}B2`;
    case 'JP':
      return `JP${random.int(6, 7)}${random.digits(6)}B2`;
    case 'CN':
      return `CN1${random.digits(8)}B`;
    case 'KR':
      return `KR10-${random.digits(7)}B1`;
    default:
      return `${office}${random.digits(7)}B1`;
  }
}
