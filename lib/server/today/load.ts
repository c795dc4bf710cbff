/**
 * `lib/server/today/`: the Today page from our database only: `load.ts` gathers the sections each
 * role sees (`renewals.ts` the renewal buckets, `draft.ts` the draft, `approvals.ts`,
 * `invoices.ts`, `changes.ts` what changed since the last visit (`visits.ts`), `keep.ts` the keep
 * line of listed rows, `manager.ts` and `admin.ts` their sections); `first-screen.ts` what the
 * first screen carries, the rest handed off (`renewals/handoff.ts`, `/api/today/items`).
 */
import 'server-only';
import { monthOf } from '../../format/dates';
import { can, type Role } from '../../policy/roles';
import { bucketRenewals, limitItems } from '../../today/buckets';
import type { BucketView, Section, SectionProblem, TodayData } from '../../today/data';
import { bucketLinkCount, todayLink } from '../../today/links';
import {
  renewalRef,
  splitScheduled,
  UNPROCESSABLE_RECENT_DAYS,
  unprocessableNow,
} from '../../today/sections';
import { clientScopeOf } from '../clients/scope';
import { serviceToday } from '../connection/service-day';
import { scheduledDecisions } from '../decisions/batch-records';
import { loadOrProblem } from '../errors/error-mapping';
import { type WindowClients, windowClients } from '../renewals/window';
import { rowsAge } from '../sync/copy';
import { loadAdminSection } from './admin';
import { loadApprovalsAttention } from './approvals';
import { loadChanges } from './changes';
import { type CatalogWithStatuses, loadFinanceSection, readCatalogWithStatuses } from './invoices';
import { withKeepLines } from './keep';
import { loadManagerSection } from './manager';
import { readTodayRenewals, type TodayRenewals } from './renewals';
import { recordTodayVisit } from './visits';

/**
 * Today for one viewer: the sections of their role, each loaded on its own so a failing part
 * shows its problem on that part while the others still show. Shared reads (the
 * renewal windows, the invoice catalog) are made once per request and handed to every section
 * that needs them.
 */
export interface TodayViewer {
  userId: string;
  role: Role;
}

async function section<T>(requestId: string, load: () => Promise<T>): Promise<Section<T>> {
  const loaded = await loadOrProblem(requestId, load, 'a Today section');
  if (loaded.ok) return loaded;
  const { title, detail, status, code } = loaded.problem;
  const problem: SectionProblem = { title, detail, status, code, requestId: loaded.problem.requestId };
  return { ok: false, problem };
}

/** A shared read: every section that needs it fails with its problem when it failed. */
async function settle<T>(read: Promise<T>): Promise<{ value: T } | { error: unknown }> {
  try {
    return { value: await read };
  } catch (error) {
    return { error };
  }
}

function settledValue<T>(settled: { value: T } | { error: unknown }): T {
  if ('error' in settled) throw settled.error;
  return settled.value;
}

