import type { Hono } from 'hono';
import type { z } from 'zod';
import { InstructionRequestSchema } from '../../lib/annuity/schemas';
import { instructionReceiptPdf, invoicePdf, officialReceiptPdf } from '../documents/pdf';
import { checkYearMonth } from '../domain/freezes';
import type { EventRecord, PatentRecord } from '../domain/model';
import {
  listEventsByPeriod,
  listInvoices,
  listPatents,
  type PageResult,
  type PageWindow,
} from '../domain/queries';
import { jsonPointer, RuleViolation, type ValidationIssue, validationFailed } from '../domain/rule-violation';
import type { TenantState } from '../domain/tenant-state';
import { instanceOf, type SandboxContext, type SandboxEnv } from '../http/context';
import type { FaultInjector } from '../http/faults';
import { jsonResponse } from '../http/problems';
import type { ProfileSwitches } from '../operator/schemas';
import type { SandboxService } from '../service';
import { withFutureV2Additions } from './future-v2';
import { listKey } from './moving-lists';
import { type OperationContext, type OperationName, operation } from './operation';
import {
  type InputReader,
  paginationOf,
  readInclude,
  readOffices,
  readPage,
  readSort,
  readUuid,
  readWindow,
} from './query';
import { eventView, feesView, freezeView, invoiceView, patentView, receiptView } from './views';

export const API_ROOT = '/api/v2/external';

/** Request bodies above this size are refused before parsing (500 instructions fit in ~60 KB). */
const MAX_BODY_BYTES = 1_048_576;

/**
 * The 15 operations of API v2 (spec: Endpoints), each behind the gate of operation.ts. The
 * operator's `moveItems` fault (faults.ts) moves the items of the three paginated lists between
 * page reads.
 */
