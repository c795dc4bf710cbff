import type { Hono } from 'hono';
import type { z } from 'zod';
import { InstructionRequestSchema } from '../../lib/annuity/schemas';
import { instructionReceiptPdf, invoicePdf, officialReceiptPdf } from '../documents/pdf';
import { checkYearMonth } from '../domain/freezes';
import type { EventRecord, PatentRecord } from '../domain/model';
import { listEventsByPeriod, listInvoices, listPatents } from '../domain/queries';
import { jsonPointer, RuleViolation, type ValidationIssue, validationFailed } from '../domain/rule-violation';
import type { TenantState } from '../domain/tenant-state';
import type { SandboxContext, SandboxEnv } from '../http/context';
import { jsonResponse } from '../http/problems';
import type { SandboxService } from '../service';
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

/** The 15 operations of API v2 (spec: Endpoints), each behind the gate of operation.ts. */
export function registerApiRoutes(app: Hono<SandboxEnv>, service: SandboxService): void {
  const route = (name: OperationName, handler: (context: OperationContext) => Response | Promise<Response>) =>
    operation(service, name, handler);

  app.get(
    `${API_ROOT}/patents`,
    route('getPatents', ({ input, tenant }) => {
      const page = readPage(input);
      const sort = readSort(input);
      const providerId = input.single('providerId');
      input.done();
      const result = listPatents(tenant, { providerId, sort }, windowOf(page));
      return jsonResponse({
        pagination: paginationOf(result.totalItems, page),
        data: result.items.map(patentView),
      });
    }),
  );

  app.get(
    `${API_ROOT}/patents/:patentId`,
    route('getPatent', ({ c, input, tenant }) => jsonResponse(patentView(patentFrom(c, input, tenant)))),
  );

  // spec: Endpoints 3 — a bare array, past and future, in due-date order. The per-patent endpoints
  // carry `fees` without a request (their documented payload includes it; spec: Patent event).
  app.get(
    `${API_ROOT}/patents/:patentId/events`,
    route('getPatentEvents', ({ c, input, tenant, view }) => {
      const patent = patentFrom(c, input, tenant);
      return jsonResponse(patent.events.map((event) => eventView(event, view, { withFees: true })));
    }),
  );

  app.get(
    `${API_ROOT}/patents/:patentId/events/:eventId`,
    route('getPatentEvent', ({ c, input, tenant, view }) =>
      jsonResponse(eventView(eventFrom(c, input, tenant), view, { withFees: true })),
    ),
  );

  // spec: Endpoints 5 — ESTIMATED before an invoice exists, INVOICED after; never a 404 for that.
  app.get(
    `${API_ROOT}/patents/:patentId/events/:eventId/fees`,
    route('getPatentEventFees', ({ c, input, tenant, view }) =>
      jsonResponse(feesView(eventFrom(c, input, tenant), view)),
    ),
  );

  app.get(
    `${API_ROOT}/patents/:patentId/events/:eventId/documents/invoice`,
    route('getInvoiceDocument', async ({ c, input, tenant }) => {
      const event = eventFrom(c, input, tenant);
      const line = event.invoiceLine;
      if (!line) throw new RuleViolation('not_found', 'This event has not been invoiced yet.');
      if (!line.invoice.hasPdfDocument) {
        throw new RuleViolation(
          'not_found',
          `Invoice ${line.invoice.reference} was imported from the previous provider; the service holds no document for it.`,
        );
      }
      return pdfResponse(await invoicePdf(line.invoice, event, tenant.config), `invoice-${event.id}.pdf`);
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
      );
    }),
  );

  // spec: Endpoints 6 to 8 — 404 not_found until the office receipt is recorded (at FULFILLED).
  app.get(
    `${API_ROOT}/patents/:patentId/events/:eventId/documents/official-receipt`,
    route('getOfficialReceiptDocument', async ({ c, input, tenant }) => {
      const event = eventFrom(c, input, tenant);
      if (!event.officialReceipt) {
        throw new RuleViolation(
          'not_found',
          'The official receipt is not on file yet: it is recorded once the renewal is FULFILLED.',
        );
      }
      return pdfResponse(await officialReceiptPdf(event, tenant.config), `official-receipt-${event.id}.pdf`);
    }),
  );

  app.get(
    `${API_ROOT}/patent-events`,
    route('getPatentEventsByPeriod', ({ input, tenant, view }) => {
      const page = readPage(input);
      const window = readWindow(input);
      const offices = readOffices(input);
      const withFees = readInclude(input).has('fees');
      input.done();
      if (!window) throw new Error('unreachable: a missing window is a validation issue');
      const result = listEventsByPeriod(
        tenant,
        {
          ...window,
          offices,
          owners: input.list('owners'),
          families: input.list('family'),
          eventTypes: input.list('eventTypes'),
        },
        windowOf(page),
      );
      return jsonResponse({
        pagination: paginationOf(result.totalItems, page),
        data: result.items.map((event) => eventView(event, view, { withFees })),
      });
    }),
  );

  app.post(
    `${API_ROOT}/patent-instructions`,
    route('postPatentInstructions', async ({ c, tenant }) => {
      const body = await readJsonBody(c);
      const parsed = InstructionRequestSchema.safeParse(body);
      if (!parsed.success) throw validationFailed(issuesOf(parsed.error));
      const receipt = await service.instruct(tenant, parsed.data.instructions);
      return jsonResponse(receiptView(receipt), 201);
    }),
  );

  app.get(
    `${API_ROOT}/invoices`,
    route('getInvoices', ({ input, tenant }) => {
      const page = readPage(input);
      input.done();
      const result = listInvoices(tenant, windowOf(page));
      return jsonResponse({
        pagination: paginationOf(result.totalItems, page),
        data: result.items.map(invoiceView),
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
      return jsonResponse(invoiceView(invoice));
    }),
  );

  // spec: Endpoints 13 — a bare array of {object, yearMonth}, oldest month first.
  app.get(
    `${API_ROOT}/exchange-rate-freezes`,
    route('getExchangeRateFreezes', ({ tenant }) =>
      jsonResponse(
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
      return jsonResponse(freezeView(yearMonth, view));
    }),
  );

  app.put(
    `${API_ROOT}/exchange-rate-freezes/:yearMonth`,
    route('putExchangeRateFreeze', async ({ c, tenant, view }) => {
      const yearMonth = c.req.param('yearMonth') ?? '';
      await service.freezeMonth(tenant, yearMonth);
      return jsonResponse(freezeView(yearMonth, view));
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

function pdfResponse(pdf: Buffer, filename: string): Response {
  return new Response(new Uint8Array(pdf), {
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="${filename}"`,
      'content-length': String(pdf.length),
    },
  });
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
