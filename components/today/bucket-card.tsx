'use client';

import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { CurrencyTotals } from '@/components/money/currency-totals';
import { AnnuityYear } from '@/components/renewals/annuity-year';
import { InstructabilityBadge } from '@/components/renewals/instructability-badge';
import { useLocale } from '@/components/shell/locale';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { NativeSelect } from '@/components/ui/native-select';
import type { Decision } from '@/lib/annuity/enums';
import { formatMoney } from '@/lib/annuity/money';
import type { Draft, DraftEntry } from '@/lib/decisions/draft';
import { entryFromRow } from '@/lib/decisions/entry-from-row';
import { formatDate } from '@/lib/format/dates';
import { useApiMutation } from '@/lib/forms/use-api-mutation';
import { apiFetch, problemMessage } from '@/lib/http/api-client';
import { patentName } from '@/lib/portfolio/patent-name';
import { decisionLabel } from '@/lib/renewals/labels';
import { bucketAnchor } from '@/lib/today/anchor';
import { TODAY_BUCKET_TEXT, type TodayItem } from '@/lib/today/buckets';
import type { BucketView } from '@/lib/today/data';
import type { RefusedEntry } from '@/lib/today/draft-merge';
import { FIRST_ROWS, type TodayRest } from '@/lib/today/first-screen';
import type { ItemLinks } from '@/lib/today/view-links';
import { CostOfWaiting } from './cost-of-waiting';
import { KeepLineNote } from './keep-line';

/** One fetch per page for every card: the kept items of all buckets come together. */
const restFetches = new Map<string, Promise<TodayRest>>();
function fetchRest(handoff: string): Promise<TodayRest> {
  let fetching = restFetches.get(handoff);
  if (!fetching) {
    fetching = apiFetch<TodayRest>(`/api/today/items?handoff=${encodeURIComponent(handoff)}`);
    // A failure is not kept: the next click asks again.
    fetching.catch(() => restFetches.delete(handoff));
    restFetches.set(handoff, fetching);
  }
  return fetching;
}

interface Added {
  added: number;
  changed: number;
  refused: RefusedEntry[];
  draft: Draft;
}

/** What the click sends: the entries the service offers the decision for, and how many were left out. */
interface Adding {
  entries: DraftEntry[];
  skipped: number;
}

function daysText(days: number, bucket: BucketView['id']): string {
  if (bucket === 'opening-soon')
    return days <= 0 ? 'opens today' : `opens in ${days} ${days === 1 ? 'day' : 'days'}`;
  if (days === 0) return 'last day today';
  if (days < 0) return `${-days} ${days === -1 ? 'day' : 'days'} ago`;
  return `${days} ${days === 1 ? 'day' : 'days'} left`;
}

/**
 * One Today bucket: counts and totals per currency, its renewals ordered by deadline, and the one
 * action that adds the whole bucket (or the rows ticked) to the decision draft with the decision
 * chosen; each renewal takes it only when the service offers it (spec: Instruction rules).
 */
