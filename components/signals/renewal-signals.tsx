import { formatMoney } from '@/lib/annuity/money';
import { formatDate } from '@/lib/format/dates';
import { plural } from '@/lib/format/plural';
import { costToKeepClause, costToKeepText } from '@/lib/signals/cost-to-keep';
import { keepSentence } from '@/lib/signals/keep-score';
import { decisionWord, type RenewalSignals, termLeftLabel } from '@/lib/signals/signals';

/**
 * The signals beside a renewal (lib/signals/signals.ts) as a definition list: drawn by the patent
 * page on the server and by the month view's signals disclosure in the browser. No hooks, no fetch.
 */
export function RenewalSignalsList({ signals, locale }: { signals: RenewalSignals; locale: string }) {
  const money = (amount: string, currency: string) => formatMoney(amount, currency, locale);
  const year = (date: string) => date.slice(0, 4);
  const rows: [string, string][] = [];
  const points = (value: number) => (value > 0 ? `+${value}` : value < 0 ? `−${-value}` : '0');
  rows.push([
    'Keep score',
    `${signals.keep.score} of 100: ${keepSentence(signals, signals.keep, locale)} (${signals.keep.reasons
      .map((reason) => `${reason.factor} ${points(reason.points)}`)
      .join(', ')})`,
  ]);

  const cost = costToKeepText(signals.costToExpiry, money);
  const renewals = signals.costToExpiry.reduce((n, line) => n + line.renewals, 0);
  rows.push([
    'Cost to keep',
    signals.forecastTo === null
      ? // No forecast yet (a fresh start): nothing is known of the renewals ahead.
        'Not known yet: the forecast is being built'
      : cost
        ? `${cost} (${plural(renewals, 'renewal')} in the forecast${
            signals.unpricedRenewals > 0 ? `, ${signals.unpricedRenewals} more without an estimate` : ''
          })${signals.beyondForecast ? `; the term runs past the forecast (to ${year(signals.forecastTo)})` : ''}`
        : costToKeepClause(signals, money).replace(/^./, (first) => first.toUpperCase()),
  ]);
  rows.push([
    'Term left',
    signals.term
      ? `${termLeftLabel(signals.term)} (to ${formatDate(signals.term.expiry, locale)}${signals.term.extended ? ', extended' : ''})`
      : 'No expiry date known',
  ]);
  rows.push(['Annuity year', signals.annuityYear === null ? '—' : String(signals.annuityYear)]);
  rows.push([
    'Late surcharge',
    signals.surcharge
      ? `${money(signals.surcharge.amount, signals.surcharge.currency)}${signals.inGrace ? ' (in grace now)' : ''}`
      : // Spec, Fees rule 2: the GRACE_PERIOD component appears only once payment falls in grace.
        'None now; the service prices it only once the grace period starts',
  ]);
  rows.push([
    'Family',
    signals.family
      ? `${signals.family.reference}: ${signals.family.kept} of ${signals.family.members} kept`
      : 'No family reference',
  ]);
  rows.push([
    'Last decisions on the family',
    signals.decisions.length === 0
      ? 'None yet'
      : signals.decisions
          .map((decision) =>
            `${decision.office ?? '?'} ${decision.caseReference ?? ''} annuity ${decision.annuityYear ?? '?'}: ${decisionWord(decision.decision)} (due ${formatDate(decision.dueDate, locale)})`.replace(
              /\s+/g,
              ' ',
            ),
          )
          .join('; '),
  ]);
  rows.push(['Tags', signals.tags.length === 0 ? 'None' : signals.tags.join(', ')]);

  return (
    <dl
      className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]"
      data-testid="renewal-signals"
    >
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-muted-foreground">{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
      {signals.family && signals.family.offices.length > 0 ? (
        <div className="contents">
          <dt className="text-muted-foreground">Family offices</dt>
          <dd>
            <ul className="flex flex-wrap gap-1" aria-label="Family offices">
              {signals.family.offices.map((office) => (
                <li
                  key={office.patentId}
                  className={
                    office.kept
                      ? 'rounded border px-1.5 text-xs'
                      : 'rounded border border-dashed px-1.5 text-xs text-muted-foreground line-through'
                  }
                >
                  {office.office}
                  <span className="sr-only">{office.kept ? ' kept' : ' not kept'}</span>
                </li>
              ))}
            </ul>
          </dd>
        </div>
      ) : null}
    </dl>
  );
}
