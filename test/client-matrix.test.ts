import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AnnuityClient } from '@/lib/annuity/client';
import type { PatentEvent } from '@/lib/annuity/schemas';
import {
  decisionDraft,
  mailMessage,
  notification,
  patentTag,
  renewalBudget,
  reviewHold,
  standingInstruction,
  syncWindow,
} from '@/lib/db/schema';
import type { BatchView } from '@/lib/decisions/batch';
import { draftEntryOf } from '@/lib/decisions/testing';
import { addMonths, currentYearMonth } from '@/lib/format/dates';
import { ROLES, type Role } from '@/lib/policy/roles';
import { DEFAULT_CONNECTION } from '@/lib/server/connection/default-connection';
import { allows } from '@/lib/server/http/route';
import { calendarForToken } from '@/lib/server/notifications/calendar-feed';
import { pdfText } from '@/sandbox/tests/pdf-text';
import { jsonRequest } from './app-harness';
import { grantClientsAs, setUpTwoClients } from './client-grants';
import { putDraftAs } from './draft-fixtures';
import { renderPage } from './page-walk';
import { appFiles, type DiscoveredRoute, discoverRoutes } from './routes';

/**
 * The role × client matrix (spec: Authentication 1, a key is one client's; rule 2, all data is
 * scoped to the client). Users of every role are granted the second client only; the first
 * client's records (patents, renewals, families, invoices, batches, draft items, tags and notes,
 * standing instructions, budgets, review holds, saved views, notifications, outbox messages, audit
 * entries) were made while everyone still worked for both. Then every route handler under
 * app/api (found on disk: a new one fails the matrix until it is classified below), every page
 * under app/(dashboard) with the layout around it, every export (CSV, XLSX, PDF), the calendar
 * feed and the reminders, digests and in-app notifications are asked for the first client's ids:
 * the answer is 404 or an answer that mentions none of them, never the data, never a 403 or a
 * 500; and the lists carry the second client's rows. Refresh now spends only the second client's
 * quota.
 */

const request = vi.hoisted(() => ({ cookie: '' }));
// Pages read the request through next/headers: here it is the session of the role asked.
vi.mock('next/headers', () => ({
  headers: async () => new Headers({ cookie: request.cookie, 'x-pathname': '/' }),
  cookies: async () => {
    const jar = new Map(
      request.cookie
        .split(/;\s*/)
        .filter(Boolean)
        .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)] as const),
    );
    return { get: (name: string) => (jar.has(name) ? { name, value: jar.get(name) } : undefined) };
  },
}));

const root = fileURLToPath(new URL('..', import.meta.url));
const SECOND = 'other-client';
const SECOND_NAME = 'Other Client';
const FIRST_NAME = 'Default client';
const FIRST_TAG = 'first-only-tag';
const FIRST_NOTE = 'FIRST-CLIENT-NOTE-4711';
const FIRST_DISPUTE = 'FIRST-CLIENT-DISPUTE-0815';

const app = setUpTwoClients({
  first: { patents: 14, seed: 21 },
  second: { patents: 14, seed: 22 },
  secondClient: SECOND_NAME,
  sync: true,
});

/** One client's records, as its own service lists them, and ours about them. */
interface Records {
  month: string;
  patentId: string;
  /** The patent's case reference, as a tag import names it. */
  caseReference: string;
  eventId: string;
  /**
   * A family reference of the client's. Each client names its own families, and two may use the
   * same reference (the stand-in's tenants do): the page of a reference shows the viewer's family.
   */
  family: string;
  families: Set<string>;
  invoiceId: string;
  /** An open renewal the service takes a SKIP for. */
  open: PatentEvent;
  batchId: string;
  /** What must never reach a user of the other client: ids, case references, names, our notes. */
  marks: Set<string>;
}

const records = {} as Record<'first' | 'second', Records>;
/** The first client's rows of our own database, by what they are. */
const firstRows = {
  holdId: '',
  instructionId: '',
  budgetId: '',
  viewId: '',
  scenarioViewId: '',
  notificationId: '',
  messageId: '',
  keyId: '',
};
let routes: DiscoveredRoute[];

async function recordsOf(service: AnnuityClient): Promise<Omit<Records, 'batchId' | 'family'>> {
  const marks = new Set<string>();
  const { data: invoices } = await service.getInvoices({ itemsPerPage: 100 });
  const invoice = invoices.data.find((candidate) => candidate.fees.some((line) => line.eventId));
  for (const each of invoices.data) marks.add(each.id);
  const { data: patents } = await service.getPatents({ itemsPerPage: 100 });
  let open: PatentEvent | undefined;
  let month = currentYearMonth();
  const families = new Set<string>();
  const eventId = invoice?.fees.find((line) => line.eventId)?.eventId ?? '';
  let patentId = '';
  for (const patent of patents.data) {
    marks.add(patent.id);
    for (const text of [patent.clientCaseReference, patent.applicationNumber, patent.publicationNumber])
      if (text && text.length >= 6) marks.add(text);
    if (patent.clientFamilyReference) families.add(patent.clientFamilyReference);
    const { data: events } = await service.getPatentEvents(patent.id);
    for (const event of events) {
      marks.add(event.id);
      if (event.id === eventId) patentId = patent.id;
      if (!open && event.instructability?.allowedDecisions.includes('SKIP_THIS_TIME')) open = event;
      if (event.eventType === 'RENEWAL' && event.dueDate.slice(0, 7) > month && month === currentYearMonth())
        month = event.dueDate.slice(0, 7);
    }
  }
  if (!open) throw new Error('no open renewal');
  const caseReference = patents.data.find((patent) => patent.id === patentId)?.clientCaseReference ?? '';
  return { month, patentId, caseReference, eventId, families, invoiceId: invoice?.id ?? '', open, marks };
}

/** Calls one route handler as a role, with its params, query and body. */
async function ask(
  route: Pick<DiscoveredRoute, 'file' | 'method' | 'handler'>,
  role: Role,
  { params = {}, query = '', body }: { params?: Record<string, string>; query?: string; body?: unknown } = {},
): Promise<Response> {
  const url = route.file
    .replace(/^app/, '')
    .replace(/\/route\.ts$/, '')
    .replace(/\[(\w+)\]/g, (_, name: string) => encodeURIComponent(params[name] ?? name));
  return route.handler(
    jsonRequest(`${url}${query ? `?${query}` : ''}`, {
      method: route.method,
      cookie: app.cookies[role],
      body,
    }),
    { params: Promise.resolve(params) },
  );
}

async function routeOf(file: string, method: DiscoveredRoute['method']): Promise<DiscoveredRoute> {
  const found = routes.find((route) => route.file === file && route.method === method);
  if (!found) throw new Error(`no ${method} ${file}`);
  return found;
}