export function BucketCard({
  bucket,
  itemLinks,
  canDecide,
  draftHref,
  rest = null,
  today,
  focused = false,
}: {
  bucket: BucketView;
  /** Where the items beyond the first screen are kept (RenewalsSection.rest), when some are. */
  rest?: string | null;
  today: string;
  /** Opened from a link to this bucket (a digest's): shown whole, highlighted and focused. */
  focused?: boolean;
  /** Per event id: where it is acted on, its patent, and the earlier renewal blocking it. */
  itemLinks: Record<string, ItemLinks>;
  canDecide: boolean;
  draftHref: string;
}) {
  const locale = useLocale();
  const headingId = useId();
  const decisionId = useId();
  const text = TODAY_BUCKET_TEXT[bucket.id];
  const [showAll, setShowAll] = useState(focused);
  const cardRef = useRef<HTMLElement>(null);
  useEffect(() => {
    // Keyboard and screen-reader users land where the link pointed, not at the top of the page.
    if (focused) cardRef.current?.focus();
  }, [focused]);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [decision, setDecision] = useState<Decision | ''>(bucket.decisions[0] ?? '');
  // What went wrong before the write (loading the rest, no renewal offers the decision); the
  // write's own failure is the mutation's.
  const [notice, setNotice] = useState<string | null>(null);
  const add = useApiMutation<Adding, Added>({
    mutationFn: ({ entries }) => apiFetch<Added>('/api/today/draft', { method: 'POST', json: { entries } }),
    failure: 'The draft could not be saved. Try again.',
    onSuccess: () => setSelected(new Set()),
  });
  // The bucket's items beyond the first screen, once fetched (bucket.listed says how many there are).
  const [more, setMore] = useState<{ items: TodayItem[]; links: Record<string, ItemLinks> } | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const items = more?.items ?? bucket.items;
  const links = useMemo(() => (more ? { ...itemLinks, ...more.links } : itemLinks), [itemLinks, more]);
  const listedItems = bucket.listed?.items ?? bucket.items.length;
  const listedDecidable = bucket.listed?.decidable ?? null;

  const decidable = useMemo(() => items.filter((item) => item.decisions.length > 0), [items]);
  const shown = showAll ? items : items.slice(0, FIRST_ROWS);
  const selectedTargets = decidable.filter((item) => selected.has(item.row.eventId));

  /** Every item the server holds for the bucket: fetched the first time it is needed. */
  async function allItems(): Promise<TodayItem[]> {
    if (more || !bucket.listed || !rest) return items;
    setLoadingMore(true);
    try {
      const fetched = (await fetchRest(rest))[bucket.id] ?? { items: bucket.items, links: {} };
      setMore(fetched);
      return fetched.items;
    } finally {
      setLoadingMore(false);
    }
  }

  async function toggleShowAll() {
    if (showAll) return setShowAll(false);
    try {
      await allItems();
      setShowAll(true);
    } catch (error) {
      setNotice(problemMessage(error, 'The other renewals could not be loaded. Try again.'));
    }
  }

  async function addToDraft() {
    if (!decision) return;
    let targets: TodayItem[];
    try {
      targets =
        selected.size > 0 ? selectedTargets : (await allItems()).filter((item) => item.decisions.length > 0);
    } catch (error) {
      setNotice(problemMessage(error, 'The other renewals could not be loaded. Try again.'));
      return;
    }
    const offered = targets.filter((item) => item.decisions.includes(decision));
    if (offered.length === 0) {
      setNotice(`None of these renewals can take ${decisionLabel(decision)?.label ?? decision} now.`);
      return;
    }
    setNotice(null);
    add.mutate({
      entries: offered.map((item) => entryFromRow(item.row, decision)),
      skipped: targets.length - offered.length,
    });
  }

  function toggle(eventId: string, on: boolean) {
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(eventId);
      else next.delete(eventId);
      return next;
    });
  }

  const count = bucket.count;
  const partial = listedItems < count;
  const decidableCount = listedDecidable ?? decidable.length;
  return (
    <Card
      ref={cardRef}
      id={bucketAnchor(bucket.id)}
      aria-labelledby={headingId}
      data-bucket={bucket.id}
      data-focused={focused ? 'true' : undefined}
      tabIndex={focused ? -1 : undefined}
      className={focused ? 'scroll-mt-4 ring-2 ring-primary ring-offset-2 outline-none' : 'scroll-mt-4'}
    >
      <CardHeader>
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <CardTitle id={headingId}>
            {text.title} <span className="tabular-nums text-muted-foreground">({count})</span>
          </CardTitle>
          <a className="text-sm text-primary underline" href={bucket.href}>
            {count === 0
              ? 'Open the month view'
              : bucket.linked !== undefined
                ? // The month view takes a year at most: it lists the latest of the bucket's renewals.
                  `Open the latest ${bucket.linked} of ${count} in the month view`
                : `Open ${count === 1 ? 'it' : `these ${count}`} in the month view`}
          </a>
        </div>
        <CardDescription>{text.description}</CardDescription>
        {focused ? <p className="text-sm font-medium text-primary">Opened from your link.</p> : null}
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {count === 0 ? (
          <p className="text-sm text-muted-foreground">Nothing here today.</p>
        ) : (
          <>
            <CurrencyTotals
              totals={bucket.totals}
              label={`${text.title}: estimated fees per currency`}
              withCounts
            />
            {bucket.surcharges.length > 0 ? (
              <div className="flex flex-wrap items-baseline gap-2 text-sm">
                <span className="text-warning">Grace surcharges included:</span>
                <CurrencyTotals
                  totals={bucket.surcharges}
                  label={`${text.title}: grace surcharges per currency`}
                />
              </div>
            ) : null}
            {bucket.withoutEstimate > 0 ? (
              <p className="text-xs text-muted-foreground">
                {bucket.withoutEstimate} without an estimate (not in the totals).
              </p>
            ) : null}
            <ul
              className="flex flex-col divide-y rounded-md border"
              aria-label={`${text.title}: renewals by deadline`}
            >
              {shown.map((item) => {
                const rowLinks = links[item.row.eventId];
                const name = patentName(item.row);
                return (
                  <li
                    key={item.row.eventId}
                    className="flex flex-wrap items-center gap-x-4 gap-y-1 px-3 py-2 text-sm"
                    data-event-id={item.row.eventId}
                  >
                    {canDecide && item.decisions.length > 0 ? (
                      <Checkbox
                        aria-label={`Select ${name}, due ${formatDate(item.row.dueDate, locale)}`}
                        checked={selected.has(item.row.eventId)}
                        onCheckedChange={(on) => toggle(item.row.eventId, on)}
                      />
                    ) : (
                      <span className="inline-block size-4" aria-hidden="true" />
                    )}
                    <a className="font-medium text-primary underline" href={rowLinks?.renewal}>
                      {name}
                    </a>
                    <span className="text-muted-foreground">
                      {item.row.client ? `${item.row.client.name} · ` : null}
                      {item.row.office ?? '—'} · year{' '}
                      <AnnuityYear year={item.row.annuityYear} paymentSequence={item.row.paymentSequence} /> ·
                      due {formatDate(item.row.dueDate, locale)}
                    </span>
                    <span className="font-medium tabular-nums" data-days-left={item.daysLeft}>
                      {daysText(item.daysLeft, bucket.id)}
                    </span>
                    {item.row.fees?.total ? (
                      <span className="tabular-nums">
                        {formatMoney(item.row.fees.total, item.row.fees.currency, locale)}
                      </span>
                    ) : null}
                    <CostOfWaiting row={item.row} today={today} locale={locale} />
                    <InstructabilityBadge instructability={item.row.instructability} />
                    <KeepLineNote keep={item.keep} locale={locale} />
                    {item.underReview ? (
                      <span className="text-xs font-medium text-warning">{item.underReview}</span>
                    ) : null}
                    {item.earlier ? (
                      <span className="text-xs">
                        Decide first:{' '}
                        <a className="text-primary underline" href={rowLinks?.earlier ?? rowLinks?.patent}>
                          {item.earlier.dueDate
                            ? `the renewal due ${formatDate(item.earlier.dueDate, locale)}${item.earlier.annuityYear ? ` (year ${item.earlier.annuityYear})` : ''}`
                            : 'the earlier renewal of this patent'}
                        </a>
                        {rowLinks?.earlierOnPatent ? (
                          <>
                            {' '}
                            (
                            <a className="text-primary underline" href={rowLinks.earlierOnPatent}>
                              in the patent&apos;s renewals
                            </a>
                            )
                          </>
                        ) : null}
                      </span>
                    ) : null}
                  </li>
                );
              })}
            </ul>
            {listedItems > FIRST_ROWS ? (
              <Button
                type="button"
                variant="ghost"
                size="sm"
                className="self-start"
                disabled={loadingMore}
                aria-expanded={showAll}
                onClick={() => void toggleShowAll()}
              >
                {showAll
                  ? `Show the first ${FIRST_ROWS}`
                  : loadingMore
                    ? 'Loading…'
                    : `Show ${partial ? `the first ${listedItems}` : `all ${count}`}`}
              </Button>
            ) : null}
            {canDecide && decidableCount > 0 && bucket.decisions.length > 0 ? (
              <div className="flex flex-wrap items-end gap-2 border-t pt-3">
                <div className="flex flex-col gap-1">
                  <label htmlFor={decisionId} className="text-xs font-medium">
                    Decision
                  </label>
                  <NativeSelect
                    id={decisionId}
                    value={decision}
                    onChange={(event) => setDecision(event.target.value as Decision)}
                  >
                    {bucket.decisions.map((value) => (
                      <option key={value} value={value}>
                        {decisionLabel(value)?.label ?? value}
                      </option>
                    ))}
                  </NativeSelect>
                </div>
                <Button
                  type="button"
                  onClick={addToDraft}
                  disabled={add.isPending || loadingMore || !decision}
                >
                  {add.isPending
                    ? 'Adding…'
                    : selected.size > 0
                      ? `Add ${selectedTargets.length} selected to the draft`
                      : partial
                        ? `Add the first ${decidableCount} to the draft`
                        : `Add all ${decidableCount} to the draft`}
                </Button>
              </div>
            ) : null}
            <div aria-live="polite" className="text-sm">
              {notice ? (
                <p className="text-destructive">{notice}</p>
              ) : add.failureMessage ? (
                <p className="text-destructive">{add.failureMessage}</p>
              ) : add.data && add.variables ? (
                <>
                  <p data-testid="draft-outcome">
                    {add.data.added} added
                    {add.data.changed > 0 ? `, ${add.data.changed} changed` : ''} — the draft holds{' '}
                    {add.data.draft.entries.length}.{' '}
                    <a className="text-primary underline" href={draftHref}>
                      Review and send
                    </a>
                    {add.variables.skipped > 0
                      ? ` ${add.variables.skipped} could not take this decision and were left out.`
                      : ''}
                    {add.data.refused.length > 0 ? ` ${add.data.refused.length} refused:` : ''}
                  </p>
                  {add.data.refused.length > 0 ? (
                    <ul className="list-disc pl-5 text-xs text-muted-foreground">
                      {add.data.refused.slice(0, 10).map((entry) => (
                        <li key={entry.eventId}>{entry.reason}</li>
                      ))}
                    </ul>
                  ) : null}
                </>
              ) : null}
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}