export function registerApiRoutes(
  app: Hono<SandboxEnv>,
  service: SandboxService,
  faults?: FaultInjector,
): void {
  const route = (name: OperationName, handler: (context: OperationContext) => Response | Promise<Response>) =>
    operation(service, name, handler);
  /** One page of a list: as the service holds it, or through the moveItems fault when it is set. */
  const listPage = <T extends { id: string }>(
    c: SandboxContext,
    tenant: TenantState,
    page: { currentPage: number; itemsPerPage: number },
    list: (slice: PageWindow) => PageResult<T>,
  ): PageResult<T> => {
    const slice = windowOf(page);
    const path = instanceOf(c);
    const moving = faults?.moveItemsFor(path);
    if (!moving || !faults) return list(slice);
    const all = list({ offset: 0, limit: Number.MAX_SAFE_INTEGER }).items;
    const key = listKey(path, new URL(c.req.url).searchParams);
    return faults.movingLists.page(moving, tenant, key, all, slice);
  };
  const switches = () => service.profile.switches;
  // spec: Versioning 2 — the futureV2Additions profile adds fields and unknown values to every answer.
  const respond = (body: unknown, status = 200, options: { pinnedEventTypes?: boolean } = {}) =>
    jsonResponse(switches().futureV2Additions ? withFutureV2Additions(body, options) : body, status);

  app.get(
    `${API_ROOT}/patents`,
    route('getPatents', ({ c, input, tenant }) => {
      const page = readPage(input);
      const sort = readSort(input);
      const providerId = input.single('providerId');
      input.done();
      const result = listPage(c, tenant, page, (slice) => listPatents(tenant, { providerId, sort }, slice));
      return respond({
        pagination: paginationOf(result.totalItems, page),
        data: result.items.map(patentView),
      });
    }),
  );

  app.get(
    `${API_ROOT}/patents/:patentId`,
    route('getPatent', ({ c, input, tenant }) => respond(patentView(patentFrom(c, input, tenant)))),
  );

  // spec: Endpoints 3 — a bare array, past and future, in due-date order. Whether the per-patent
  // endpoints carry `fees` unasked is not shown (spec: Patent event): the profile decides.
  app.get(
    `${API_ROOT}/patents/:patentId/events`,
    route('getPatentEvents', ({ c, input, tenant, view }) => {
      const patent = patentFrom(c, input, tenant);
      const withFees = switches().feesOnPerPatentEvents;
      return respond(patent.events.map((event) => eventView(event, view, { withFees })));
    }),
  );

  app.get(
    `${API_ROOT}/patents/:patentId/events/:eventId`,
    route('getPatentEvent', ({ c, input, tenant, view }) =>
      respond(eventView(eventFrom(c, input, tenant), view, { withFees: switches().feesOnPerPatentEvents })),
    ),
  );

  // spec: Endpoints 5 — ESTIMATED before an invoice exists, INVOICED after; never a 404 for that.
  app.get(
    `${API_ROOT}/patents/:patentId/events/:eventId/fees`,
    route('getPatentEventFees', ({ c, input, tenant, view }) =>
      respond(feesView(eventFrom(c, input, tenant), view)),
    ),
  );

  app.get(
    `${API_ROOT}/patents/:patentId/events/:eventId/documents/invoice`,
    route('getInvoiceDocument', async ({ c, input, tenant }) => {
      const event = eventFrom(c, input, tenant);
      const line = event.invoiceLine;
      if (!line) throw new RuleViolation('not_found', 'This event has not been invoiced yet.');
      if (!line.invoice.hasPdfDocument) {
        // spec: Endpoints 6 to 8, "Error statuses … other than 404: not shown" — the forbidden
        // profile refuses a document the service will never hold as a business denial (403).
        throw new RuleViolation(
          switches().documentErrors === 'forbidden' ? 'forbidden' : 'not_found',
          `Invoice ${line.invoice.reference} was imported from the previous provider; the service holds no document for it.`,
        );
      }
      return pdfResponse(
        await invoicePdf(line.invoice, event, tenant.config),
        `invoice-${event.id}.pdf`,
        switches(),
      );
    }),
  );

  // spec: Endpoints 6 to 8 — available immediately after the instruction is posted.
  app.get(
    `${API_ROOT}/patents/:patentId/events/:eventId/documents/instruction-receipt`,
    route('getInstructionReceiptDocument', async ({ c, input, tenant }) => {
      const event = eventFrom(c, input, tenant);
      if (!event.instruction)
        throw new RuleViolation('not_found', 'No instruction has been given for this event yet.');
      return pdfResponse(
        await instructionReceiptPdf(event.instruction.receipt, event, tenant.config),
        `instruction-receipt-${event.id}.pdf`,
        switches(),
      );
    }),
  );

  // spec: Endpoints 6 to 8 — 404 not_found until the office receipt is recorded, "after
  // processingStatus reaches FULFILLED": at once, or days later (officialReceiptDelayDays).
  app.get(
    `${API_ROOT}/patents/:patentId/events/:eventId/documents/official-receipt`,
    route('getOfficialReceiptDocument', async ({ c, input, tenant, view }) => {
      const event = eventFrom(c, input, tenant);
      const receipt = event.officialReceipt;
      if (!receipt || !service.officialReceiptOnFile(event, view.today)) {
        throw new RuleViolation(
          'not_found',
          'The official receipt is not on file yet: it is recorded once the renewal is FULFILLED.',
        );
      }
      // Its filename pattern is not shown: the rfc6266 profile names it in the office's language.
      return pdfResponse(
        await officialReceiptPdf(event, tenant.config),
        switches().documentFilenames === 'rfc6266'
          ? `reçu officiel – ${receipt.number}.pdf`
          : `official-receipt-${event.id}.pdf`,
        switches(),
      );
    }),
  );

  app.get(
    `${API_ROOT}/patent-events`,
    route('getPatentEventsByPeriod', ({ c, input, tenant, view }) => {
      const page = readPage(input);
      const dueWindow = readWindow(input);
      const offices = readOffices(input);
      const withFees = readInclude(input).has('fees');
      input.done();
      if (!dueWindow) throw new Error('unreachable: a missing window is a validation issue');
      const filters = {
        ...dueWindow,
        offices,
        owners: input.list('owners'),
        families: input.list('family'),
        eventTypes: input.list('eventTypes'),
      };
      const result = listPage(c, tenant, page, (pageWindow) =>
        listEventsByPeriod(tenant, filters, pageWindow),
      );
      return respond(
        {
          pagination: paginationOf(result.totalItems, page),
          data: result.items.map((event) => eventView(event, view, { withFees })),
        },
        200,
        { pinnedEventTypes: input.list('eventTypes').length > 0 },
      );
    }),
  );

  app.post(
    `${API_ROOT}/patent-instructions`,
    route('postPatentInstructions', async ({ c, tenant }) => {
      const body = await readJsonBody(c);
      const parsed = InstructionRequestSchema.safeParse(body);
      if (!parsed.success) throw validationFailed(issuesOf(parsed.error));
      const receipt = await service.instruct(tenant, parsed.data.instructions);
      return respond(receiptView(receipt, switches()), 201);
    }),
  );

  app.get(
    `${API_ROOT}/invoices`,
    route('getInvoices', ({ c, input, tenant }) => {
      const page = readPage(input);
      input.done();
      const result = listPage(c, tenant, page, (slice) => listInvoices(tenant, slice));
      return respond({
        pagination: paginationOf(result.totalItems, page),
        data: result.items.map((invoice) => invoiceView(invoice, switches())),
      });
    }),
  );

  app.get(
    `${API_ROOT}/invoices/:invoiceId`,
    route('getInvoice', ({ c, input, tenant }) => {
      const invoiceId = readUuid(input, 'invoiceId', c.req.param('invoiceId') ?? '');
      input.done();
      const invoice = tenant.invoicesById.get(invoiceId);
      if (!invoice) throw new RuleViolation('not_found', `No invoice ${invoiceId} in your account.`);
      return respond(invoiceView(invoice, switches()));
    }),
  );

  // spec: Endpoints 13 — a bare array of {object, yearMonth}, oldest month first.
  app.get(
    `${API_ROOT}/exchange-rate-freezes`,
    route('getExchangeRateFreezes', ({ tenant }) =>
      respond(
        [...tenant.freezes.keys()].sort().map((yearMonth) => ({ object: 'exchangeRateFreeze', yearMonth })),
      ),
    ),
  );

  // spec: Endpoints 14 — readable before the month is frozen: its events with their potential fees.
  app.get(
    `${API_ROOT}/exchange-rate-freezes/:yearMonth`,
    route('getExchangeRateFreeze', ({ c, view }) => {
      const yearMonth = c.req.param('yearMonth') ?? '';
      checkYearMonth(yearMonth);
      return respond(freezeView(yearMonth, view));
    }),
  );

  app.put(
    `${API_ROOT}/exchange-rate-freezes/:yearMonth`,
    route('putExchangeRateFreeze', async ({ c, tenant, view }) => {
      const yearMonth = c.req.param('yearMonth') ?? '';
      await service.freezeMonth(tenant, yearMonth);
      return respond(freezeView(yearMonth, view));
    }),
  );
}