/** An answer's text as its reader sees it: a PDF's words, a workbook's cells, or the body. */
async function readAnswer(response: Response): Promise<string> {
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('pdf')) return pdfText(Buffer.from(await response.arrayBuffer()));
  if (type.includes('spreadsheet')) {
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await response.arrayBuffer());
    const cells: string[] = [];
    book.eachSheet((sheet) => {
      cells.push(sheet.name);
      sheet.eachRow((row) => {
        row.eachCell((cell) => {
          cells.push(String(cell.text));
        });
      });
    });
    return cells.join('\n');
  }
  return response.text();
}

/** The first client's marks a text carries (those the second client shares are not marks). */
const leaksIn = (text: string) => [...records.first.marks].filter((mark) => text.includes(mark));
const showsSecond = (text: string) => [...records.second.marks].some((mark) => text.includes(mark));

beforeAll(async () => {
  // A page refuses a role with forbidden(), which Next allows only with experimental.authInterrupts.
  process.env.__NEXT_EXPERIMENTAL_AUTH_INTERRUPTS = 'true';
  routes = await discoverRoutes(root);
  const db = app.harness.database.db;
  const { first: firstService, second: secondService } = app.services;
  const first = await recordsOf(firstService);
  const second = await recordsOf(secondService);

  // One batch per client, sent by the manager (who still works for both).
  const draft = await putDraftAs(app.cookies.manager, [
    draftEntryOf(first.open, 'SKIP_THIS_TIME'),
    draftEntryOf(second.open, 'SKIP_THIS_TIME'),
  ]);
  const { POST: send } = await import('@/app/api/decisions/batches/route');
  const sent = (await (
    await send(
      jsonRequest('/api/decisions/batches', {
        method: 'POST',
        cookie: app.cookies.manager,
        body: { batchKey: draft.batchKey, dropConfirmations: [] },
      }),
    )
  ).json()) as { batches: BatchView[] };
  const batchOf = (connection: string) =>
    sent.batches.find((batch) => batch.connection === connection)?.id ?? '';
  // A reference both clients use: the first client's note on its family stays the first's.
  const family = [...first.families].find((reference) => second.families.has(reference)) ?? '';
  records.first = { ...first, family, batchId: batchOf(DEFAULT_CONNECTION) };
  records.second = { ...second, family, batchId: batchOf(SECOND) };
  for (const key of ['patentId', 'caseReference', 'eventId', 'invoiceId', 'batchId', 'family'] as const)
    expect(records.first[key], key).not.toBe('');

  // The first client's notes, made through the routes as a user of both would.
  const { POST: tag } = await import('@/app/api/tags/route');
  const tagged = await tag(
    jsonRequest('/api/tags', {
      method: 'POST',
      cookie: app.cookies.manager,
      body: { scope: 'patent', targets: [first.patentId], add: [FIRST_TAG] },
    }),
  );
  expect(tagged.status, await tagged.clone().text()).toBe(200);
  const { PUT: note } = await import('@/app/api/notes/route');
  const noted = await note(
    jsonRequest('/api/notes', {
      method: 'PUT',
      cookie: app.cookies.manager,
      body: { scope: 'family', target: records.first.family, note: FIRST_NOTE, client: DEFAULT_CONNECTION },
    }),
  );
  expect(noted.status, await noted.clone().text()).toBe(200);
  const { PUT: mark } = await import('@/app/api/invoices/[invoiceId]/marks/route');
  const marked = await mark(
    jsonRequest(`/api/invoices/${first.invoiceId}/marks`, {
      method: 'PUT',
      cookie: app.cookies.finance,
      body: { lineKey: '', status: 'disputed', note: FIRST_DISPUTE },
    }),
    { params: Promise.resolve({ invoiceId: first.invoiceId }) },
  );
  expect(marked.status, await marked.clone().text()).toBe(200);
  const { POST: saveView } = await import('@/app/api/views/route');
  const viewOf = async (page: string, name: string) => {
    const saved = await saveView(
      jsonRequest('/api/views', {
        method: 'POST',
        cookie: app.cookies.manager,
        body: { page, name, query: `client=${DEFAULT_CONNECTION}`, shared: true },
      }),
    );
    expect(saved.status, await saved.clone().text()).toBe(201);
    return ((await saved.json()) as { view: { id: string } }).view.id;
  };
  firstRows.viewId = await viewOf('portfolio', 'The first client only');
  firstRows.scenarioViewId = await viewOf('scenarios', 'The first client’s scenario');

  // Rows of the first client's that the routes would make, written directly: a hold owned by the
  // paralegal, a standing instruction, a budget, a notification and an outbox message.
  const [hold] = await db
    .insert(reviewHold)
    .values({
      connection: DEFAULT_CONNECTION,
      eventId: first.eventId,
      patentId: first.patentId,
      dueDate: `${first.month}-15`,
      ownerUserId: app.harness.users.paralegal.id,
      reviewBy: `${addMonths(currentYearMonth(), -1)}-01`,
      askedDecision: 'drop',
    })
    .returning({ id: reviewHold.id });
  // And one of the second client's, so the reviews and the committee pack have rows to show.
  await db.insert(reviewHold).values({
    connection: SECOND,
    eventId: second.eventId,
    patentId: second.patentId,
    dueDate: `${second.month}-15`,
    ownerUserId: app.harness.users.paralegal.id,
    reviewBy: `${addMonths(currentYearMonth(), -1)}-01`,
    askedDecision: 'keep',
  });
  const [instruction] = await db
    .insert(standingInstruction)
    .values({
      connection: DEFAULT_CONNECTION,
      scope: 'patent',
      target: first.patentId,
      instruction: 'renew',
      setByEmail: app.harness.users.manager.email,
      setAt: new Date(),
    })
    .returning({ id: standingInstruction.id });
  const [budget] = await db
    .insert(renewalBudget)
    .values({ connection: DEFAULT_CONNECTION, year: 2027, currency: 'EUR', amount: '4711.00' })
    .returning({ id: renewalBudget.id });
  const [told] = await db
    .insert(notification)
    .values({
      connection: DEFAULT_CONNECTION,
      userId: app.harness.users.paralegal.id,
      rule: 'due_soon',
      subjectKey: `matrix:${first.eventId}`,
      title: `Due soon: ${first.patentId}`,
      body: FIRST_NOTE,
      href: `/portfolio/${first.patentId}`,
    })
    .returning({ id: notification.id });
  const [message] = await db
    .insert(mailMessage)
    .values({
      userId: app.harness.users.paralegal.id,
      recipient: app.harness.users.paralegal.email,
      rule: 'due_soon',
      subjectKey: `matrix:${first.eventId}`,
      subject: `Due soon: ${first.patentId}`,
      textBody: FIRST_NOTE,
      htmlBody: `<p>${FIRST_NOTE}</p>`,
      transport: 'outbox',
      status: 'failed',
      connections: [DEFAULT_CONNECTION],
    })
    .returning({ id: mailMessage.id });
  firstRows.messageId = message?.id ?? '';
  firstRows.holdId = hold?.id ?? '';
  firstRows.instructionId = instruction?.id ?? '';
  firstRows.budgetId = budget?.id ?? '';
  firstRows.notificationId = told?.id ?? '';
  for (const [name, id] of Object.entries(firstRows))
    if (id && name !== 'scenarioViewId') records.first.marks.add(id);
  records.first.marks.add(FIRST_TAG);
  records.first.marks.add(FIRST_NOTE);
  records.first.marks.add(FIRST_DISPUTE);
  records.first.marks.add(FIRST_NAME);
  records.first.marks.add(records.first.batchId);
  records.second.marks.add(records.second.batchId);
  // What both clients' data hold alike (a generated reference) says nothing of the first one.
  for (const shared of records.second.marks) records.first.marks.delete(shared);

  // Everyone now works for the second client only (the administrator grants itself last).
  for (const role of ROLES) await grantClientsAs(app.cookies.admin, app.harness.users[role].id, [SECOND]);
}, 240_000);

