import { z } from 'zod';
import { InstructionRequestSchema, PATENT_SORT_FIELDS, SCOPES, strict } from '../../lib/annuity/schemas';
import { MAX_BATCH_SIZE } from '../domain/instruction-batch';
import { OPERATION_SCOPES, type OperationName } from './operation';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './query';
import { API_ROOT } from './routes';

/**
 * The OpenAPI 3.1 document of API v2, generated from the same zod schemas the tests validate
 * responses with (lib/annuity/schemas.ts, strict reading): no hand-kept copy of any shape. The
 * paths, parameters and error responses are described here from the spec's endpoint table.
 */

type JsonObject = Record<string, unknown>;

const COMPONENT_SCHEMAS = {
  Patent: strict.patent,
  PatentEvent: strict.patentEvent,
  Fees: strict.fees,
  Instructability: strict.instructability,
  Invoice: strict.invoice,
  Instruction: strict.instruction,
  InstructionReceipt: strict.instructionReceipt,
  ExchangeRateFreeze: strict.exchangeRateFreeze,
  ExchangeRateFreezeSummary: strict.exchangeRateFreezeSummary,
  FrozenRateEvent: strict.frozenRateEvent,
  Pagination: strict.pagination,
  Problem: strict.problem,
  InstructionRequest: InstructionRequestSchema,
  PatentPage: strict.page(strict.patent),
  PatentEventPage: strict.page(strict.patentEvent),
  InvoicePage: strict.page(strict.invoice),
} satisfies Record<string, z.ZodType>;

type ComponentName = keyof typeof COMPONENT_SCHEMAS;

function componentSchemas(): Record<string, JsonObject> {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries(COMPONENT_SCHEMAS)) registry.add(schema, { id });
  const { schemas } = z.toJSONSchema(registry, {
    uri: (id) => `#/components/schemas/${id}`,
    unrepresentable: 'any',
  });
  const result: Record<string, JsonObject> = {};
  for (const [id, schema] of Object.entries(schemas)) {
    // A component is a schema object inside the document: no $schema of its own, and a
    // fragment-only $id is not a valid identifier in JSON Schema 2020-12.
    const { $schema: _schema, $id: _id, ...rest } = schema as JsonObject;
    result[id] = addDateFormats(rest);
  }
  return result;
}

/**
 * spec: Conventions — fields ending `Date` (and opensAt, scheduledForExecutionAt) are calendar
 * dates, fields ending `At` are UTC timestamps. The zod schemas check these with refinements,
 * which JSON Schema cannot carry, so the document states the formats by the same naming rule.
 */
function addDateFormats(schema: JsonObject): JsonObject {
  const visit = (node: unknown, name: string | null): unknown => {
    if (Array.isArray(node)) return node.map((item) => visit(item, name));
    if (node === null || typeof node !== 'object') return node;
    const object = node as JsonObject;
    const copy: JsonObject = {};
    for (const [key, value] of Object.entries(object)) {
      if (key === 'properties' && value && typeof value === 'object') {
        copy.properties = Object.fromEntries(
          Object.entries(value as JsonObject).map(([property, child]) => [property, visit(child, property)]),
        );
      } else copy[key] = visit(value, key === 'items' || key === 'anyOf' || key === 'oneOf' ? name : null);
    }
    const format = name === null ? null : formatFor(name);
    const isString = copy.type === 'string' || (Array.isArray(copy.type) && copy.type.includes('string'));
    if (format && isString && copy.format === undefined) copy.format = format;
    return copy;
  };
  return visit(schema, null) as JsonObject;
}

function formatFor(property: string): 'date' | 'date-time' | null {
  if (
    property === 'opensAt' ||
    property === 'scheduledForExecutionAt' ||
    property === 'missingPreviousRenewalDates'
  ) {
    return 'date';
  }
  if (property.endsWith('Date')) return 'date';
  if (property.endsWith('At')) return 'date-time';
  return null;
}

const ref = (name: ComponentName) => ({ $ref: `#/components/schemas/${name}` });

