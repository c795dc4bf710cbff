import 'server-only';
import { recordAudit } from './audit';

/**
 * Refused requests (400, 401, 403 from lib/server/http/route.ts) are audited, without flooding the
 * log: never a body, only the route, the problem code, who (or from where) asked, and the request
 * id; and the same refusal of the same caller on the same route is written once a minute at most
 * per instance (a polling tab whose session ended must not write a row every few seconds).
 */
export const REFUSAL_ACTION = 'request.refused';

const REPEAT_WINDOW_MS = 60_000;
const MAX_REMEMBERED = 5_000;
const lastWritten = new Map<string, number>();

export interface Refusal {
  method: string;
  /** The route's path, without its query (which may carry personal filters). */
  path: string;
  status: number;
  code: string;
  actor: { userId: string; email: string } | null;
  address: string | null;
  requestId: string;
}

/**
 * Whether a repeated refusal should be written now: once per key and minute in this process
 * (also used for sign-ins refused by the throttle, which a guesser repeats as fast as they can).
 */
export function firstInWindow(key: string, now = Date.now()): boolean {
  const previous = lastWritten.get(key);
  if (previous !== undefined && now - previous < REPEAT_WINDOW_MS) return false;
  if (lastWritten.size >= MAX_REMEMBERED) lastWritten.clear();
  lastWritten.set(key, now);
  return true;
}

export async function auditRefusal(refusal: Refusal, now = Date.now()): Promise<void> {
  const caller = refusal.actor?.userId ?? refusal.address ?? 'anonymous';
  if (!firstInWindow(`${caller} ${refusal.method} ${refusal.path} ${refusal.code}`, now)) return;
  await recordAudit({
    actor: refusal.actor,
    action: REFUSAL_ACTION,
    target: `${refusal.method} ${refusal.path}`,
    outcome: 'failure',
    requestId: refusal.requestId,
    details: {
      status: refusal.status,
      code: refusal.code,
      ...(refusal.address ? { address: refusal.address } : {}),
    },
  });
}

/** Tests start from a clean slate. */
export function forgetRefusalsForTests(): void {
  lastWritten.clear();
}