/** What a route is asked, as the matrix asks it. */
type Probe =
  /** Concerns no client's data (the user's own settings, signing in, the console's set-up). */
  | { kind: 'no client data'; why: string }
  /** A list, export or status: it must mention none of the first client's records. */
  | {
      kind: 'list';
      queries?: () => string[];
      body?: () => unknown;
      /** What the answer repeats of the request itself (a tag asked for), not data. */
      echo?: () => string;
    }
  /** Names the first client's record: the answer is 404, as for a record that does not exist. */
  | {
      kind: 'record';
      params?: () => Record<string, string>;
      query?: () => string;
      body?: () => unknown;
      /** Another answer than 404 that is also the answer to a record that does not exist. */
      sameAsMissing?: { status: number; why: string };
    }
  /** Checked by its own test below. */
  | { kind: 'own test'; test: string };

const first = () => records.first;

const months = () => [currentYearMonth(), records.first.month, records.second.month];
const patentRecord = () => ({ patentId: first().patentId, eventId: first().eventId });
const tableQueries = (tables: string[]) => () =>
  tables.flatMap((table) => ['csv', 'xlsx'].map((format) => `table=${table}&format=${format}`));

/**
 * Every route handler, by method and file. A route missing here fails the matrix: a new route is
 * classified before it ships.
 */