const PROBLEM_RESPONSES: Record<number, string> = {
  400: 'validation_failed: invalid query, path or body input (RFC 6901 pointers in `errors`)',
  401: 'invalid_api_key (missing or unknown key) or api_key_expired',
  403: 'insufficient_scope (with requiredScope) or forbidden',
  404: 'not_found: not in the client portfolio',
  409: 'instruction_already_set',
  422: 'instruction_too_early, instruction_skipped (with clientCaseReference and missingPreviousRenewalDates) or instruction_lapsed',
  429: 'rate_limit_exceeded: daily quota used up; Retry-After gives the seconds until reset',
};

function problemResponses(statuses: readonly number[]): JsonObject {
  return Object.fromEntries(
    statuses.map((status) => [
      String(status),
      {
        description: PROBLEM_RESPONSES[status] ?? 'problem',
        headers: {
          'X-Request-Id': { $ref: '#/components/headers/X-Request-Id' },
          ...(status === 429 ? { 'Retry-After': { $ref: '#/components/headers/Retry-After' } } : {}),
        },
        content: { 'application/problem+json': { schema: ref('Problem') } },
      },
    ]),
  );
}

const SUCCESS_HEADERS = {
  'X-Request-Id': { $ref: '#/components/headers/X-Request-Id' },
  'RateLimit-Limit': { $ref: '#/components/headers/RateLimit-Limit' },
  'RateLimit-Remaining': { $ref: '#/components/headers/RateLimit-Remaining' },
  'RateLimit-Reset': { $ref: '#/components/headers/RateLimit-Reset' },
};

function jsonSuccess(description: string, schema: JsonObject, status = '200'): JsonObject {
  return { [status]: { description, headers: SUCCESS_HEADERS, content: { 'application/json': { schema } } } };
}

function pdfSuccess(description: string): JsonObject {
  return {
    '200': {
      description,
      headers: {
        ...SUCCESS_HEADERS,
        'Content-Disposition': { description: 'attachment; filename="…"', schema: { type: 'string' } },
      },
      content: { 'application/pdf': { schema: { type: 'string', contentMediaType: 'application/pdf' } } },
    },
  };
}

const pathParameter = (name: string, description: string, pattern?: string) => ({
  name,
  in: 'path',
  required: true,
  description,
  schema: { type: 'string', ...(pattern ? { pattern } : { format: 'uuid' }) },
});
const queryParameter = (name: string, description: string, schema: JsonObject, extra: JsonObject = {}) => ({
  name,
  in: 'query',
  required: false,
  description,
  schema,
  ...extra,
});
const PAGE_PARAMETERS = [
  queryParameter(
    'itemsPerPage',
    `Page size, default ${DEFAULT_PAGE_SIZE}; larger values are clamped to ${MAX_PAGE_SIZE}.`,
    {
      type: 'integer',
      minimum: 1,
    },
  ),
  queryParameter('currentPage', 'Page number, 1-based, default 1.', { type: 'integer', minimum: 1 }),
];
const repeatable = (name: string, description: string) =>
  queryParameter(
    name,
    description,
    { type: 'array', items: { type: 'string' } },
    { style: 'form', explode: true },
  );

const PATENT_ID = pathParameter('patentId', 'The patent (service UUID).');
const EVENT_ID = pathParameter('eventId', 'The patent event (service UUID).');
const YEAR_MONTH = pathParameter('yearMonth', 'The month, YYYY-MM.', '^\\d{4}-(0[1-9]|1[0-2])$');

function operationObject(
  operationId: OperationName,
  summary: string,
  details: {
    parameters?: unknown[];
    responses: JsonObject;
    errors: readonly number[];
    requestBody?: JsonObject;
  },
): JsonObject {
  return {
    operationId,
    summary,
    description: `Requires the \`${OPERATION_SCOPES[operationId]}\` scope.`,
    'x-required-scope': OPERATION_SCOPES[operationId],
    security: [{ ApiKeyAuth: [] }],
    ...(details.parameters ? { parameters: details.parameters } : {}),
    ...(details.requestBody ? { requestBody: details.requestBody } : {}),
    responses: { ...details.responses, ...problemResponses(details.errors) },
  };
}

