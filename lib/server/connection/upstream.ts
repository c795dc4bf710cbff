/**
 * `lib/server/connection/`: the upstream client per request (`upstream.ts`), the connection check,
 * the quota ledger and the background reads' share of it (`background-budget.ts`, used by the
 * poll, the sync, the forecast and the freeze estimates), the API keys admins manage
 * (`api-keys.ts`, encrypted at rest by `key-crypto.ts`; `active-key.ts` picks the key in use, so a
 * switch needs no restart).
 */
import 'server-only';
import { type AnnuityClient, createAnnuityClient, type ResponseMeta } from '../../annuity/client';
import { AnnuityApiError } from '../../annuity/errors';
import { getEnv } from '../../env';
import { logger } from '../../log';
import { DomainError } from '../errors/domain-error';
import { type ActiveKey, activeApiKey, NoActiveKeyError } from './active-key';
import { DEFAULT_CONNECTION } from './default-connection';
import { KeyEncryptionError } from './key-crypto';
import { noteKeyExpired } from './key-events';
import { observeQuotaExhausted, observeRateLimit } from './quota';

export class UpstreamNotConfiguredError extends DomainError {
  override name = 'UpstreamNotConfiguredError';
  constructor(
    message = 'The renewal service connection is not configured (ANNUITY_API_URL and an API key).',
  ) {
    super({
      status: 503,
      code: 'upstream_not_configured',
      title: 'No service connection',
      detail: 'The renewal service connection is not configured. An administrator must set it up.',
      message,
    });
  }
}

/** Every answer's quota headers feed the meter of the connection whose key was sent. */
const onMetaOf = (connection: string) => (meta: ResponseMeta) => {
  if (meta.rateLimit) observeRateLimit(meta.rateLimit, new Date(), connection);
};

const UPSTREAM_TIMEOUT_MS = 20_000;

// The method names of the client, read once from a client that never calls anything.
const CLIENT_METHODS = Object.keys(
  createAnnuityClient({ baseUrl: 'http://127.0.0.1', apiKey: 'unused' }),
) as (keyof AnnuityClient)[];

/** The service's address, or the error every caller maps to "not configured". */
export function upstreamBaseUrl(): string {
  const baseUrl = getEnv().ANNUITY_API_URL;
  if (!baseUrl) throw new UpstreamNotConfiguredError();
  return baseUrl;
}

/** The active key, with "none" and "unreadable" both reported as a missing connection. */
export async function resolveActiveKey(connection: string = DEFAULT_CONNECTION): Promise<ActiveKey> {
  try {
    return await activeApiKey(connection);
  } catch (error) {
    if (error instanceof NoActiveKeyError || error instanceof KeyEncryptionError)
      throw new UpstreamNotConfiguredError(error.message);
    throw error;
  }
}

/**
 * The service client for one inbound request: its id goes upstream as X-Request-Id, and every
 * answer's quota headers feed the shared meter. The key is the active one (active-key.ts),
 * resolved at the first call and kept for every later call of this client, so a key switch never
 * changes keys in the middle of a request. Nothing returned to a caller contains the key. The
 * client is one client connection's (spec: Authentication 1, a key is one client's): it only ever
 * sends that connection's key, and everything it returns belongs to that connection.
 */
export function upstreamClient(requestId: string, connection: string = DEFAULT_CONNECTION): AnnuityClient {
  const baseUrl = upstreamBaseUrl();
  let keyed: Promise<{ key: ActiveKey; client: AnnuityClient }> | undefined;
  const resolve = () => {
    keyed ??= resolveActiveKey(connection).then((key) => ({
      key,
      client: clientWithKey(baseUrl, key.value, requestId, onMetaOf(connection)),
    }));
    return keyed;
  };
  const wrapper = {} as Record<string, (...args: unknown[]) => Promise<unknown>>;
  for (const name of CLIENT_METHODS) {
    wrapper[name] = async (...args: unknown[]) => {
      const { key, client } = await resolve();
      const method = client[name] as (...inner: unknown[]) => Promise<unknown>;
      try {
        return await method.apply(client, args);
      } catch (error) {
        if (error instanceof AnnuityApiError) {
          // spec: Errors, Retry-After; spec: Authentication 6, api_key_expired raises the alert.
          // A short Retry-After is a burst limit (the client waited it out once), not the daily quota.
          if (error.status === 429 && (error.retryAfterSeconds ?? 60) >= 60)
            observeQuotaExhausted(error.retryAfterSeconds ?? undefined, new Date(), connection);
          if (error.code === 'api_key_expired') noteKeyExpired(key);
        }
        throw error;
      }
    };
  }
  return wrapper as unknown as AnnuityClient;
}

/** A client for one given key: the active one, or a candidate an admin is checking. */
export function clientWithKey(
  baseUrl: string,
  apiKey: string,
  requestId: string,
  onResponseMeta?: (meta: ResponseMeta) => void,
): AnnuityClient {
  return createAnnuityClient({
    baseUrl,
    apiKey,
    requestId,
    timeoutMs: UPSTREAM_TIMEOUT_MS,
    onResponseMeta,
    callRequestId: perCallRequestIds(requestId),
  });
}

/**
 * Each upstream call carries its own X-Request-Id, made from the inbound request's id and the
 * call's number (`<inbound>.<n>`), so the service's answers tell the calls of one request apart
 * while every one of them still leads back to it (spec: Authentication 8, the service honours
 * an inbound id); the log line ties the two as well.
 */
function perCallRequestIds(inbound: string) {
  let calls = 0;
  return (given: string | undefined, operation: string): string => {
    calls += 1;
    const id = `${given ?? inbound}.${calls}`;
    logger.debug({ requestId: given ?? inbound, upstreamRequestId: id, operation }, 'upstream call');
    return id;
  };
}