const PROBES: Record<string, Probe> = {
  'PUT app/api/account/client/route.ts': {
    kind: 'record',
    body: () => ({ client: DEFAULT_CONNECTION }),
    sameAsMissing: { status: 400, why: 'a client not theirs is refused as one that does not exist' },
  },
  'PUT app/api/account/locale/route.ts': { kind: 'no client data', why: 'the viewer’s own locale' },
  'POST app/api/account/password/route.ts': { kind: 'no client data', why: 'the viewer’s own password' },
  'POST app/api/admin/api-keys/[keyId]/activate/route.ts': {
    kind: 'no client data',
    why: 'the console’s own service key (the connection page), set up by its administrators',
  },
  'PATCH app/api/admin/api-keys/[keyId]/route.ts': {
    kind: 'no client data',
    why: 'the console’s own service key',
  },
  'DELETE app/api/admin/api-keys/[keyId]/route.ts': {
    kind: 'no client data',
    why: 'the console’s own service key',
  },
  'POST app/api/admin/api-keys/[keyId]/verify/route.ts': {
    kind: 'no client data',
    why: 'the console’s own service key',
  },
  'GET app/api/admin/api-keys/route.ts': { kind: 'no client data', why: 'the console’s own service keys' },
  'POST app/api/admin/api-keys/route.ts': { kind: 'no client data', why: 'the console’s own service keys' },
  'GET app/api/admin/approval-policy/route.ts': {
    kind: 'record',
    query: () => `client=${DEFAULT_CONNECTION}`,
  },
  'PUT app/api/admin/approval-policy/route.ts': {
    kind: 'record',
    query: () => `client=${DEFAULT_CONNECTION}`,
    body: () => ({
      dropRequiresApproval: true,
      proceedAbove: [],
      batchAbove: [],
      unlistedCurrencyRequiresApproval: false,
    }),
  },
  'GET app/api/admin/audit/export/route.ts': { kind: 'list' },
  'POST app/api/admin/background/route.ts': { kind: 'own test', test: 'background messages' },
  'GET app/api/admin/channels/route.ts': {
    kind: 'no client data',
    why: 'chat channels are the console’s; what they are told is checked with the messages',
  },
  'POST app/api/admin/channels/route.ts': { kind: 'no client data', why: 'the console’s chat channels' },
  'PATCH app/api/admin/channels/[channelId]/route.ts': {
    kind: 'no client data',
    why: 'the console’s chat channels',
  },
  'DELETE app/api/admin/channels/[channelId]/route.ts': {
    kind: 'no client data',
    why: 'the console’s chat channels',
  },
  'POST app/api/admin/clients/[clientId]/check/route.ts': {
    kind: 'no client data',
    why: 'the console’s client connections, set up by its administrators (docs/architecture.md)',
  },
  'PUT app/api/admin/clients/[clientId]/key/route.ts': {
    kind: 'no client data',
    why: 'the console’s client connections',
  },
  'PATCH app/api/admin/clients/[clientId]/route.ts': {
    kind: 'no client data',
    why: 'the console’s client connections',
  },
  'DELETE app/api/admin/clients/[clientId]/route.ts': {
    kind: 'no client data',
    why: 'the console’s client connections',
  },
  'GET app/api/admin/clients/route.ts': { kind: 'no client data', why: 'the console’s client connections' },
  'POST app/api/admin/clients/route.ts': { kind: 'no client data', why: 'the console’s client connections' },
  'GET app/api/admin/connection/route.ts': { kind: 'no client data', why: 'the service’s reachability' },
  'POST app/api/admin/connection/route.ts': { kind: 'no client data', why: 'the service’s reachability' },
  'GET app/api/admin/connection/sso/route.ts': { kind: 'no client data', why: 'single sign-on set-up' },
  'PUT app/api/admin/connection/sso/route.ts': { kind: 'no client data', why: 'single sign-on set-up' },
  'GET app/api/admin/keep-score/route.ts': {
    kind: 'no client data',
    why: 'the console’s keep-score weights',
  },
  'PUT app/api/admin/keep-score/route.ts': {
    kind: 'no client data',
    why: 'the console’s keep-score weights',
  },
  'POST app/api/admin/outbox/[messageId]/send-again/route.ts': {
    kind: 'record',
    params: () => ({ messageId: firstRows.messageId }),
  },
  'POST app/api/admin/users/[userId]/password/route.ts': {
    kind: 'no client data',
    why: 'user administration',
  },
  'PATCH app/api/admin/users/[userId]/route.ts': { kind: 'no client data', why: 'user administration' },
  'GET app/api/admin/users/route.ts': { kind: 'no client data', why: 'user administration' },
  'POST app/api/admin/users/route.ts': { kind: 'no client data', why: 'user administration' },
  'DELETE app/api/analytics/budgets/[id]/route.ts': {
    kind: 'record',
    params: () => ({ id: firstRows.budgetId }),
  },
  'GET app/api/analytics/budgets/comparison/route.ts': {
    kind: 'list',
    queries: () => ['year=2027&currency=EUR'],
  },
  'GET app/api/analytics/budgets/export/route.ts': {
    kind: 'list',
    queries: () => ['csv', 'xlsx'].map((format) => `year=2027&currency=EUR&format=${format}`),
  },
  'GET app/api/analytics/budgets/route.ts': { kind: 'list' },
  'PUT app/api/analytics/budgets/route.ts': {
    kind: 'record',
    body: () => ({ client: DEFAULT_CONNECTION, year: 2027, currency: 'EUR', amount: '1.00' }),
  },
  'POST app/api/analytics/budgets/route.ts': {
    kind: 'record',
    body: () => ({ client: DEFAULT_CONNECTION, year: 2027, currency: 'EUR', amount: '1.00' }),
  },
  'GET app/api/analytics/export/route.ts': {
    kind: 'list',
    queries: tableQueries(['month', 'office', 'surcharges', 'variance']),
  },
  'GET app/api/analytics/forecast/export/route.ts': {
    kind: 'list',
    queries: tableQueries(['month', 'office', 'owner', 'family', 'patents']),
  },
  'POST app/api/analytics/forecast/refresh/route.ts': {
    kind: 'record',
    query: () => `client=${DEFAULT_CONNECTION}`,
  },
  'GET app/api/analytics/forecast/route.ts': { kind: 'list' },
  'GET app/api/analytics/report/route.ts': {
    kind: 'list',
    queries: () => ['', ...months().map((month) => `month=${addMonths(month, -1)}`)],
  },
  'GET app/api/analytics/route.ts': { kind: 'list' },
  // A saved scenario is a rule (offices, families, tags) that names no client: shared ones are
  // everyone's, and each reads it over their own clients' forecast.
  'GET app/api/analytics/scenario/compare/route.ts': {
    kind: 'list',
    queries: () => [`right=${firstRows.scenarioViewId}`],
  },
  'POST app/api/analytics/scenario/draft/route.ts': {
    kind: 'list',
    body: () => ({ families: first().family }),
  },
  'GET app/api/analytics/scenario/route.ts': { kind: 'list' },
  'POST app/api/approvals/[batchId]/approve/route.ts': {
    kind: 'record',
    params: () => ({ batchId: first().batchId }),
  },
  'POST app/api/approvals/[batchId]/return/route.ts': {
    kind: 'record',
    params: () => ({ batchId: first().batchId }),
    body: () => ({ reason: 'matrix' }),
  },
  'GET app/api/approvals/route.ts': { kind: 'list' },
  'GET app/api/auth/callback/[providerId]/route.ts': { kind: 'no client data', why: 'single sign-on' },
  'POST app/api/auth/sso/route.ts': { kind: 'no client data', why: 'single sign-on' },
  'GET app/api/calendar/[token]/route.ts': { kind: 'own test', test: 'the calendar feed' },
  'POST app/api/copy/refresh/route.ts': { kind: 'record', body: () => ({ patentId: first().patentId }) },
  'POST app/api/decisions/batches/[batchId]/reconcile/route.ts': {
    kind: 'record',
    params: () => ({ batchId: first().batchId }),
  },
  'POST app/api/decisions/batches/[batchId]/resend/route.ts': {
    kind: 'record',
    params: () => ({ batchId: first().batchId }),
  },
  'GET app/api/decisions/batches/[batchId]/route.ts': {
    kind: 'record',
    params: () => ({ batchId: first().batchId }),
  },
  'GET app/api/decisions/batches/route.ts': { kind: 'list' },
  'POST app/api/decisions/batches/route.ts': { kind: 'own test', test: 'a draft item of the first client' },
  'POST app/api/decisions/batches/split/route.ts': {
    kind: 'own test',
    test: 'a draft item of the first client',
  },
  'GET app/api/decisions/draft/route.ts': { kind: 'list' },
  'PUT app/api/decisions/draft/route.ts': {
    kind: 'record',
    body: () => ({ entries: [draftEntryOf(first().open, 'SKIP_THIS_TIME')] }),
  },
  'DELETE app/api/decisions/draft/route.ts': { kind: 'no client data', why: 'clears the viewer’s own draft' },
  'GET app/api/documents/[patentId]/[eventId]/[kind]/route.ts': {
    kind: 'record',
    params: () => ({ ...patentRecord(), kind: 'invoice' }),
  },
  'GET app/api/health/route.ts': { kind: 'no client data', why: 'the health check' },
  'GET app/api/invoices/[invoiceId]/marks/route.ts': {
    kind: 'record',
    params: () => ({ invoiceId: first().invoiceId }),
  },
  'PUT app/api/invoices/[invoiceId]/marks/route.ts': {
    kind: 'record',
    params: () => ({ invoiceId: first().invoiceId }),
    body: () => ({ lineKey: '', status: 'reconciled' }),
  },
  'GET app/api/invoices/[invoiceId]/route.ts': {
    kind: 'record',
    params: () => ({ invoiceId: first().invoiceId }),
  },
  'GET app/api/invoices/export/route.ts': { kind: 'list', queries: () => ['format=csv', 'format=xlsx'] },
  'GET app/api/invoices/route.ts': { kind: 'list' },
  'PUT app/api/notes/route.ts': {
    kind: 'record',
    body: () => ({ scope: 'patent', target: first().patentId, note: 'x' }),
  },
  'POST app/api/notifications/read/route.ts': { kind: 'own test', test: 'background messages' },
  'GET app/api/notifications/route.ts': { kind: 'list' },
  'GET app/api/notifications/unsubscribe/[token]/route.ts': {
    kind: 'no client data',
    why: 'a person’s own unsubscribe link',
  },
  'POST app/api/notifications/unsubscribe/[token]/route.ts': {
    kind: 'no client data',
    why: 'a person’s own unsubscribe link',
  },
  'GET app/api/patents/[patentId]/events/[eventId]/fees/route.ts': { kind: 'record', params: patentRecord },
  'GET app/api/portfolio/data-quality/route.ts': { kind: 'list' },
  'GET app/api/portfolio/export/route.ts': { kind: 'list', queries: () => ['format=csv', 'format=xlsx'] },
  'POST app/api/portfolio/family-drops/route.ts': {
    kind: 'record',
    body: () => ({ eventIds: [first().open.id] }),
  },
  'GET app/api/portfolio/route.ts': { kind: 'list' },
  'GET app/api/portfolio/snapshot/route.ts': { kind: 'list' },
  'POST app/api/portfolio/snapshot/route.ts': { kind: 'list' },
  'GET app/api/preferences/calendar/route.ts': {
    kind: 'no client data',
    why: 'whether the viewer has a link (the feed itself is the calendar feed’s test)',
  },
  'POST app/api/preferences/calendar/route.ts': { kind: 'own test', test: 'the calendar feed' },
  'DELETE app/api/preferences/calendar/route.ts': {
    kind: 'no client data',
    why: 'revokes the viewer’s own link',
  },
  'GET app/api/preferences/notifications/route.ts': {
    kind: 'no client data',
    why: 'the viewer’s own choices',
  },
  'PUT app/api/preferences/notifications/route.ts': {
    kind: 'no client data',
    why: 'the viewer’s own choices',
  },
  'GET app/api/rate-freezes/[yearMonth]/estimates/export/route.ts': {
    kind: 'record',
    params: () => ({ yearMonth: first().month }),
    query: () => `client=${DEFAULT_CONNECTION}&format=csv`,
  },
  'GET app/api/rate-freezes/[yearMonth]/estimates/route.ts': {
    kind: 'record',
    params: () => ({ yearMonth: first().month }),
    query: () => `client=${DEFAULT_CONNECTION}`,
  },
  'GET app/api/rate-freezes/[yearMonth]/route.ts': {
    kind: 'record',
    params: () => ({ yearMonth: first().month }),
    query: () => `client=${DEFAULT_CONNECTION}`,
  },
  'PUT app/api/rate-freezes/[yearMonth]/route.ts': {
    kind: 'record',
    params: () => ({ yearMonth: first().month }),
    body: () => ({ client: DEFAULT_CONNECTION }),
  },
  'GET app/api/rate-freezes/route.ts': { kind: 'list' },
  'GET app/api/renewals/export/route.ts': {
    kind: 'list',
    queries: () => months().flatMap((month) => [`month=${month}&format=csv`, `month=${month}&format=xlsx`]),
  },
  'GET app/api/renewals/rest/route.ts': {
    kind: 'no client data',
    why: 'what a page kept for the user who read it, under an id only they were sent',
  },
  'GET app/api/renewals/route.ts': { kind: 'list', queries: () => months().map((month) => `month=${month}`) },
  'DELETE app/api/reviews/[id]/route.ts': { kind: 'record', params: () => ({ id: firstRows.holdId }) },
  'GET app/api/reviews/pack/route.ts': { kind: 'list', queries: () => ['format=pdf', 'format=xlsx'] },
  'GET app/api/reviews/route.ts': { kind: 'list', queries: () => ['', 'owner=me', 'overdue=true'] },
  'POST app/api/reviews/route.ts': {
    kind: 'record',
    sameAsMissing: { status: 400, why: 'a renewal of another client is “no such renewal in our copy”' },
    body: () => ({
      eventIds: [first().open.id],
      ownerUserId: app.harness.users.manager.id,
      reviewBy: `${records.second.month}-01`,
      askedDecision: 'keep',
    }),
  },
  'POST app/api/session/route.ts': { kind: 'no client data', why: 'signing in' },
  'DELETE app/api/session/route.ts': { kind: 'no client data', why: 'signing out' },
  'POST app/api/setup/route.ts': { kind: 'no client data', why: 'the first administrator' },
  'GET app/api/signals/route.ts': { kind: 'record', query: () => `patentId=${first().patentId}` },
  'DELETE app/api/standing-instructions/[id]/route.ts': {
    kind: 'record',
    params: () => ({ id: firstRows.instructionId }),
  },
  'GET app/api/standing-instructions/route.ts': { kind: 'list' },
  'PUT app/api/standing-instructions/route.ts': {
    kind: 'record',
    body: () => ({ scope: 'patent', target: first().patentId, instruction: 'renew' }),
  },
  'POST app/api/tags/import/route.ts': { kind: 'own test', test: 'tag import' },
  'GET app/api/tags/route.ts': {
    kind: 'list',
    queries: () => ['', `tag=${FIRST_TAG}`],
    echo: () => `"tag":"${FIRST_TAG}"`,
  },
  'POST app/api/tags/route.ts': {
    kind: 'record',
    body: () => ({ scope: 'patent', targets: [first().patentId], add: ['matrix'] }),
  },
  'POST app/api/today/draft/route.ts': {
    kind: 'record',
    body: () => ({ entries: [draftEntryOf(first().open, 'SKIP_THIS_TIME')] }),
  },
  'GET app/api/today/items/route.ts': {
    kind: 'list',
    queries: () => ['handoff=00000000-0000-4000-8000-000000000000'],
  },
  'GET app/api/today/route.ts': { kind: 'list' },
  'GET app/api/tracking/route.ts': { kind: 'list', queries: () => months().map((month) => `month=${month}`) },
  'PATCH app/api/views/[id]/route.ts': {
    kind: 'record',
    params: () => ({ id: firstRows.viewId }),
    body: () => ({ name: 'Renamed' }),
  },
  'DELETE app/api/views/[id]/route.ts': { kind: 'record', params: () => ({ id: firstRows.viewId }) },
  'GET app/api/views/route.ts': { kind: 'list' },
  'POST app/api/views/route.ts': {
    kind: 'record',
    body: () => ({ page: 'renewals', name: 'Theirs', query: `client=${DEFAULT_CONNECTION}`, shared: false }),
  },
};

