import 'server-only';
import { type CurrencyTotal, formatMoney, formatTotals, sumByCurrency } from '../../annuity/money';
import { formatDate, formatZonedTimestamp } from '../../format/dates';
import { patentName } from '../../portfolio/patent-name';
import { TODAY_BUCKET_TEXT, type TodayBucket, type TodayItem } from '../../today/buckets';
import { todayLink } from '../../today/links';

/**
 * The text of every message: a subject, a plain-text part and an HTML part saying the same. The
 * HTML is plain semantic markup (a heading, lists, links named by what they open) with no images,
 * no remote resources and no tracking of any kind.
 */
export interface ComposedMessage {
  subject: string;
  /** One line for the in-app list. */
  summary: string;
  /** The address (path) the message is about, for the in-app list. */
  href: string;
  text: string;
  html: string;
}

export interface Line {
  text: string;
  href?: string;
}

export interface Section {
  heading: string;
  intro?: string;
  lines: Line[];
}

function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

function absolute(baseUrl: string, href: string): string {
  return new URL(href, baseUrl).toString();
}

function render(
  baseUrl: string,
  subject: string,
  summary: string,
  href: string,
  sections: Section[],
  footer: Line,
): ComposedMessage {
  const text = [
    subject,
    '',
    ...sections.flatMap((section) => [
      section.heading,
      ...(section.intro ? [section.intro] : []),
      ...section.lines.map(
        (line) => `- ${line.text}${line.href ? `\n  ${absolute(baseUrl, line.href)}` : ''}`,
      ),
      '',
    ]),
    `${footer.text}${footer.href ? `: ${absolute(baseUrl, footer.href)}` : ''}`,
    '',
  ].join('\n');
  const item = (line: Line) =>
    line.href
      ? `<li><a href="${escapeHtml(absolute(baseUrl, line.href))}">${escapeHtml(line.text)}</a></li>`
      : `<li>${escapeHtml(line.text)}</li>`;
  const html = [
    '<!doctype html>',
    '<html lang="en">',
    `<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>`,
    '<body style="font-family: system-ui, sans-serif; line-height: 1.5; color: #111;">',
    '<main>',
    `<h1 style="font-size: 1.25rem;">${escapeHtml(subject)}</h1>`,
    ...sections.flatMap((section) => [
      `<section><h2 style="font-size: 1.05rem;">${escapeHtml(section.heading)}</h2>`,
      ...(section.intro ? [`<p>${escapeHtml(section.intro)}</p>`] : []),
      section.lines.length > 0 ? `<ul>${section.lines.map(item).join('')}</ul>` : '',
      '</section>',
    ]),
    footer.href
      ? `<p><a href="${escapeHtml(absolute(baseUrl, footer.href))}">${escapeHtml(footer.text)}</a></p>`
      : `<p>${escapeHtml(footer.text)}</p>`,
    '</main>',
    '</body>',
    '</html>',
  ].join('\n');
  return { subject, summary, href, text, html };
}

/** A line's client, when the reader works for several clients (spec: Authentication rule 2). */
function clientPrefix(client: string | undefined): string {
  return client ? `${client} — ` : '';
}

function renewalLabel(item: TodayItem): string {
  const reference = patentName(item.row);
  const year = item.row.annuityYear !== null ? `, year ${item.row.annuityYear}` : '';
  return `${reference}${item.row.office ? ` (${item.row.office})` : ''}${year}`;
}

function renewalHref(item: TodayItem): string {
  return todayLink({ kind: 'renewal', dueDate: item.row.dueDate, office: item.row.office });
}

const SETTINGS_LINE: Line = { text: 'Change what you receive', href: '/settings/notifications' };
const DIGEST_ITEMS_SHOWN = 10;

