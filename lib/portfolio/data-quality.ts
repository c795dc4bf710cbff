import { addMonths, monthOf } from '@/lib/format/dates';
import { monthsBetween } from '../format/dates';
import { patentName } from './patent-name';

/**
 * What looks wrong in the portfolio, from what the service told us (the portfolio copy and the
 * renewals the sync holds): each check says what it found, on which patents, and why it matters to
 * someone deciding renewals. A check reports; it never changes anything.
 */
export interface QualityPatent {
  id: string;
  providerId: string | null;
  clientCaseReference: string | null;
  clientFamilyReference: string | null;
  office: string | null;
  owner: string | null;
  status: string | null;
  grantDate: string | null;
  expirationDate: string | null;
  extendedExpirationDate: string | null;
  lapseDate: string | null;
  renewalsManagedFrom: string | null;
}

export interface QualityRenewal {
  patentId: string;
  dueDate: string;
}

/** The due months the copy holds completely, first to last, with no month missing between. */
export interface HeldMonths {
  from: string;
  to: string;
}

const QUALITY_CHECK_IDS = [
  'granted-without-renewals',
  'renewal-after-expiry',
  'missing-expiry',
  'missing-grant-date',
  'shared-provider-id',
  'owner-spellings',
  'family-of-one',
] as const;
export type QualityCheckId = (typeof QUALITY_CHECK_IDS)[number];

interface QualityFinding {
  /** The patent's client's name, for a user of several clients. */
  client?: string;
  patentId: string;
  patent: string;
  detail: string;
}

export interface QualityCheck {
  id: QualityCheckId;
  title: string;
  why: string;
  /** Patents concerned. */
  count: number;
  findings: QualityFinding[];
}

const ABOUT: Record<QualityCheckId, { title: string; why: string }> = {
  'granted-without-renewals': {
    title: 'Granted patents with no renewal listed',
    why: 'A granted patent stays in force only while its renewals are paid. If the service lists none for it, nothing reminds anyone or pays, and the patent can lapse unnoticed.',
  },
  'renewal-after-expiry': {
    title: 'Renewals due after the patent expires',
    why: 'A fee due after the patent has expired buys nothing. Check the expiry date, or the renewal, before paying it.',
  },
  'missing-expiry': {
    title: 'Granted patents without an expiry date',
    why: 'Without an expiry date, the cost to keep a patent to its end and the term left cannot be worked out, and nothing says when renewals should stop.',
  },
  'missing-grant-date': {
    title: 'Granted patents without a grant date',
    why: 'Many offices count renewals from the grant. Without the date, the due dates the service gives cannot be checked.',
  },
  'shared-provider-id': {
    title: 'One provider id on several patents',
    why: 'The provider id is how a patent is found by its reference (the service matches it exactly). Two patents with one id make imports and look-ups ambiguous: a tag or a decision can reach the wrong one.',
  },
  'owner-spellings': {
    title: 'One owner spelt several ways',
    why: 'Filters, reports and budgets by owner split one owner in two, so totals per owner are wrong.',
  },
  'family-of-one': {
    title: 'Family references used by one patent only',
    why: 'A family of one is often a mistyped reference: the family view, its coverage and its past decisions then miss this patent.',
  },
};

/**
 * Offices whose fees are not yearly: US maintenance fees fall 3.5, 7.5 and 11.5 years after grant,
 * so a granted US patent can go four years without one. Elsewhere renewals are yearly.
 */
const MONTHS_BETWEEN_FEES: Record<string, number> = { US: 48 };
const YEARLY = 12;

function expiryOf(patent: QualityPatent): string | null {
  return patent.extendedExpirationDate ?? patent.expirationDate;
}

function isGranted(patent: QualityPatent): boolean {
  return patent.status === 'GRANTED' && patent.lapseDate === null;
}

/** An owner's name compared without case, accents, punctuation or spacing. */
export function ownerKey(owner: string): string {
  return owner
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');
}