const keyOf = (route: DiscoveredRoute) => `${route.method} ${route.file}`;
const allowed = (route: DiscoveredRoute, role: Role) => !route.access || allows(role, route.access);

/** Runs `check` for every role on every route of these its role may call. */
async function asEveryRole(
  kind: Probe['kind'],
  check: (route: DiscoveredRoute, role: Role, probe: Probe) => Promise<void>,
): Promise<void> {
  for (const route of routes) {
    const probe = PROBES[keyOf(route)];
    if (probe?.kind !== kind) continue;
    for (const role of ROLES) if (allowed(route, role)) await check(route, role, probe);
  }
}

describe('role × client matrix: routes', () => {
  it('classifies every route handler on disk, and no route that is gone', () => {
    const found = routes.map(keyOf).sort();
    expect(found.filter((key) => !(key in PROBES))).toEqual([]);
    expect(Object.keys(PROBES).filter((key) => !found.includes(key))).toEqual([]);
  });

  it('answers 404 to every route naming the first client’s record, in every role', async () => {
    const wrong: string[] = [];
    let asked = 0;
    await asEveryRole('record', async (route, role, probe) => {
      if (probe.kind !== 'record') return;
      const response = await ask(route, role, {
        params: probe.params?.() ?? {},
        query: probe.query?.() ?? '',
        body: probe.body?.(),
      });
      asked++;
      const text = await readAnswer(response);
      // A check of the role inside the handler is the role matrix's (test/route-matrix.test.ts).
      if (response.status === 403 && text.includes('forbidden_for_role')) return;
      const expected = probe.sameAsMissing?.status ?? 404;
      if (response.status !== expected || leaksIn(text).length > 0)
        wrong.push(`${role} ${keyOf(route)}: ${response.status} ${text.slice(0, 160)}`);
    });
    expect(wrong).toEqual([]);
    expect(asked).toBeGreaterThan(60);
  }, 120_000);

  it('still answers the second client’s records', async () => {
    const own: [string, DiscoveredRoute['method'], Role, Record<string, string>][] = [
      [
        'app/api/decisions/batches/[batchId]/route.ts',
        'GET',
        'paralegal',
        { batchId: records.second.batchId },
      ],
      ['app/api/invoices/[invoiceId]/route.ts', 'GET', 'finance', { invoiceId: records.second.invoiceId }],
      [
        'app/api/patents/[patentId]/events/[eventId]/fees/route.ts',
        'GET',
        'manager',
        { patentId: records.second.patentId, eventId: records.second.eventId },
      ],
    ];
    for (const [file, method, role, params] of own) {
      const response = await ask(await routeOf(file, method), role, { params });
      expect(response.status, `${role} ${method} ${file}`).toBe(200);
    }
  });

  it('mentions none of the first client’s records in any list or export, and names it nowhere', async () => {
    const leaks: string[] = [];
    const showingSecond = new Set<string>();
    await asEveryRole('list', async (route, role, probe) => {
      if (probe.kind !== 'list') return;
      for (const query of probe.queries?.() ?? ['']) {
        const response = await ask(route, role, { query, body: probe.body?.() });
        const answer = await readAnswer(response);
        const text = probe.echo ? answer.replaceAll(probe.echo(), '') : answer;
        if (response.status === 403 && text.includes('forbidden_for_role')) continue;
        // A list that answers 400 read nothing: the probe must ask what a page asks. (A snapshot
        // refreshed a moment ago is not refreshed again: 429, no call.)
        if (response.status >= 400 && response.status !== 429)
          leaks.push(`${role} ${keyOf(route)}?${query}: ${response.status} ${text.slice(0, 120)}`);
        const leaked = leaksIn(text);
        if (leaked.length > 0)
          leaks.push(`${role} ${keyOf(route)}?${query}: ${leaked.slice(0, 3).join(', ')}`);
        if (showsSecond(text)) showingSecond.add(route.file);
      }
      // The first client named as a filter is a client that does not exist for them.
      const named = await ask(route, role, {
        query: `${probe.queries?.()[0] ?? ''}&client=${DEFAULT_CONNECTION}`,
        body: probe.body?.(),
      });
      const text = await readAnswer(named);
      const refused = named.status === 403 && !text.includes('forbidden_for_role');
      if (leaksIn(text).length > 0 || refused || named.status >= 500)
        leaks.push(
          `${role} ${keyOf(route)} naming the first client: ${named.status} ${leaksIn(text)[0] ?? ''}`,
        );
    });
    expect(leaks).toEqual([]);
    // The answers do carry the second client's records: the matrix reads real data.
    expect([...showingSecond]).toEqual(
      expect.arrayContaining([
        'app/api/admin/audit/export/route.ts',
        'app/api/analytics/export/route.ts',
        'app/api/analytics/route.ts',
        'app/api/decisions/batches/route.ts',
        'app/api/invoices/export/route.ts',
        'app/api/invoices/route.ts',
        'app/api/portfolio/data-quality/route.ts',
        'app/api/portfolio/export/route.ts',
        'app/api/portfolio/route.ts',
        'app/api/renewals/export/route.ts',
        'app/api/renewals/route.ts',
        'app/api/reviews/pack/route.ts',
        'app/api/reviews/route.ts',
        'app/api/today/items/route.ts',
        'app/api/today/route.ts',
        'app/api/tracking/route.ts',
      ]),
    );
  }, 180_000);

  it('keeps a draft item of the first client from being sent, split or drafted', async () => {
    const entry = draftEntryOf(first().open, 'SKIP_THIS_TIME');
    for (const role of ['paralegal', 'manager'] as const) {
      // A draft kept from before the user's clients were narrowed.
      const batchKey = crypto.randomUUID();
      await app.harness.database.db
        .insert(decisionDraft)
        .values({ userId: app.harness.users[role].id, entries: [entry], batchKey, updatedAt: new Date() })
        .onConflictDoUpdate({ target: decisionDraft.userId, set: { entries: [entry], batchKey } });
      const body = { batchKey, dropConfirmations: [] };
      for (const file of ['app/api/decisions/batches/route.ts', 'app/api/decisions/batches/split/route.ts']) {
        const response = await ask(await routeOf(file, 'POST'), role, { body });
        expect(response.status, `${role} POST ${file}: ${await response.clone().text()}`).toBe(404);
      }
    }
    // Nothing more was posted with the first client's key than the manager's batch of before.
    const usage = await app.sandbox.operator.getUsage('first');
    expect(usage.operations.postPatentInstructions ?? 0).toBe(1);
    // The review page shows such a draft to its owner so they can remove what the send refuses
    // (it names it); the pages below are read with drafts of their own clients.
    await app.harness.database.db.delete(decisionDraft);
  });

  it('previews a tag import naming the first client’s patents as matching none', async () => {
    const route = await routeOf('app/api/tags/import/route.ts', 'POST');
    const reference = first().caseReference;
    const csv = `caseReference,tags\n${reference},matrix-import\n`;
    for (const apply of [false, true]) {
      const response = await ask(route, 'paralegal', { body: { csv, apply } });
      // The line is repeated as the file had it; nothing else of the first client's is.
      const text = (await response.text()).replaceAll(reference, '');
      expect(response.status, text).toBe(200);
      expect(leaksIn(text)).toEqual([]);
    }
    const tagged = await app.harness.database.db
      .select()
      .from(patentTag)
      .where(eq(patentTag.tag, 'matrix-import'));
    expect(tagged).toEqual([]);
  });
});