export async function loadToday(
  viewer: TodayViewer,
  requestId: string,
  now = new Date(),
  /** The request's clients (its scope and `client` filter); by default all the viewer's. */
  clientsOfRequest?: WindowClients,
): Promise<TodayData> {
  const { role } = viewer;
  const clients = clientsOfRequest ?? windowClients(await clientScopeOf(viewer.userId));
  // The service's day, not UTC's: days left and the buckets turn at its midnight (spec: Limits 2).
  const today = await serviceToday(now, clients.connections);
  const decides = can(role, 'decisions:write');
  const readsRenewals = can(role, 'renewals:read');
  const readsInvoices = can(role, 'invoices:read');
  const isManager = can(role, 'rate-freezes:read');
  const showsLists = decides && !isManager;

  const [renewalsRead, invoicesRead, since, scheduledRead] = await Promise.all([
    readsRenewals ? settle(readTodayRenewals(today, requestId, clients, now, { partial: true })) : null,
    readsInvoices ? settle(readCatalogWithStatuses(requestId, clients.connections, clients.labelOf)) : null,
    settle(recordTodayVisit(viewer.userId, now)),
    // Our own batch records: which renewals the service accepted and scheduled (no upstream call).
    readsRenewals ? settle(scheduledDecisions()) : null,
  ]);
  // A renewal the service scheduled is neither undecided nor executed: it leaves the buckets for
  // a section of its own (lib/today/sections.ts, splitScheduled).
  const split =
    renewalsRead && 'value' in renewalsRead && scheduledRead
      ? splitScheduled(renewalsRead.value.rows, 'value' in scheduledRead ? scheduledRead.value : new Map())
      : null;
  const rowsOrNull = (read: typeof renewalsRead): TodayRenewals | null =>
    read && 'value' in read ? read.value : null;
  const invoicesOrNull = (read: typeof invoicesRead): CatalogWithStatuses | null =>
    read && 'value' in read ? read.value : null;

  const renewals = renewalsRead
    ? await section(requestId, async () => {
        const read = settledValue(renewalsRead);
        // Links and counts from whole buckets; only the most urgent items travel to the page.
        if (scheduledRead) settledValue(scheduledRead);
        // A bucket past the month view's range (renewals lapsed years ago) says how many its link lists.
        const listed: BucketView[] = bucketRenewals(split?.rest ?? read.rows, today).map((bucket) => {
          const linked = bucketLinkCount(bucket);
          return limitItems({
            ...bucket,
            href: todayLink({ kind: 'bucket', bucket, today }),
            ...(linked < bucket.count ? { linked } : {}),
          });
        });
        // Rows with their keep score only where they are listed (the manager sees counts).
        const buckets = showsLists ? await withKeepLines(listed, now, clients.connections) : listed;
        // The age of what the section shows: the oldest read among its buckets' renewals, not of
        // every month Today reads (a look-back month read long ago beside months read minutes ago).
        const shown = bucketRenewals(split?.rest ?? read.rows, today).flatMap((bucket) =>
          bucket.items.map((item) => item.row),
        );
        const copy = await rowsAge(read.copy, shown, clients.connections);
        return {
          today,
          windows: read.windows,
          buckets,
          renewalsRead: read.rows.length - read.openOutside,
          openOutside: read.openOutside,
          upstreamCalls: read.upstreamCalls,
          fetchedAt: copy.asOf ?? new Date().toISOString(),
          copy,
        };
      })
    : null;

  // Batches waiting for approval, for those who approve them or prepared them.
  const approvals =
    can(role, 'approvals:decide') || decides
      ? section(requestId, () => loadApprovalsAttention(viewer))
      : null;
  // UNPROCESSABLE renewals for those who track and decide: the audience and the rule of the "needs
  // attention" notification (lib/server/notifications/evaluate.ts), so both name the same renewals.
  const unprocessable =
    renewalsRead && can(role, 'tracking:read')
      ? section(requestId, async () => ({
          items: unprocessableNow(settledValue(renewalsRead).rows, now).map(renewalRef),
          recentDays: UNPROCESSABLE_RECENT_DAYS,
          trackingHref: todayLink({ kind: 'tracking', month: monthOf(today) }),
        }))
      : null;
  const [finance, manager, admin, changes] = await Promise.all([
    invoicesRead
      ? section(requestId, () =>
          loadFinanceSection(
            settledValue(invoicesRead),
            rowsOrNull(renewalsRead)?.rows ?? null,
            today,
            requestId,
          ),
        )
      : null,
    isManager
      ? section(requestId, () =>
          loadManagerSection({
            buckets: renewals?.ok ? renewals.data.buckets : null,
            rows: rowsOrNull(renewalsRead)?.rows ?? null,
            windows: rowsOrNull(renewalsRead)?.windows ?? [],
            invoices: invoicesOrNull(invoicesRead),
            today,
            now,
            requestId,
            clients,
          }),
        )
      : null,
    role === 'admin' ? section(requestId, () => loadAdminSection(clients, now)) : null,
    section(requestId, async () =>
      loadChanges({
        userId: viewer.userId,
        since: settledValue(since),
        rows: rowsOrNull(renewalsRead)?.rows ?? null,
        invoices: invoicesOrNull(invoicesRead),
        showBatches: decides,
        connections: clients.connections,
      }),
    ),
  ]);

  return {
    role,
    today,
    // Finance and the manager see the renewals as counts and sums: a first read of their months is
    // said at the top of the page, as on the paralegal's (components/shell/copy-age-notice.tsx).
    renewalsCopy: showsLists ? null : (rowsOrNull(renewalsRead)?.copy ?? null),
    // The manager sees the paralegal buckets as counts (in the manager section), not as lists.
    renewals: showsLists ? renewals : null,
    finance,
    manager,
    admin,
    changes,
    approvals: await approvals,
    unprocessable: await unprocessable,
    scheduled:
      renewalsRead && scheduledRead
        ? await section(requestId, async () => {
            settledValue(renewalsRead);
            settledValue(scheduledRead);
            return { items: split?.scheduled ?? [] };
          })
        : null,
  };
}
