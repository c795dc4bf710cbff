import 'server-only';
import { type AnnuityClient, createAnnuityClient, type ResponseMeta } from '../../annuity/client';
import { AnnuityApiError } from '../../annuity/errors';
import { getEnv } from '../../env';
import { observeQuotaExhausted, observeRateLimit } from './quota';

export class UpstreamNotConfiguredError extends Error {
  override name = 'UpstreamNotConfiguredError';
  constructor() {
    super('The renewal service connection is not configured (ANNUITY_API_URL and ANNUITY_API_KEY).');
  }
}

function onMeta(meta: ResponseMeta): void {
  if (meta.rateLimit) observeRateLimit(meta.rateLimit);
}

/**
 * The service client for one inbound request: its id goes upstream as X-Request-Id, and every
 * answer's quota headers feed the shared meter. The key comes from the environment here and only
 * here; nothing returned to a caller contains it.
 */
export function upstreamClient(requestId: string): AnnuityClient {
  const env = getEnv();
  if (!env.ANNUITY_API_URL || !env.ANNUITY_API_KEY) throw new UpstreamNotConfiguredError();
  const client = createAnnuityClient({
    baseUrl: env.ANNUITY_API_URL,
    apiKey: env.ANNUITY_API_KEY,
    requestId,
    timeoutMs: 20_000,
    onResponseMeta: onMeta,
  });
  return watchQuota(client);
}

/** Records a 429 on the meter whichever method met it (spec: Errors, Retry-After). */
function watchQuota(client: AnnuityClient): AnnuityClient {
  return new Proxy(client, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (typeof value !== 'function') return value;
      return async (...args: unknown[]) => {
        try {
          return await value.apply(target, args);
        } catch (error) {
          if (error instanceof AnnuityApiError && error.status === 429)
            observeQuotaExhausted(error.retryAfterSeconds ?? undefined);
          throw error;
        }
      };
    },
  });
}

/** The last four characters of the key, the most any page may show of it. */
export function maskedKey(): string | null {
  const key = getEnv().ANNUITY_API_KEY;
  return key ? `…${key.slice(-4)}` : null;
}