describe('role × client matrix: pages', () => {
  const APP = path.join(root, 'app');

  /** The params and addresses each page is opened with: the first client's records, and lists. */
  const PAGE_PROBES: Record<
    string,
    {
      params?: () => Record<string, string>;
      /** The params name a record of the first client's: the page is not found. */
      record?: true;
      search?: () => Search[];
      /** What the page may show of the first client, and why. */
      shows?: { marks: () => string[]; why: string };
    }
  > = {
    'app/(dashboard)/account/page.tsx': {},
    'app/(dashboard)/admin/(sections)/approvals/page.tsx': {
      search: (): Search[] => [{}, { client: DEFAULT_CONNECTION }],
    },
    'app/(dashboard)/admin/(sections)/audit/page.tsx': {
      search: (): Search[] => [{}, { client: DEFAULT_CONNECTION }],
    },
    'app/(dashboard)/admin/(sections)/channels/page.tsx': {},
    'app/(dashboard)/admin/(sections)/connection/page.tsx': {
      shows: { marks: () => [FIRST_NAME], why: 'the console’s clients, set up by its administrators' },
    },
    'app/(dashboard)/admin/(sections)/keep-score/page.tsx': {},
    'app/(dashboard)/admin/(sections)/outbox/page.tsx': {},
    'app/(dashboard)/admin/(sections)/page.tsx': {
      shows: { marks: () => [FIRST_NAME], why: 'the console’s clients, set up by its administrators' },
    },
    'app/(dashboard)/admin/outbox/[messageId]/page.tsx': {
      params: () => ({ messageId: firstRows.messageId }),
      record: true,
    },
    'app/(dashboard)/analytics/budget/page.tsx': {
      search: (): Search[] => [{}, { client: DEFAULT_CONNECTION }],
    },
    'app/(dashboard)/analytics/forecast/page.tsx': {
      search: (): Search[] => [{}, { client: DEFAULT_CONNECTION }],
    },
    'app/(dashboard)/analytics/page.tsx': { search: (): Search[] => [{}, { client: DEFAULT_CONNECTION }] },
    'app/(dashboard)/analytics/scenarios/compare/page.tsx': {
      search: (): Search[] => [{ right: firstRows.scenarioViewId }],
    },
    'app/(dashboard)/analytics/scenarios/page.tsx': {
      search: (): Search[] => [{}, { client: DEFAULT_CONNECTION }, { view: firstRows.scenarioViewId }],
    },
    'app/(dashboard)/approvals/[batchId]/page.tsx': {
      record: true,
      params: () => ({ batchId: first().batchId }),
    },
    'app/(dashboard)/approvals/page.tsx': {},
    'app/(dashboard)/invoices/(list)/page.tsx': {
      search: (): Search[] => [{}, { client: DEFAULT_CONNECTION }],
    },
    'app/(dashboard)/invoices/[invoiceId]/page.tsx': {
      record: true,
      params: () => ({ invoiceId: first().invoiceId }),
    },
    'app/(dashboard)/notifications/page.tsx': {},
    'app/(dashboard)/page.tsx': { search: (): Search[] => [{}, { client: DEFAULT_CONNECTION }] },
    'app/(dashboard)/portfolio/(list)/page.tsx': {
      search: (): Search[] => [
        {},
        { client: DEFAULT_CONNECTION },
        { view: firstRows.viewId },
        { tag: FIRST_TAG },
      ],
    },
    'app/(dashboard)/portfolio/[patentId]/page.tsx': {
      record: true,
      params: () => ({ patentId: first().patentId }),
    },
    'app/(dashboard)/portfolio/data-quality/page.tsx': {},
    'app/(dashboard)/portfolio/families/[family]/page.tsx': {
      params: () => ({ family: encodeURIComponent(first().family) }),
      search: (): Search[] => [{}, { client: DEFAULT_CONNECTION }],
    },
    'app/(dashboard)/portfolio/tags/page.tsx': {},
    'app/(dashboard)/rate-freezes/(overview)/page.tsx': {
      search: (): Search[] => [{}, { client: DEFAULT_CONNECTION }],
    },
    'app/(dashboard)/rate-freezes/[yearMonth]/page.tsx': {
      params: () => ({ yearMonth: first().month }),
      search: (): Search[] => [{}, { client: DEFAULT_CONNECTION }],
    },
    'app/(dashboard)/renewals/(month)/page.tsx': {
      search: () => months().flatMap((month): Search[] => [{ month }, { month, client: DEFAULT_CONNECTION }]),
    },
    'app/(dashboard)/renewals/batches/[batchId]/page.tsx': {
      record: true,
      params: () => ({ batchId: first().batchId }),
    },
    'app/(dashboard)/renewals/batches/page.tsx': {},
    'app/(dashboard)/renewals/review/page.tsx': {},
    'app/(dashboard)/renewals/reviews/page.tsx': {},
    'app/(dashboard)/settings/notifications/page.tsx': {},
    'app/(dashboard)/tracking/page.tsx': { search: () => months().map((month) => ({ month })) },
  };

  type Search = Record<string, string>;
  type PageModule = { default: (props: unknown) => unknown };

  it('classifies every page on disk', () => {
    const found = [...appFiles(path.join(APP, '(dashboard)'), 'page.tsx')]
      .map((file) => path.relative(root, file))
      .sort();
    expect(found.filter((file) => !(file in PAGE_PROBES))).toEqual([]);
    expect(Object.keys(PAGE_PROBES).filter((file) => !found.includes(file))).toEqual([]);
  });

  it('shows no role the first client’s records on any page, the layout around it included', async () => {
    const { default: Layout } = (await import('@/app/(dashboard)/layout')) as PageModule;
    const wrong: string[] = [];
    const showingSecond = new Set<string>();
    // A client component's hooks have no renderer here (page-walk.ts): React says so on every one.
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      for (const [file, probe] of Object.entries(PAGE_PROBES)) {
        const { default: Page } = (await import(/* @vite-ignore */ path.join(root, file))) as PageModule;
        const params = probe.params?.() ?? {};
        const allowed = new Set(probe.shows?.marks() ?? []);
        for (const role of ROLES) {
          request.cookie = app.cookies[role];
          for (const search of probe.search?.() ?? [{}]) {
            // The page runs first, as Next runs it: its refusal is the answer, layout or not.
            const answer = await renderPage(async () =>
              Layout({
                children: await Page({
                  params: Promise.resolve(params),
                  searchParams: Promise.resolve(search),
                }),
              }),
            );
            const asked = `${role} ${file} ${JSON.stringify(search)}`;
            // The address's own words (a view id, a tag asked for) come back in links and forms.
            const said = Object.values(search).reduce(
              (text, value) => text.replaceAll(value, ''),
              answer.text,
            );
            const leaked = leaksIn(said).filter((mark) => !allowed.has(mark));
            if (leaked.length > 0) wrong.push(`${asked}: ${leaked.slice(0, 3).join(', ')}`);
            // A page naming the first client's record is not found; a role's page it may not open
            // is its role's refusal (403), checked by the role matrix.
            if (probe.record && answer.status === 200)
              wrong.push(`${asked}: 200 for the first client’s record`);
            if (showsSecond(answer.text)) showingSecond.add(file);
          }
        }
      }
    } finally {
      quiet.mockRestore();
      request.cookie = '';
    }
    expect(wrong).toEqual([]);
    expect([...showingSecond]).toEqual(
      expect.arrayContaining([
        'app/(dashboard)/admin/(sections)/audit/page.tsx',
        'app/(dashboard)/analytics/page.tsx',
        'app/(dashboard)/invoices/(list)/page.tsx',
        'app/(dashboard)/page.tsx',
        'app/(dashboard)/portfolio/(list)/page.tsx',
        'app/(dashboard)/portfolio/data-quality/page.tsx',
        'app/(dashboard)/portfolio/families/[family]/page.tsx',
        'app/(dashboard)/renewals/(month)/page.tsx',
        'app/(dashboard)/renewals/batches/page.tsx',
        'app/(dashboard)/renewals/reviews/page.tsx',
        'app/(dashboard)/tracking/page.tsx',
      ]),
    );
  }, 240_000);
});