export function composeDigest(
  baseUrl: string,
  input: {
    frequency: 'daily' | 'weekly';
    localDate: string;
    buckets: readonly TodayBucket[];
    /** Invoices first seen since the previous digest (finance's part), with their client if labelled. */
    newInvoices?: readonly { id: string; reference: string; client?: string }[];
    /** The client of a renewal (by event id), for a person working for several; else no label. */
    clientOfRenewal?: (eventId: string) => string;
    today: string;
    /**
     * When our copy of the service had read the oldest of the renewals it lists (the copy's read,
     * not the poll that read the copy): how old its facts are. Null: it lists none.
     */
    readAt: Date | null;
    /**
     * Renewals the alerts already told this person (since the previous digest, or in this run):
     * counted, not listed again.
     */
    absorbed?: ReadonlySet<string>;
    /** Sections that lead the digest: this run's due-soon reminders ride in it. */
    lead?: readonly Section[];
  },
): ComposedMessage {
  const absorbed = input.absorbed ?? new Set<string>();
  // Every bucket keeps its count and totals as Today shows them (its link opens all of them);
  // only the renewals not told yet are listed.
  const shown = input.buckets.filter((bucket) => bucket.items.length > 0);
  const lead = input.lead ?? [];
  const count = shown.reduce((sum, bucket) => sum + bucket.items.length, 0);
  const invoices = input.newInvoices ?? [];
  const what = [
    ...(count > 0 || invoices.length === 0 ? [`${count} waiting`] : []),
    ...(invoices.length > 0 ? [`${invoices.length} new invoice${invoices.length === 1 ? '' : 's'}`] : []),
  ].join(', ');
  const subject = `${input.frequency === 'daily' ? 'Daily' : 'Weekly'} renewals digest for ${formatDate(input.localDate)}: ${what}`;
  const sections: Section[] = shown.map((bucket) => {
    const text = TODAY_BUCKET_TEXT[bucket.id];
    const totals = bucket.totals.length > 0 ? ` Estimated: ${formatTotals(bucket.totals)}.` : '';
    const missing = bucket.withoutEstimate > 0 ? ` ${bucket.withoutEstimate} without an estimate.` : '';
    const fresh = bucket.items.filter((item) => !absorbed.has(item.row.eventId));
    const told = bucket.items.length - fresh.length;
    const repeated =
      told > 0 ? ` ${told} of them already in your reminders (above or in an alert), not listed again.` : '';
    const lines: Line[] = fresh.slice(0, DIGEST_ITEMS_SHOWN).map((item) => ({
      text: `${clientPrefix(input.clientOfRenewal?.(item.row.eventId))}${renewalLabel(item)}: ${bucket.id === 'in-grace' || bucket.id === 'lapsing-soon' ? 'grace ends' : bucket.id === 'opening-soon' ? 'opens' : 'due'} ${formatDate(item.deadline)}${item.row.fees?.total ? `, ${formatMoney(item.row.fees.total, item.row.fees.currency)}` : ''}`,
      href: renewalHref(item),
    }));
    // The section's last line opens its bucket on Today, where it is decided in one action; the
    // card links on to the month view.
    lines.push({
      text: `Open all ${bucket.items.length} in "${text.title}" on Today`,
      href: todayLink({ kind: 'today-bucket', bucket: bucket.id }),
    });
    return {
      heading: `${text.title}: ${bucket.items.length}`,
      intro: `${text.description}${totals}${missing}${repeated}`,
      lines,
    };
  });
  if (invoices.length > 0)
    sections.push({
      heading: `New invoices: ${invoices.length}`,
      intro: 'Received from the service since the previous digest; check and reconcile them.',
      lines: [
        ...invoices.slice(0, DIGEST_ITEMS_SHOWN).map((invoice) => ({
          text: `${clientPrefix(invoice.client)}Invoice ${invoice.reference}`,
          href: todayLink({ kind: 'invoice', invoiceId: invoice.id }),
        })),
        {
          text: 'Open the invoices to reconcile',
          href: todayLink({ kind: 'invoices', status: ['unmarked'] }),
        },
      ],
    });
  sections.unshift(...lead);
  if (sections.length === 0)
    sections.push({ heading: 'Nothing waiting', intro: 'No renewal needs a decision now.', lines: [] });
  if (input.readAt)
    sections.push({
      heading: 'As of',
      intro: `What it lists was read from the service on ${formatZonedTimestamp(input.readAt)} or later.`,
      lines: [],
    });
  // The in-app notification opens where the email's links do, not on plain Today:
  // the most urgent bucket shown (buckets come in Today's order), else the invoices to reconcile.
  const first = shown[0];
  const href = first
    ? todayLink({ kind: 'today-bucket', bucket: first.id })
    : invoices.length > 0
      ? todayLink({ kind: 'invoices', status: ['unmarked'] })
      : '/';
  return render(baseUrl, subject, what, href, sections, SETTINGS_LINE);
}

