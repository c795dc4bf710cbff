import { test } from '@playwright/test';
import { sumByCurrency } from '../lib/annuity/money';
import { addMonths, currentYearMonth } from '../lib/format/dates';
import { E2E_OPERATOR_TOKEN } from '../playwright.config';
import { DEMO_API_KEY } from '../sandbox/demo';
import { createOperatorClient, type OperatorClient } from '../sandbox/operator-client';

/**
 * The stand-in service the journeys run against (playwright.config.ts starts one per stack), read
 * directly with the demo key so a test can compare what the dashboard shows with what the service
 * says. Raw fetch: lib/annuity's client is server-only by design. Each project names its stack's
 * stand-in in `metadata.sandboxPort`: the one behind the dashboard at its baseURL.
 */
export function serviceUrl(): string {
  const port: unknown = test.info().project.metadata?.sandboxPort;
  if (typeof port !== 'number') throw new Error('this project names no stand-in (metadata.sandboxPort)');
  return `http://127.0.0.1:${port}`;
}

const operatorClients = new Map<string, OperatorClient>();

function operatorClient(): OperatorClient {
  const baseUrl = serviceUrl();
  let client = operatorClients.get(baseUrl);
  if (!client) {
    client = createOperatorClient({ baseUrl, token: E2E_OPERATOR_TOKEN });
    operatorClients.set(baseUrl, client);
  }
  return client;
}

/**
 * The operator API of this journey's stand-in. Moving an event along its pipeline is what the
 * office does; under a profile that files the official receipt days after FULFILLED
 * (sandbox/profiles.ts, `officialReceiptDelayDays`) a journey does not wait days: the office's
 * receipt is filed with the move to FULFILLED, as the default profile always does.
 */
export const operator = new Proxy({} as OperatorClient, {
  get(_target, name: keyof OperatorClient) {
    const client = operatorClient();
    if (name !== 'progressEvent') return client[name];
    return async (...args: Parameters<OperatorClient['progressEvent']>) => {
      const moved = await client.progressEvent(...args);
      if (moved.processingStatus === 'FULFILLED' && moved.appliedDecision === 'PROCEED') {
        return client.releaseOfficialReceipt(moved.id);
      }
      return moved;
    };
  },
});

export interface ServiceEvent {
  id: string;
  patent: { id: string; providerId: string | null };
  eventType: string;
  dueDate: string;
  appliedDecision: string | null;
  processingStatus: string | null;
  feesStatus?: string | null;
  fees?: { currency: string; total: string | null; feesStatus?: string };
  instructability?: {
    isAllowed: boolean;
    allowedDecisions: string[];
    blockedReason: string | null;
    opensAt: string | null;
  };
}

export interface ServicePatent {
  id: string;
  providerId: string | null;
  clientCaseReference: string | null;
  office: string;
}

/** A read of the service, retried twice on a 5xx like the dashboard's own client (spec: Errors). */
async function get<T>(path: string): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const response = await fetch(`${serviceUrl()}/api/v2/external${path}`, {
      headers: { 'x-api-key': DEMO_API_KEY },
    });
    if (response.status >= 500 && attempt < 3) {
      await response.body?.cancel();
      await new Promise((resolve) => setTimeout(resolve, 250 * attempt));
      continue;
    }
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  }
}

/** Every renewal due in a month, with fees, as the service lists it (100 per page). */
export async function monthEvents(month: string, offices: string[] = []): Promise<ServiceEvent[]> {
  const events: ServiceEvent[] = [];
  for (let page = 1; ; page++) {
    const query = new URLSearchParams({
      dueMonth: month,
      include: 'fees',
      itemsPerPage: '100',
      currentPage: String(page),
    });
    for (const office of offices) query.append('offices', office);
    const body = await get<{ data: ServiceEvent[]; pagination: { hasMore: boolean } }>(
      `/patent-events?${query}`,
    );
    events.push(...body.data);
    if (!body.pagination.hasMore) return events.filter((event) => event.eventType === 'RENEWAL');
  }
}

export const patent = (id: string) => get<ServicePatent>(`/patents/${id}`);
/** A family reference the demo portfolio uses, from the service's first page of patents. */
export async function someFamily(): Promise<string> {
  const body = await get<{ data: { clientFamilyReference: string | null }[] }>('/patents?itemsPerPage=100');
  const family = body.data.find((candidate) => candidate.clientFamilyReference)?.clientFamilyReference;
  if (!family) throw new Error('no patent of the first page names a family');
  return family;
}
/** A patent's renewals (events of kinds a later v2 may add are ignored, spec: Patent event). */
export const patentEvents = async (id: string) =>
  (await get<ServiceEvent[]>(`/patents/${id}/events`)).filter((event) => event.eventType === 'RENEWAL');

/** The badge the month view must show for an event, from the service's instructability only. */
export function badgeOf(event: ServiceEvent): string {
  const instructability = event.instructability;
  if (!instructability) return 'not-reported';
  if (instructability.isAllowed) return 'allowed';
  return (
    {
      TOO_EARLY: 'too-early',
      EARLIER_EVENT_PENDING: 'earlier-pending',
      ALREADY_INSTRUCTED: 'already-instructed',
    }[instructability.blockedReason ?? ''] ?? 'blocked-other'
  );
}

export function totalsOf(events: ServiceEvent[]) {
  return sumByCurrency(
    events.flatMap((event) =>
      event.fees ? [{ amount: event.fees.total, currency: event.fees.currency }] : [],
    ),
  );
}

/** The name the dashboard shows for a patent (case reference, else provider id). */
export async function nameOf(event: ServiceEvent): Promise<string> {
  const found = await patent(event.patent.id);
  return found.clientCaseReference ?? found.providerId ?? found.id;
}

/**
 * The first renewal, month by month from `from` to two months past the current one (the last
 * month that can be open, spec: Instruction rules), for which `accept` holds.
 */
export async function findEvent(
  from: string,
  accept: (event: ServiceEvent) => boolean | Promise<boolean>,
): Promise<ServiceEvent> {
  const last = addMonths(currentYearMonth(), 2);
  for (let month = from; month <= last; month = addMonths(month, 1)) {
    for (const event of await monthEvents(month)) if (await accept(event)) return event;
  }
  throw new Error(`no renewal from ${from} to ${last} fits`);
}

export const offers = (event: ServiceEvent, decision: string) =>
  Boolean(event.instructability?.isAllowed && event.instructability.allowedDecisions.includes(decision));
