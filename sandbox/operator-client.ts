/**
 * A small typed client of the operator API (operator/routes.ts), for the admin CLI and for tests.
 * Errors are thrown as OperatorApiError with the problem's code and detail.
 */

export type ProcessingStatusTarget =
  | 'INSTRUCTED'
  | 'PAYMENT_SENT'
  | 'PAYMENT_CONFIRMED'
  | 'FULFILLED'
  | 'UNPROCESSABLE';

export interface OperatorTenant {
  id: string;
  name: string;
  currency: string;
  invoiceCurrencyByOffice: Record<string, string>;
  patents: number;
  seed: number;
  freezeEnabled: boolean;
  freezeHorizonMonths: number;
  vatRate: number;
  vatNumber: string | null;
  anchorDate: string;
  createdAt: string;
  counts: { patents: number; events: number; invoices: number; frozenMonths: number };
}

export interface CreateTenantRequest {
  name: string;
  currency?: string;
  invoiceCurrencyByOffice?: Record<string, string>;
  patents?: number;
  seed?: number;
  freezeEnabled?: boolean;
  freezeHorizonMonths?: number;
  vatRate?: number;
}

export interface CreateKeyRequest {
  tenant: string;
  scopes: string[];
  expiresAt?: string;
  dailyLimit?: number;
}

export interface CreatedKey {
  id: string;
  key: string;
  tenant: string;
  scopes: string[];
  expiresAt: string;
  dailyLimit: number;
}

export interface ClockState {
  today: string;
  isPinned: boolean;
  now: string;
}

export interface FxRates {
  base: string;
  rates: Record<string, string>;
}

export interface Faults {
  latencyMs: number;
  errorRate: number;
  errorStatus: number;
  dropRate: number;
  /** 'after': the operation runs, then the connection is cut (the answer is lost). */
  dropPhase: 'before' | 'after';
  /** Every Nth matching request gets the fault instead of a random share (deterministic tests). */
  every: number | null;
  paths: string[];
}

export interface KeyUsageReport {
  id: string;
  keyHint: string;
  scopes: string[];
  expiresAt: string;
  dailyLimit: number;
  calls: number;
  rateLimited: number;
  today: { date: string; calls: number; remaining: number };
  operations: Record<string, number>;
}

export interface UsageReport {
  tenant: string;
  calls: number;
  operations: Record<string, number>;
  keys: KeyUsageReport[];
}

/** The event after a progress move, as API v2 represents it (with fees). */
export interface ProgressedEvent {
  id: string;
  processingStatus: string;
  processingStatusUpdatedAt: string | null;
  appliedDecision: string | null;
  [field: string]: unknown;
}

export class OperatorApiError extends Error {
  override name = 'OperatorApiError';
  constructor(
    readonly status: number,
    readonly code: string,
    readonly detail: string,
  ) {
    super(`operator API ${status} ${code}: ${detail}`);
  }
}

export interface OperatorClientOptions {
  baseUrl: string;
  token: string;
  fetch?: typeof fetch;
}

export function createOperatorClient(options: OperatorClientOptions) {
  const fetchImpl = options.fetch ?? fetch;
  const root = `${options.baseUrl.replace(/\/+$/, '')}/operator/v1`;

  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetchImpl(`${root}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${options.token}`,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    const payload: unknown = text ? JSON.parse(text) : null;
    if (!response.ok) {
      const problem = (payload ?? {}) as { code?: string; detail?: string };
      throw new OperatorApiError(response.status, problem.code ?? 'unknown', problem.detail ?? text);
    }
    return payload as T;
  }

  const tenantQuery = (tenant: string) => `?tenant=${encodeURIComponent(tenant)}`;

  return {
    listTenants: () => call<OperatorTenant[]>('GET', '/tenants'),
    getTenant: (name: string) => call<OperatorTenant>('GET', `/tenants/${encodeURIComponent(name)}`),
    createTenant: (request: CreateTenantRequest) => call<OperatorTenant>('POST', '/tenants', request),
    createKey: (request: CreateKeyRequest) => call<CreatedKey>('POST', '/keys', request),
    progressEvent: (eventId: string, to?: ProcessingStatusTarget) =>
      call<ProgressedEvent>(
        'POST',
        `/events/${encodeURIComponent(eventId)}/progress`,
        to === undefined ? {} : { to },
      ),
    getClock: () => call<ClockState>('GET', '/clock'),
    setToday: (today: string | null) => call<ClockState>('PUT', '/clock', { today }),
    getFxRates: () => call<FxRates>('GET', '/fx-rates'),
    setFxRates: (change: { rates?: Record<string, string>; multiplyAllBy?: string }) =>
      call<FxRates>('PUT', '/fx-rates', change),
    getFaults: () => call<Faults>('GET', '/faults'),
    setFaults: (faults: Partial<Faults>) => call<Faults>('PUT', '/faults', faults),
    clearFaults: () => call<Faults>('DELETE', '/faults'),
    getUsage: (tenant: string) => call<UsageReport>('GET', `/usage${tenantQuery(tenant)}`),
    resetUsage: (tenant: string) => call<UsageReport>('DELETE', `/usage${tenantQuery(tenant)}`),
  };
}

export type OperatorClient = ReturnType<typeof createOperatorClient>;