/** Calls a tenant's key has made at the stand-in: its quota counter (spec: Limits 2). */
const usageOf = async (tenant: string) =>
  Object.values((await app.sandbox.operator.getUsage(tenant)).operations).reduce(
    (sum, count) => sum + (count ?? 0),
    0,
  );

describe('role × client matrix: background messages and the calendar feed', () => {
  it('tells users of the second client only of its renewals, by mail and in the bell', async () => {
    const { db } = app.harness.database;
    // The administrator's "run now": the sync, the poll and the reminder rules, then delivery,
    // reading the administrator's client only: the first tenant's quota does not move, though
    // every month of its copy is due again (read two days ago).
    await db
      .update(syncWindow)
      .set({ syncedAt: new Date(Date.now() - 2 * 86_400_000) })
      .where(eq(syncWindow.connection, DEFAULT_CONNECTION));
    const spentBefore = await usageOf('first');
    const run = await ask(await routeOf('app/api/admin/background/route.ts', 'POST'), 'admin');
    const report = await run.text();
    expect(run.status, report).toBe(200);
    expect(leaksIn(report)).toEqual([]);
    expect(await usageOf('first')).toBe(spentBefore);
    for (const role of ROLES) {
      const id = app.harness.users[role].id;
      const mail = (await db.select().from(mailMessage).where(eq(mailMessage.userId, id))).filter(
        (message) => message.id !== firstRows.messageId,
      );
      const bell = await db.select().from(notification).where(eq(notification.userId, id));
      const told = [
        ...mail.map((message) => `${message.subject}\n${message.textBody}\n${message.htmlBody}`),
        ...bell
          .filter((row) => row.id !== firstRows.notificationId)
          .map((row) => `${row.title}\n${row.body}\n${row.href}`),
      ].join('\n');
      expect(leaksIn(told), role).toEqual([]);
      // The bell's route lists none of the first client's, and marking it read finds none.
      const listed = await ask(await routeOf('app/api/notifications/route.ts', 'GET'), role);
      expect(leaksIn(await listed.text()), role).toEqual([]);
      const read = await ask(await routeOf('app/api/notifications/read/route.ts', 'POST'), role, {
        body: { id: firstRows.notificationId },
      });
      expect(read.status, role).toBeLessThan(300);
      expect(((await read.json()) as { marked: number }).marked, role).toBe(0);
    }
    const [kept] = await db.select().from(notification).where(eq(notification.id, firstRows.notificationId));
    expect(kept?.readAt).toBeNull();
    // The paralegal was told of the second client's renewals: the run had something to say.
    const paralegalMail = await db
      .select()
      .from(mailMessage)
      .where(eq(mailMessage.userId, app.harness.users.paralegal.id));
    expect(paralegalMail.some((message) => showsSecond(message.textBody))).toBe(true);
    // Each message the rules wrote names the client it tells of: the outbox keeps to it.
    const written = paralegalMail.filter((message) => message.id !== firstRows.messageId);
    expect(written.map((message) => message.connections)).toEqual(written.map(() => [SECOND]));
  }, 120_000);

  it('lists only the second client’s renewals in the calendar feed', async () => {
    const issue = await ask(await routeOf('app/api/preferences/calendar/route.ts', 'POST'), 'paralegal');
    expect(issue.status).toBe(200);
    const { url } = (await issue.json()) as { url: string };
    const token = url.split('/').at(-1) as string;
    const feed = await ask(await routeOf('app/api/calendar/[token]/route.ts', 'GET'), 'paralegal', {
      params: { token },
    });
    expect(feed.status).toBe(200);
    const text = await feed.text();
    expect(leaksIn(text)).toEqual([]);
    expect(text).toContain('BEGIN:VEVENT');
    expect((await calendarForToken(app.harness.database.db, token)) ?? '').not.toContain(first().eventId);
  });
});

describe('role × client matrix: Refresh now', () => {
  it('spends only the second client’s quota, whoever of the second client presses it', async () => {
    const before = { first: await usageOf('first'), second: await usageOf('second') };
    const refresh = await routeOf('app/api/copy/refresh/route.ts', 'POST');
    const answer = await ask(refresh, 'paralegal', { body: { months: [records.second.month] } });
    expect(answer.status, await answer.clone().text()).toBe(200);
    const forPatent = await ask(refresh, 'manager', { body: { patentId: records.second.patentId } });
    expect(forPatent.status, await forPatent.clone().text()).toBe(200);
    expect(await usageOf('first')).toBe(before.first);
    expect(await usageOf('second')).toBeGreaterThan(before.second);
  });
});

afterAll(() => {
  request.cookie = '';
});
