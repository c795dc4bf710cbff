import { createHash } from 'node:crypto';
import Big from 'big.js';
import { scale } from '../../lib/annuity/money';

/**
 * spec: Versioning 2 — "within v2 the contract changes additively without notice: new fields on
 * existing objects, new values in open enums". The futureV2Additions profile serves what a later
 * v2 could: it decorates every answer after the strict representation is built (views.ts), so
 * `stripFutureV2Additions` can take exactly these additions away again and the rest is checked
 * against the strict schemas (tests/profiles.test.ts).
 *
 * - every resource (a JSON object with `object`) gets the fields `revision` and `tags`; a page
 *   envelope gets `meta`; an `instructability` gets `explanation`;
 * - an ESTIMATED fees object gets a component of a type this v2 does not list, counted in `total`
 *   (spec: Fees, "open enum, ignore unknown types"; the total stays authoritative);
 * - a patent without an applicant type gets one this v2 does not list;
 * - every list of events gets one event of a kind this v2 does not list (spec: Patent event,
 *   "new kinds will be added, and events of unhandled kinds are to be ignored"), unless the request
 *   pinned `eventTypes`; in a page it is the last item of the last page and counted in totalItems.
 */
const ADDED_RESOURCE_FIELDS = ['revision', 'tags'] as const;
const ADDED_ENVELOPE_FIELD = 'meta';
const ADDED_INSTRUCTABILITY_FIELD = 'explanation';
export const FUTURE_EVENT_TYPE = 'OPPOSITION_DEADLINE';
export const FUTURE_COMPONENT_TYPE = 'FX_MARGIN';
export const FUTURE_APPLICANT_TYPE = 'NANO';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function withFutureV2Additions(body: unknown, options: { pinnedEventTypes?: boolean } = {}): unknown {
  const decorated = decorate(structuredClone(body) as Json);
  if (options.pinnedEventTypes) return decorated;
  if (Array.isArray(decorated)) return withFutureEvent(decorated);
  if (isObject(decorated) && isObject(decorated.pagination) && Array.isArray(decorated.data)) {
    const { pagination, data } = decorated;
    const lastPage = pagination.hasMore === false;
    const room = typeof pagination.itemsPerPage === 'number' && data.length < pagination.itemsPerPage;
    const before = data.length;
    if (lastPage && room) decorated.data = withFutureEvent(data);
    if (typeof pagination.totalItems === 'number' && (decorated.data as Json[]).length > before) {
      pagination.totalItems += 1;
    }
  }
  return decorated;
}

function decorate(value: Json): Json {
  if (Array.isArray(value)) return value.map(decorate);
  if (!isObject(value)) return value;
  for (const [key, child] of Object.entries(value)) value[key] = decorate(child);
  if (typeof value.object === 'string') {
    value.revision = 1;
    value.tags = [];
  }
  if (isObject(value.pagination) && Array.isArray(value.data))
    value[ADDED_ENVELOPE_FIELD] = { apiRevision: '2.1' };
  if (isObject(value.instructability)) value.instructability[ADDED_INSTRUCTABILITY_FIELD] = null;
  if (value.object === 'patent' && value.applicantType === null) value.applicantType = FUTURE_APPLICANT_TYPE;
  if (
    value.object === 'fees' &&
    value.feesStatus === 'ESTIMATED' &&
    typeof value.total === 'string' &&
    typeof value.currency === 'string' &&
    Array.isArray(value.components)
  ) {
    const margin = scale(new Big(1), value.currency);
    value.components.push({ type: FUTURE_COMPONENT_TYPE, amount: margin });
    value.total = scale(new Big(value.total).plus(margin), value.currency);
  }
  return value;
}

/** Appends an event of an unlisted kind to a list of events (of the same patent as the last one). */
function withFutureEvent(items: Json[]): Json[] {
  const last = items.at(-1);
  if (!isObject(last) || last.object !== 'patentEvent' || !isObject(last.patent)) return items;
  const patentId = String(last.patent.id);
  return [
    ...items,
    {
      object: 'patentEvent',
      id: stableUuid(`${FUTURE_EVENT_TYPE}:${patentId}`),
      patent: { ...last.patent },
      eventType: FUTURE_EVENT_TYPE,
      dueDate: last.dueDate ?? null,
      gracePeriodEndDate: null,
      renewal: null,
      appliedDecision: null,
      duePeriod: null,
      processingStatus: null,
      processingStatusUpdatedAt: null,
      isFxRateFrozen: false,
      feesStatus: null,
      createdAt: last.createdAt ?? null,
      updatedAt: last.updatedAt ?? null,
      revision: 1,
      tags: [],
    },
  ];
}

/** The exact inverse of `withFutureV2Additions`, for checking the rest against the strict schemas. */
export function stripFutureV2Additions(body: unknown): unknown {
  return strip(structuredClone(body) as Json);
}

function strip(value: Json): Json {
  if (Array.isArray(value)) {
    return value.filter((item) => !(isObject(item) && item.eventType === FUTURE_EVENT_TYPE)).map(strip);
  }
  if (!isObject(value)) return value;
  if (isObject(value.pagination) && Array.isArray(value.data)) {
    const future = value.data.filter((item) => isObject(item) && item.eventType === FUTURE_EVENT_TYPE).length;
    if (typeof value.pagination.totalItems === 'number') value.pagination.totalItems -= future;
    delete value[ADDED_ENVELOPE_FIELD];
  }
  for (const [key, child] of Object.entries(value)) value[key] = strip(child);
  if (typeof value.object === 'string') for (const field of ADDED_RESOURCE_FIELDS) delete value[field];
  if (isObject(value.instructability)) delete value.instructability[ADDED_INSTRUCTABILITY_FIELD];
  if (value.object === 'patent' && value.applicantType === FUTURE_APPLICANT_TYPE) value.applicantType = null;
  if (value.object === 'fees' && Array.isArray(value.components) && typeof value.currency === 'string') {
    const future = value.components.find((c) => isObject(c) && c.type === FUTURE_COMPONENT_TYPE);
    if (isObject(future) && typeof value.total === 'string') {
      value.components = value.components.filter((c) => c !== future);
      value.total = scale(new Big(value.total).minus(String(future.amount)), value.currency);
    }
  }
  return value;
}

/** A UUID derived from a name, so the added event keeps its id from one read to the next. */
function stableUuid(name: string): string {
  const hex = createHash('sha1').update(name).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