export function composeBatchUnknown(
  baseUrl: string,
  input: { batchId: string; decisions: number; postedAt: Date | null },
): ComposedMessage {
  const subject = `Batch of ${input.decisions} decisions: outcome still unknown`;
  const href = todayLink({ kind: 'batch', batchId: input.batchId });
  const intro = `A batch sent${input.postedAt ? ` at ${input.postedAt.toISOString()}` : ''} has no known outcome yet; the dashboard keeps checking it against the service. Do not send the same decisions again before it is settled.`;
  return render(
    baseUrl,
    subject,
    intro,
    href,
    [{ heading: 'Batch outcome unknown', intro, lines: [{ text: 'Open the batch', href }] }],
    SETTINGS_LINE,
  );
}

/** A batch waits for an approver, or an approver decided on the recipient's batch. */
export function composeApproval(
  baseUrl: string,
  input: { subject: string; intro: string; href: string; linkText: string },
): ComposedMessage {
  return render(
    baseUrl,
    input.subject,
    input.intro,
    input.href,
    [{ heading: input.subject, intro: input.intro, lines: [{ text: input.linkText, href: input.href }] }],
    SETTINGS_LINE,
  );
}

/**
 * The classes a run groups its reminders into: each person gets at most one message per class and
 * run, listing what is new to them, most urgent first.
 */
export const REMINDER_CLASSES = ['lapse', 'due', 'attention', 'escalation'] as const;
export type ReminderClass = (typeof REMINDER_CLASSES)[number];

export const REMINDER_CLASS_TEXT: Record<ReminderClass, { title: string; description: string }> = {
  lapse: {
    title: 'About to lapse',
    description:
      'Past the due date, in the grace period: after its end the office no longer accepts payment.',
  },
  due: { title: 'Due soon', description: 'No decision yet, with the due date near.' },
  attention: {
    title: 'Needs attention',
    description: 'The service could not process an instructed renewal, or a batch has no known outcome.',
  },
  escalation: {
    title: 'Escalated: lapsing with no decision',
    description:
      'The grace period ends within days, nobody has decided the renewal or put it in a batch, although it was shown to the people named.',
  },
};

/** One renewal (or batch) in a grouped message. */
export interface GroupItem {
  /** The renewal's event id (or the batch id): the thread a message about it joins. */
  key: string;
  label: string;
  /** What the date is: "grace ends", "due", "UNPROCESSABLE, due". */
  what: string;
  deadline: string | null;
  daysLeft: number | null;
  fee: { amount: string; currency: string } | null;
  surcharge: { amount: string; currency: string } | null;
  href: string;
  /** Escalation: who it was shown to. */
  note?: string;
  /** A batch, not a renewal: no estimate expected. */
  batch?: boolean;
  /** The client's name, when the reader works for several clients. */
  client?: string;
}

/** A long list is cut after this many, with "and N more" and the link to all of them on Today. */
export const GROUP_ITEMS_SHOWN = 10;

/** Most urgent first: the nearest deadline, then the label (stable across runs and instances). */
export function byUrgency(a: GroupItem, b: GroupItem): number {
  return (
    (a.deadline ?? '9999-12-31').localeCompare(b.deadline ?? '9999-12-31') || a.label.localeCompare(b.label)
  );
}

function days(value: number | null): string {
  if (value === null) return '';
  if (value < 0) return ` (${-value} day${value === -1 ? '' : 's'} ago)`;
  if (value === 0) return ' (today)';
  return ` (in ${value} day${value === 1 ? '' : 's'})`;
}

