import 'server-only';
import type { ApiKeyAlert, ApiKeyView } from '../../connection/api-key-views';
import { getEnv } from '../../env';
import { calendarToday } from '../../format/dates';
import { logger } from '../../log';
import { listApiKeys } from './api-keys';
import { activeClients } from './clients';
import { DEFAULT_CONNECTION } from './default-connection';
import { maskKey } from './key-crypto';

/** How early an admin is reminded of a recorded expiry: time to ask the operator for the next key. */
const KEY_EXPIRY_WARNING_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The one alert about the keys in use, for the admins' banner (connection page and header): the
 * service answered api_key_expired, or the expiry the admin recorded is near or past. Every
 * client's key is looked at (each client has its own, spec: Authentication 1); an expired key
 * comes before one expiring soon, and a client other than the first is named.
 */
export async function apiKeyAlert(now = new Date()): Promise<ApiKeyAlert | null> {
  if (!getEnv().ANNUITY_API_URL) return null;
  try {
    const alerts: ApiKeyAlert[] = [];
    const clients = await activeClients();
    for (const client of clients) {
      const { keys } = await listApiKeys(client.id);
      const active = keys.find((key) => key.active);
      const alert = active ? alertFor(active, keys, now) : null;
      if (!alert) continue;
      alerts.push(
        clients.length > 1 && client.id !== DEFAULT_CONNECTION
          ? { ...alert, title: alert.title.replace('The API key', `The API key of ${client.name}`) }
          : alert,
      );
    }
    return alerts.find((alert) => alert.tone === 'danger') ?? alerts[0] ?? null;
  } catch (error) {
    // The header shows it on every admin page: a failure here must not take the page down.
    logger.warn({ err: error }, 'could not work out the API key alert');
    return null;
  }
}

export function alertFor(active: ApiKeyView, keys: readonly ApiKeyView[], now: Date): ApiKeyAlert | null {
  const masked = maskKey(active.last4);
  const standby = keys.find(
    (key) => !key.active && key.source === 'stored' && key.verifiedAt && !key.expiredSeenAt,
  );
  const next = standby
    ? `The key ${maskKey(standby.last4)} is ready: switch to it on the connection page.`
    : 'Ask the service operator for a new key, add it on the connection page and switch to it.';
  if (active.expiredSeenAt && (!active.activatedAt || active.expiredSeenAt >= active.activatedAt)) {
    return {
      tone: 'danger',
      title: 'The API key has expired',
      message: `The service answered api_key_expired for the key ${masked}: nothing reaches the service until another key is in use. ${next}`,
    };
  }
  if (!active.expiresAt) return null;
  const expiresAt = new Date(active.expiresAt);
  const date = active.expiresAt.slice(0, 10);
  if (expiresAt.getTime() <= now.getTime()) {
    return {
      tone: 'danger',
      title: 'The API key has expired',
      message: `The key ${masked} expired on ${date}, as recorded. ${next}`,
    };
  }
  // Whole calendar days (UTC), so the count does not change with the hour of the visit.
  const daysLeft = Math.round((Date.parse(date) - Date.parse(calendarToday(now))) / DAY_MS);
  if (daysLeft > KEY_EXPIRY_WARNING_DAYS) return null;
  const when = daysLeft === 0 ? 'today' : `on ${date}, in ${daysLeft} day${daysLeft === 1 ? '' : 's'}`;
  return {
    tone: 'warning',
    title: 'The API key expires soon',
    message: `The key ${masked} expires ${when}. ${next}`,
  };
}
