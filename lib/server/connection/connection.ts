import 'server-only';
import type { AnnuityClient } from '../../annuity/client';
import { AnnuityApiError, AnnuityContractError, AnnuityNetworkError } from '../../annuity/errors';
import { SCOPES, type Scope } from '../../annuity/schemas';
import { logger } from '../../log';
import { maskKey } from './key-crypto';
import { clientWithKey, resolveActiveKey, UpstreamNotConfiguredError, upstreamClient } from './upstream';

export type ScopeState = 'granted' | 'missing' | 'unknown';
type KeyState = 'valid' | 'invalid' | 'expired' | 'unknown';

export interface ConnectionReport {
  checkedAt: string;
  baseUrl: string | null;
  maskedKey: string | null;
  reachable: boolean;
  keyState: KeyState;
  scopes: Record<Scope, ScopeState>;
  requestIds: string[];
  problems: string[];
}

/**
 * One cheap read per scope (spec: Authentication 4). The write scope has no read: the only call
 * it allows moves money, and the spec does not say how the service answers an empty batch, so it
 * is never probed. It shows as 'not checked' until a batch is sent (see noteScopeFromSend).
 */
const PROBES: Partial<Record<Scope, (client: AnnuityClient) => Promise<unknown>>> = {
  'patents:read': (client) => client.getPatents({ itemsPerPage: 1 }),
  'invoices:read': (client) => client.getInvoices({ itemsPerPage: 1 }),
  'exchange-rate-freezes:write': (client) => client.getExchangeRateFreezes(),
};

export interface ProbeResult {
  reachable: boolean;
  keyState: KeyState;
  scopes: Record<Scope, ScopeState>;
  requestIds: string[];
  problems: string[];
}

/** The probes above, with one client: the active connection's, or a key an admin is checking. */
async function probeScopes(client: AnnuityClient): Promise<ProbeResult> {
  const report: ProbeResult = {
    reachable: false,
    keyState: 'unknown',
    scopes: Object.fromEntries(SCOPES.map((scope) => [scope, 'unknown'])) as Record<Scope, ScopeState>,
    requestIds: [],
    problems: [],
  };
  for (const scope of SCOPES) {
    const probe = PROBES[scope];
    if (!probe) continue;
    try {
      const result = (await probe(client)) as { meta?: { requestId: string | null } };
      report.reachable = true;
      report.keyState = 'valid';
      report.scopes[scope] = 'granted';
      if (result.meta?.requestId) report.requestIds.push(result.meta.requestId);
    } catch (error) {
      if (error instanceof AnnuityApiError) {
        report.reachable = true;
        if (error.requestId) report.requestIds.push(error.requestId);
        if (error.code === 'api_key_expired') report.keyState = 'expired';
        else if (error.code === 'invalid_api_key') report.keyState = 'invalid';
        else if (error.code === 'insufficient_scope') {
          report.keyState = report.keyState === 'unknown' ? 'valid' : report.keyState;
          report.scopes[scope] = 'missing';
        } else report.problems.push(`${scope}: ${error.status} ${error.code}`);
        if (report.keyState === 'expired' || report.keyState === 'invalid') break;
      } else if (error instanceof AnnuityNetworkError) {
        report.problems.push('The service could not be reached.');
        break;
      } else if (error instanceof AnnuityContractError) {
        report.reachable = true;
        report.problems.push(`${scope}: unexpected answer`);
      } else if (error instanceof UpstreamNotConfiguredError) {
        report.problems.push(error.message);
        break;
      } else {
        logger.error({ err: error, scope }, 'connection probe failed');
        report.problems.push(`${scope}: check failed`);
      }
    }
  }
  return report;
}

/** Checks a key that is not active yet, with the same probes, off the shared quota meter. */
export function probeKey(baseUrl: string, apiKey: string, requestId: string): Promise<ProbeResult> {
  return probeScopes(clientWithKey(baseUrl, apiKey, requestId));
}

async function checkConnection(requestId: string, baseUrl: string | null): Promise<ConnectionReport> {
  const checkedAt = new Date().toISOString();
  let masked: string | null = null;
  try {
    masked = maskKey((await resolveActiveKey()).last4);
    const probed = await probeScopes(upstreamClient(requestId));
    return { checkedAt, baseUrl, maskedKey: masked, ...probed };
  } catch (error) {
    if (!(error instanceof UpstreamNotConfiguredError)) throw error;
    return {
      checkedAt,
      baseUrl,
      maskedKey: masked,
      reachable: false,
      keyState: 'unknown',
      scopes: Object.fromEntries(SCOPES.map((scope) => [scope, 'unknown'])) as Record<Scope, ScopeState>,
      requestIds: [],
      problems: [error.message],
    };
  }
}

const globalForConnection = globalThis as typeof globalThis & { __annuityConnection?: ConnectionReport };

/** Runs the check and keeps its report for the header and the admin page of this instance. */
export async function runConnectionCheck(
  requestId: string,
  baseUrl: string | null,
): Promise<ConnectionReport> {
  const report = await checkConnection(requestId, baseUrl);
  globalForConnection.__annuityConnection = report;
  logger.info(
    {
      requestId,
      reachable: report.reachable,
      keyState: report.keyState,
      scopes: report.scopes,
      problems: report.problems,
    },
    'service connection checked',
  );
  return report;
}

export function latestConnectionReport(): ConnectionReport | null {
  return globalForConnection.__annuityConnection ?? null;
}

/**
 * What a sent batch tells about the write scope, kept in this instance's report: granted when the
 * service executed or judged a batch, missing when it answered insufficient_scope.
 */
export function noteScopeFromSend(scope: Scope, state: Exclude<ScopeState, 'unknown'>): void {
  const report = globalForConnection.__annuityConnection;
  if (report) report.scopes[scope] = state;
}
