import { localDateOf } from './calendar';

export interface QuotaDecision {
  allowed: boolean;
  limit: number;
  /** Calls left today, the current one already counted (spec: Limits 3). */
  remaining: number;
  /** Seconds until the counter resets at the next local midnight. */
  resetSeconds: number;
}

export interface KeyUsage {
  calls: number;
  rateLimited: number;
  operations: Record<string, number>;
  today: { date: string; calls: number };
}

/**
 * Per-key call counters: the daily quota (spec: Limits 2, reset at midnight server local time, not a
 * rolling window) and the per-operation counts the operator API reports. Every authenticated
 * request counts, whatever its answer; one refused with 429 does not use quota and is counted apart.
 * Kept in memory: a restart forgets the counters (documented in the README).
 */
export class UsageMeter {
  readonly #keys = new Map<string, KeyUsage>();

  consume(keyId: string, dailyLimit: number, operation: string, now: Date): QuotaDecision {
    const usage = this.#usageOf(keyId, now);
    const resetSeconds = secondsUntilLocalMidnight(now);
    if (usage.today.calls >= dailyLimit) {
      usage.rateLimited += 1;
      return { allowed: false, limit: dailyLimit, remaining: 0, resetSeconds };
    }
    usage.today.calls += 1;
    usage.calls += 1;
    usage.operations[operation] = (usage.operations[operation] ?? 0) + 1;
    return { allowed: true, limit: dailyLimit, remaining: dailyLimit - usage.today.calls, resetSeconds };
  }

  usageOf(keyId: string, now: Date): KeyUsage {
    return this.#usageOf(keyId, now);
  }

  reset(keyIds: Iterable<string>): void {
    for (const keyId of keyIds) this.#keys.delete(keyId);
  }

  #usageOf(keyId: string, now: Date): KeyUsage {
    const date = localDateOf(now);
    let usage = this.#keys.get(keyId);
    if (!usage) {
      usage = { calls: 0, rateLimited: 0, operations: {}, today: { date, calls: 0 } };
      this.#keys.set(keyId, usage);
    }
    if (usage.today.date !== date) usage.today = { date, calls: 0 };
    return usage;
  }
}

export function secondsUntilLocalMidnight(now: Date): number {
  const midnight = new Date(now);
  midnight.setHours(24, 0, 0, 0);
  return Math.max(1, Math.ceil((midnight.getTime() - now.getTime()) / 1000));
}