export function groupLine(item: GroupItem): Line {
  const date = item.deadline ? ` ${formatDate(item.deadline)}${days(item.daysLeft)}` : '';
  const fee = item.fee ? `, fee ${formatMoney(item.fee.amount, item.fee.currency)}` : '';
  const surcharge = item.surcharge
    ? `, surcharge at stake ${formatMoney(item.surcharge.amount, item.surcharge.currency)}`
    : '';
  const note = item.note ? `. ${item.note}` : '';
  return {
    text: `${clientPrefix(item.client)}${item.label}: ${item.what}${date}${fee}${surcharge}${note}`,
    href: item.href,
  };
}

/** Totals per currency of the fees and of the surcharges at stake, never added across currencies. */
export function groupTotals(items: readonly GroupItem[]): {
  fees: CurrencyTotal[];
  surcharges: CurrencyTotal[];
  withoutEstimate: number;
} {
  const fees = sumByCurrency(
    items.flatMap((item) => (item.fee ? [{ amount: item.fee.amount, currency: item.fee.currency }] : [])),
  );
  const surcharges = sumByCurrency(
    items.flatMap((item) =>
      item.surcharge ? [{ amount: item.surcharge.amount, currency: item.surcharge.currency }] : [],
    ),
  );
  const renewals = items.filter((item) => !item.batch);
  return { fees, surcharges, withoutEstimate: renewals.filter((item) => !item.fee).length };
}

/** One class's section: the intro with totals, the most urgent items, "and N more" with the link. */
function groupSection(
  heading: string,
  description: string,
  items: readonly GroupItem[],
  all: { href: string; text: string },
): Section {
  const sorted = [...items].sort(byUrgency);
  const totals = groupTotals(sorted);
  const intro = [
    description,
    totals.fees.length > 0 ? `Estimated fees: ${formatTotals(totals.fees)}.` : '',
    totals.surcharges.length > 0 ? `Grace surcharges at stake: ${formatTotals(totals.surcharges)}.` : '',
    totals.withoutEstimate > 0 ? `${totals.withoutEstimate} without an estimate.` : '',
  ]
    .filter(Boolean)
    .join(' ');
  const lines = sorted.slice(0, GROUP_ITEMS_SHOWN).map(groupLine);
  const more = sorted.length - GROUP_ITEMS_SHOWN;
  lines.push(
    more > 0 ? { text: `and ${more} more: ${all.text}`, href: all.href } : { text: all.text, href: all.href },
  );
  return { heading, intro, lines };
}

/** A class's items in a grouped message, and where all of them are on Today. */
export interface ClassGroup {
  cls: ReminderClass;
  items: readonly GroupItem[];
  /** Where all of them are: the matching bucket on Today (or the tracking board). */
  all: { href: string; text: string };
}

/** A class's section of a grouped message, headed with its count. */
export function classSection(group: ClassGroup): Section {
  const text = REMINDER_CLASS_TEXT[group.cls];
  return groupSection(`${text.title}: ${group.items.length}`, text.description, group.items, group.all);
}

/**
 * One grouped message of a class: its renewals most urgent first, the first named in the subject
 * (with its client, for a reader of several), totals per currency, the list cut after
 * GROUP_ITEMS_SHOWN with the link to the bucket on Today. `also`: the sections of classes that
 * ride in this message rather than in one of their own (a run sends a person at most three).
 */
export function composeGroup(
  baseUrl: string,
  input: ClassGroup & { also?: readonly ClassGroup[]; footer?: Line },
): ComposedMessage {
  const text = REMINDER_CLASS_TEXT[input.cls];
  const sorted = [...input.items].sort(byUrgency);
  const first = sorted[0];
  const rest = sorted.length - 1;
  const firstText = first
    ? `${clientPrefix(first.client)}${first.label}, ${first.what}${first.deadline ? ` ${formatDate(first.deadline)}` : ''}`
    : 'nothing new';
  const subject = `${text.title}: ${firstText}${rest > 0 ? ` and ${rest} more` : ''}`;
  const sections = [input, ...(input.also ?? [])].map(classSection);
  const summary = `${sorted.length} renewal${sorted.length === 1 ? '' : 's'}; first ${firstText}`;
  return render(baseUrl, subject, summary, input.all.href, sections, input.footer ?? SETTINGS_LINE);
}