export function dataQualityChecks(
  patents: readonly QualityPatent[],
  renewals: readonly QualityRenewal[],
  held: HeldMonths | null,
): QualityCheck[] {
  const name = new Map(patents.map((patent) => [patent.id, patentName(patent)]));
  const found = new Map<QualityCheckId, QualityFinding[]>(QUALITY_CHECK_IDS.map((id) => [id, []]));
  const add = (id: QualityCheckId, patentId: string, detail: string) =>
    found.get(id)?.push({ patentId, patent: name.get(patentId) ?? patentId, detail });

  const renewalsOf = new Map<string, string[]>();
  for (const renewal of renewals) {
    const dates = renewalsOf.get(renewal.patentId);
    if (dates) dates.push(renewal.dueDate);
    else renewalsOf.set(renewal.patentId, [renewal.dueDate]);
  }

  for (const patent of patents) {
    const expiry = expiryOf(patent);
    if (isGranted(patent)) {
      if (patent.expirationDate === null) add('missing-expiry', patent.id, 'Granted; no expiry date.');
      if (patent.grantDate === null) add('missing-grant-date', patent.id, 'Granted; no grant date.');
      if (held && !renewalsOf.has(patent.id)) {
        const gap = MONTHS_BETWEEN_FEES[patent.office ?? ''] ?? YEARLY;
        // Only where a fee must fall inside the months held: they span the office's gap between
        // fees, the patent runs past them, and the service manages its renewals by then.
        const spans = monthsBetween(held.from, held.to) + 1 >= gap;
        const runs = expiry === null || monthOf(expiry) > held.to;
        const managed =
          patent.renewalsManagedFrom === null || monthOf(patent.renewalsManagedFrom) <= held.from;
        if (spans && runs && managed)
          add(
            'granted-without-renewals',
            patent.id,
            `No renewal due from ${held.from} to ${held.to}${expiry ? `; expires ${expiry}` : ''}.`,
          );
      }
    }
    if (expiry) {
      const late = (renewalsOf.get(patent.id) ?? []).filter((due) => due > expiry).sort();
      if (late.length > 0)
        add(
          'renewal-after-expiry',
          patent.id,
          `${late.length === 1 ? 'Renewal' : `${late.length} renewals`} due ${late[0]}${late.length > 1 ? ' and later' : ''}; expires ${expiry}.`,
        );
    }
  }

  const byProviderId = groupBy(patents, (patent) => patent.providerId?.trim() || null);
  for (const [providerId, sharing] of byProviderId)
    if (sharing.length > 1)
      for (const patent of sharing)
        add(
          'shared-provider-id',
          patent.id,
          `Provider id ${providerId}, shared by ${sharing.length} patents.`,
        );

  const byFamily = groupBy(patents, (patent) => patent.clientFamilyReference?.trim() || null);
  for (const [family, members] of byFamily)
    if (members.length === 1 && members[0])
      add('family-of-one', members[0].id, `Family ${family}: no other patent carries it.`);

  const byOwner = groupBy(patents, (patent) => (patent.owner ? ownerKey(patent.owner) || null : null));
  for (const owned of byOwner.values()) {
    const spellings = countBy(owned.map((patent) => patent.owner ?? ''));
    if (spellings.size < 2) continue;
    // The most used spelling is taken as the owner's; the others are reported.
    const [usual, usualCount] = [...spellings].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0] as [
      string,
      number,
    ];
    for (const patent of owned)
      if (patent.owner !== usual)
        add('owner-spellings', patent.id, `“${patent.owner}” beside “${usual}” (${usualCount} patents).`);
  }

  return QUALITY_CHECK_IDS.map((id) => {
    const findings = (found.get(id) ?? []).sort(
      (a, b) => a.patent.localeCompare(b.patent) || a.patentId.localeCompare(b.patentId),
    );
    return { id, ...ABOUT[id], count: new Set(findings.map((finding) => finding.patentId)).size, findings };
  });
}

function groupBy<T>(items: readonly T[], key: (item: T) => string | null): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const value = key(item);
    if (value === null) continue;
    const group = groups.get(value);
    if (group) group.push(item);
    else groups.set(value, [item]);
  }
  return groups;
}

function countBy(values: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return counts;
}

/**
 * The longest run of consecutive months in `months` that contains `current` (or, without it, the
 * longest run): the due months the copy holds completely, for the checks that need a whole span.
 */
export function heldRun(months: readonly string[], current: string): HeldMonths | null {
  const sorted = [...new Set(months)].sort();
  let best: HeldMonths | null = null;
  let start = 0;
  for (let index = 0; index < sorted.length; index++) {
    const next = sorted[index + 1];
    const month = sorted[index] as string;
    if (next === addMonths(month, 1)) continue;
    const run = { from: sorted[start] as string, to: month };
    const holdsCurrent = run.from <= current && current <= run.to;
    const bestHolds = best !== null && best.from <= current && current <= best.to;
    if (
      best === null ||
      (holdsCurrent && !bestHolds) ||
      (holdsCurrent === bestHolds && monthsBetween(run.from, run.to) > monthsBetween(best.from, best.to))
    )
      best = run;
    start = index + 1;
  }
  return best;
}
