import 'server-only';
import { currentYearMonth, daysFrom } from '../../format/dates';
import type { NotificationPreferences } from '../../notifications/preferences';
import { type DueReminder, dueReminders } from '../../notifications/rules';
import { patentName } from '../../portfolio/patent-name';
import type { RenewalRow } from '../../renewals/rows';
import type { TodayBucket } from '../../today/buckets';
import { todayLink } from '../../today/links';
import { type GroupItem, REMINDER_CLASS_TEXT, type ReminderClass } from './compose';

/**
 * What a run's grouped messages list, for people and chat channels alike: each renewal (or batch)
 * under the rule and subject its ledger row is kept by, and how a message shows it.
 */
/** One renewal (or batch) a class would tell: its ledger key and how the message lists it. */
export interface Candidate {
  rule: string;
  subjectKey: string;
  item: GroupItem;
}

function label(row: RenewalRow): string {
  return `${patentName(row)}${row.office ? ` (${row.office})` : ''}`;
}

function renewalLabel(row: RenewalRow): string {
  return `${label(row)}${row.annuityYear !== null ? `, year ${row.annuityYear}` : ''}`;
}

function renewalHref(row: RenewalRow): string {
  return todayLink({ kind: 'renewal', dueDate: row.dueDate, office: row.office });
}

function fee(row: RenewalRow): GroupItem['fee'] {
  return row.fees?.total ? { amount: row.fees.total, currency: row.fees.currency } : null;
}

export function reminderCandidate(reminder: DueReminder): Candidate {
  const { item } = reminder;
  return {
    rule: reminder.rule,
    subjectKey: reminder.subjectKey,
    item: {
      key: item.row.eventId,
      label: renewalLabel(item.row),
      what: reminder.kind === 'due' ? 'due' : 'grace ends',
      deadline: reminder.kind === 'due' ? item.row.dueDate : item.deadline,
      daysLeft: reminder.kind === 'due' ? item.daysLeft : item.daysLeft,
      fee: fee(item.row),
      surcharge: item.surcharge,
      href: renewalHref(item.row),
    },
  };
}

export function unprocessableCandidate(row: RenewalRow, today: string): Candidate {
  return {
    rule: 'unprocessable',
    subjectKey: row.eventId,
    item: {
      key: row.eventId,
      label: renewalLabel(row),
      what: 'UNPROCESSABLE at the service; due',
      deadline: row.dueDate,
      daysLeft: daysFrom(today, row.dueDate),
      fee: fee(row),
      surcharge: null,
      href: renewalHref(row),
    },
  };
}

export function batchCandidate(batch: { id: string; eventCount: number; postedAt: Date | null }): Candidate {
  return {
    rule: 'batch-unknown',
    subjectKey: batch.id,
    item: {
      key: batch.id,
      label: `Batch of ${batch.eventCount} decisions`,
      what: `outcome still unknown${batch.postedAt ? ` (sent ${batch.postedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC)` : ''}; do not send them again before it is settled`,
      deadline: null,
      daysLeft: null,
      fee: null,
      surcharge: null,
      href: todayLink({ kind: 'batch', batchId: batch.id }),
      batch: true,
    },
  };
}

/** Where all of a class's renewals are: the matching bucket on Today. */
export function classLink(
  cls: ReminderClass,
  candidates: readonly Candidate[],
): { href: string; text: string } {
  const title = REMINDER_CLASS_TEXT[cls].title;
  if (cls === 'attention') {
    const batchOnly = candidates.every((candidate) => candidate.item.batch);
    const first = candidates[0];
    if (batchOnly && first && candidates.length === 1)
      return { href: first.item.href, text: 'Open the batch' };
    return {
      href: todayLink({
        kind: 'tracking',
        month: (candidates.find((c) => !c.item.batch)?.item.deadline ?? '').slice(0, 7) || currentYearMonth(),
      }),
      text: 'Open them on the processing board',
    };
  }
  const bucket = cls === 'due' ? 'due-this-month' : 'lapsing-soon';
  return { href: todayLink({ kind: 'today-bucket', bucket }), text: `Open "${title}" on Today` };
}

/** The class candidates for one set of preferences (a person's, or the defaults for a channel). */
export function classCandidates(
  buckets: readonly TodayBucket[],
  prefs: NotificationPreferences,
  today: string,
): { lapse: Candidate[]; due: Candidate[] } {
  const reminders = dueReminders(buckets, prefs, today);
  return {
    lapse: reminders.filter((reminder) => reminder.kind === 'grace').map(reminderCandidate),
    due: reminders.filter((reminder) => reminder.kind === 'due').map(reminderCandidate),
  };
}