function windowOf(page: { currentPage: number; itemsPerPage: number }) {
  return { offset: (page.currentPage - 1) * page.itemsPerPage, limit: page.itemsPerPage };
}

/** spec: rule 2 — anything outside the key's tenant is 404, exactly like an id that never existed. */
function patentFrom(c: SandboxContext, input: InputReader, tenant: TenantState): PatentRecord {
  const patentId = readUuid(input, 'patentId', c.req.param('patentId') ?? '');
  input.done();
  const patent = tenant.patentsById.get(patentId);
  if (!patent) throw new RuleViolation('not_found', `No patent ${patentId} in your portfolio.`);
  return patent;
}

function eventFrom(c: SandboxContext, input: InputReader, tenant: TenantState): EventRecord {
  const patentId = readUuid(input, 'patentId', c.req.param('patentId') ?? '');
  const eventId = readUuid(input, 'eventId', c.req.param('eventId') ?? '');
  input.done();
  const patent = tenant.patentsById.get(patentId);
  if (!patent) throw new RuleViolation('not_found', `No patent ${patentId} in your portfolio.`);
  const event = tenant.eventsById.get(eventId);
  if (!event || event.patent !== patent) {
    throw new RuleViolation('not_found', `No event ${eventId} on patent ${patentId}.`);
  }
  return event;
}

/**
 * spec: Endpoints 6 to 8 — binary application/pdf "with a Content-Disposition filename". The
 * rfc6266 profile sends it as RFC 6266 / RFC 8187 `filename*` (UTF-8, percent-encoded) with an
 * ASCII `filename` fallback, as a careful service naming files in any language would.
 */
function pdfResponse(pdf: Buffer, filename: string, profile: ProfileSwitches): Response {
  const disposition =
    profile.documentFilenames === 'rfc6266'
      ? `attachment; filename="${filename.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeRfc8187(filename)}`
      : `attachment; filename="${filename}"`;
  return new Response(new Uint8Array(pdf), {
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': disposition,
      'content-length': String(pdf.length),
    },
  });
}

/** RFC 8187 value characters: attr-char stays, everything else is percent-encoded UTF-8. */
function encodeRfc8187(value: string): string {
  return encodeURIComponent(value).replace(
    /['()*]/g,
    (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** spec: Endpoints 10 — `Content-Type: application/json`; a body that is not JSON is a 400. */
async function readJsonBody(c: SandboxContext): Promise<unknown> {
  const type = c.req.header('content-type') ?? '';
  if (!/^application\/(.+\+)?json\b/i.test(type.trim())) {
    throw validationFailed([
      { pointer: '', detail: `expected Content-Type application/json, got "${type}"` },
    ]);
  }
  const text = await c.req.text();
  if (Buffer.byteLength(text) > MAX_BODY_BYTES) {
    throw validationFailed([{ pointer: '', detail: `the body is larger than ${MAX_BODY_BYTES} bytes` }]);
  }
  try {
    return JSON.parse(text);
  } catch {
    throw validationFailed([{ pointer: '', detail: 'the body is not valid JSON' }]);
  }
}

/** zod issues as RFC 6901 pointers into the body; an unknown field points at the field itself. */
function issuesOf(error: z.ZodError): ValidationIssue[] {
  return error.issues.flatMap((issue) => {
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({
        pointer: jsonPointer([...issue.path, key]),
        detail: 'unknown field',
      }));
    }
    return [{ pointer: jsonPointer(issue.path), detail: issue.message }];
  });
}