let cached: JsonObject | null = null;

export function openApiDocument(): JsonObject {
  cached ??= buildDocument();
  return cached;
}

function buildDocument(): JsonObject {
  const eventPath = `${API_ROOT}/patents/{patentId}/events/{eventId}`;
  return {
    openapi: '3.1.0',
    info: {
      title: 'Patent Annuity Management Service External API',
      version: '2',
      description:
        'Served by the stand-in service (sandbox/). Generated from the zod schemas of lib/annuity/schemas.ts. Every response carries X-Request-Id.',
    },
    servers: [{ url: '/' }],
    security: [{ ApiKeyAuth: [] }],
    paths: {
      [`${API_ROOT}/patents`]: {
        get: operationObject('getPatents', 'List patents', {
          parameters: [
            ...PAGE_PARAMETERS,
            queryParameter('sort', 'One field, `-` prefix for descending.', {
              type: 'string',
              enum: PATENT_SORT_FIELDS.flatMap((field) => [field, `-${field}`]),
            }),
            queryParameter('providerId', 'Exact match; an unknown value gives an empty page.', {
              type: 'string',
            }),
          ],
          responses: jsonSuccess('A page of patents', ref('PatentPage')),
          errors: [400, 401, 403, 429],
        }),
      },
      [`${API_ROOT}/patents/{patentId}`]: {
        get: operationObject('getPatent', 'Get a patent', {
          parameters: [PATENT_ID],
          responses: jsonSuccess('The patent', ref('Patent')),
          errors: [400, 401, 403, 404, 429],
        }),
      },
      [`${API_ROOT}/patents/{patentId}/events`]: {
        get: operationObject('getPatentEvents', 'List the events of a patent', {
          parameters: [PATENT_ID],
          responses: jsonSuccess('Every event of the patent, with fees', {
            type: 'array',
            items: ref('PatentEvent'),
          }),
          errors: [400, 401, 403, 404, 429],
        }),
      },
      [eventPath]: {
        get: operationObject('getPatentEvent', 'Get a patent event', {
          parameters: [PATENT_ID, EVENT_ID],
          responses: jsonSuccess('The event, with fees', ref('PatentEvent')),
          errors: [400, 401, 403, 404, 429],
        }),
      },
      [`${eventPath}/fees`]: {
        get: operationObject('getPatentEventFees', 'Get the fees of a patent event', {
          parameters: [PATENT_ID, EVENT_ID],
          responses: jsonSuccess('ESTIMATED before invoicing, INVOICED after', ref('Fees')),
          errors: [400, 401, 403, 404, 429],
        }),
      },
      [`${eventPath}/documents/invoice`]: {
        get: operationObject('getInvoiceDocument', 'Download the invoice of an event', {
          parameters: [PATENT_ID, EVENT_ID],
          responses: pdfSuccess('invoice-<eventId>.pdf'),
          errors: [400, 401, 403, 404, 429],
        }),
      },
      [`${eventPath}/documents/instruction-receipt`]: {
        get: operationObject(
          'getInstructionReceiptDocument',
          'Download the instruction receipt of an event',
          {
            parameters: [PATENT_ID, EVENT_ID],
            responses: pdfSuccess('instruction-receipt-<eventId>.pdf'),
            errors: [400, 401, 403, 404, 429],
          },
        ),
      },
      [`${eventPath}/documents/official-receipt`]: {
        get: operationObject('getOfficialReceiptDocument', 'Download the official receipt of an event', {
          parameters: [PATENT_ID, EVENT_ID],
          responses: pdfSuccess('official-receipt-<eventId>.pdf; 404 until FULFILLED'),
          errors: [400, 401, 403, 404, 429],
        }),
      },
      [`${API_ROOT}/patent-events`]: {
        get: operationObject('getPatentEventsByPeriod', 'List patent events by due period', {
          parameters: [
            queryParameter('dueMonth', 'Whole month, YYYY-MM; wins over dueFrom/dueTo.', {
              type: 'string',
              pattern: '^\\d{4}-(0[1-9]|1[0-2])$',
            }),
            queryParameter('dueFrom', 'Window start, inclusive (with dueTo).', {
              type: 'string',
              format: 'date',
            }),
            queryParameter('dueTo', 'Window end, inclusive (with dueFrom).', {
              type: 'string',
              format: 'date',
            }),
            queryParameter(
              'include',
              'Comma-separated; `fees` adds the fees object. Unknown values are ignored.',
              {
                type: 'string',
              },
            ),
            repeatable('eventTypes', 'Event types (RENEWAL today).'),
            repeatable('offices', 'Office codes, two letters.'),
            repeatable('owners', 'Exact patent owner values.'),
            repeatable('family', 'Client family references.'),
            ...PAGE_PARAMETERS,
          ],
          responses: jsonSuccess('A page of events', ref('PatentEventPage')),
          errors: [400, 401, 403, 429],
        }),
      },
      [`${API_ROOT}/patent-instructions`]: {
        post: operationObject('postPatentInstructions', 'Post instructions (one atomic batch)', {
          requestBody: {
            required: true,
            description: `One event per patent; at most ${MAX_BATCH_SIZE} instructions.`,
            content: { 'application/json': { schema: ref('InstructionRequest') } },
          },
          responses: jsonSuccess('The instruction receipt', ref('InstructionReceipt'), '201'),
          errors: [400, 401, 403, 404, 409, 422, 429],
        }),
      },
      [`${API_ROOT}/invoices`]: {
        get: operationObject('getInvoices', 'List invoices', {
          parameters: PAGE_PARAMETERS,
          responses: jsonSuccess('A page of invoices, newest first', ref('InvoicePage')),
          errors: [400, 401, 403, 429],
        }),
      },
      [`${API_ROOT}/invoices/{invoiceId}`]: {
        get: operationObject('getInvoice', 'Get an invoice', {
          parameters: [pathParameter('invoiceId', 'The invoice (service UUID).')],
          responses: jsonSuccess('The invoice with every line', ref('Invoice')),
          errors: [400, 401, 403, 404, 429],
        }),
      },
      [`${API_ROOT}/exchange-rate-freezes`]: {
        get: operationObject('getExchangeRateFreezes', 'List frozen months', {
          responses: jsonSuccess('Frozen months', { type: 'array', items: ref('ExchangeRateFreezeSummary') }),
          errors: [401, 403, 429],
        }),
      },
      [`${API_ROOT}/exchange-rate-freezes/{yearMonth}`]: {
        get: operationObject('getExchangeRateFreeze', 'Get a month freeze (also before it is frozen)', {
          parameters: [YEAR_MONTH],
          responses: jsonSuccess('The month and its events', ref('ExchangeRateFreeze')),
          errors: [400, 401, 403, 429],
        }),
        put: operationObject('putExchangeRateFreeze', 'Freeze a month (idempotent)', {
          parameters: [YEAR_MONTH],
          responses: jsonSuccess('The frozen month and its events', ref('ExchangeRateFreeze')),
          errors: [400, 401, 403, 429],
        }),
      },
    },
    components: {
      schemas: componentSchemas(),
      securitySchemes: {
        ApiKeyAuth: {
          type: 'apiKey',
          in: 'header',
          name: 'x-api-key',
          description: `A 64-character hexadecimal key. Scopes: ${SCOPES.join(', ')}.`,
        },
      },
      headers: {
        'X-Request-Id': {
          description: 'Correlation id; equals requestId in problem bodies.',
          schema: { type: 'string' },
        },
        'RateLimit-Limit': { description: 'Daily call quota of the key.', schema: { type: 'integer' } },
        'RateLimit-Remaining': {
          description: 'Calls left today, this one counted.',
          schema: { type: 'integer' },
        },
        'RateLimit-Reset': {
          description: 'Seconds until the quota resets (local midnight).',
          schema: { type: 'integer' },
        },
        'Retry-After': { description: 'Seconds until the quota resets.', schema: { type: 'integer' } },
      },
    },
  };
}
