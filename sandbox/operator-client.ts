import type {
  ClockRequest,
  ClockState,
  CreatedKey,
  CreateKeyRequest,
  CreateTenantRequest,
  FaultSettings,
  FaultsRequest,
  FxRates,
  FxRatesRequest,
  OperatorTenant,
  ProcessingStatusTarget,
  ProfileRequest,
  ProfileState,
  ProgressedEvent,
  UsageReport,
} from './operator/schemas';

// What callers build a request from; the answers' types reach them through the methods below.
export type { CreateKeyRequest, CreateTenantRequest, FaultsRequest, ProcessingStatusTarget };

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

/**
 * A small typed client of the operator API (operator/routes.ts), for the admin CLI and for tests.
 * Its types are the routes' own schemas (operator/schemas.ts); the service validates what is sent,
 * so a test can still send a wrong value on purpose. Errors are thrown as OperatorApiError with the
 * problem's code and detail.
 */
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
    releaseOfficialReceipt: (eventId: string) =>
      call<ProgressedEvent>('POST', `/events/${encodeURIComponent(eventId)}/official-receipt`),
    getProfile: () => call<ProfileState>('GET', '/profile'),
    setProfile: (request: ProfileRequest) => call<ProfileState>('PUT', '/profile', request),
    getClock: () => call<ClockState>('GET', '/clock'),
    setToday: (today: ClockRequest['today']) => call<ClockState>('PUT', '/clock', { today }),
    getFxRates: () => call<FxRates>('GET', '/fx-rates'),
    setFxRates: (change: FxRatesRequest) => call<FxRates>('PUT', '/fx-rates', change),
    getFaults: () => call<FaultSettings>('GET', '/faults'),
    setFaults: (faults: FaultsRequest) => call<FaultSettings>('PUT', '/faults', faults),
    clearFaults: () => call<FaultSettings>('DELETE', '/faults'),
    getUsage: (tenant: string) => call<UsageReport>('GET', `/usage${tenantQuery(tenant)}`),
    resetUsage: (tenant: string) => call<UsageReport>('DELETE', `/usage${tenantQuery(tenant)}`),
  };
}

export type OperatorClient = ReturnType<typeof createOperatorClient>;
