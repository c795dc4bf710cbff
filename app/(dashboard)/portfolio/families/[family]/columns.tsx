import { PatentLink } from '@/components/portfolio/patent-link';
import { formatMoney } from '@/lib/annuity/money';
import { formatDate } from '@/lib/format/dates';
import { type FamilyMember, MEMBER_STATE_LABELS } from '@/lib/portfolio/family';
import { decisionLabel } from '@/lib/renewals/labels';
import { costToKeepText } from '@/lib/signals/cost-to-keep';
import type { TableColumn } from '@/lib/table/columns';

/**
 * The family's patents by office; the cost to keep is per currency, never added across them. With
 * `labelled` (a user of several clients), first the member's client.
 */
export function memberColumns(locale: string, labelled = false): TableColumn<FamilyMember>[] {
  return [
    ...(labelled
      ? [{ id: 'client', header: 'Client', cell: (member: FamilyMember) => member.client ?? '—' }]
      : []),
    { id: 'office', header: 'Office', cell: (member) => member.office ?? '—' },
    {
      id: 'patent',
      header: 'Patent',
      cell: (member) => <PatentLink patentId={member.patentId}>{member.name}</PatentLink>,
    },
    { id: 'state', header: 'State', cell: (member) => MEMBER_STATE_LABELS[member.state] },
    {
      id: 'next',
      header: 'Next renewal',
      cell: (member) => (member.next ? formatDate(member.next.dueDate, locale) : '—'),
    },
    {
      id: 'lastDecision',
      header: 'Last decision',
      cell: ({ lastDecision }) =>
        lastDecision
          ? `${decisionLabel(lastDecision.decision)?.label ?? lastDecision.decision} (due ${formatDate(lastDecision.dueDate, locale)})`
          : '—',
    },
    {
      id: 'costToExpiry',
      header: 'Cost to keep (forecast)',
      align: 'end',
      cell: (member) =>
        costToKeepText(member.costToExpiry, (amount, currency) => formatMoney(amount, currency, locale)) ||
        '—',
    },
  ];
}
