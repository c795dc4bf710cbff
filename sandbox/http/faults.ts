import { MovingLists } from '../api/moving-lists';
import type { FaultSettings, MoveItemsSettings } from '../operator/schemas';

/**
 * Fault injection for reliability tests (operator API `PUT/DELETE /operator/v1/faults`). It applies
 * to the API v2 operations only — never the operator API or the OpenAPI document — and before
 * authentication, so an injected failure costs no quota, like a failing gateway in front of the
 * service. Latency is added first, then the connection may be dropped without an answer, then an
 * error status may be answered instead of the operation. The settings are described with their
 * schema in operator/schemas.ts.
 */
export type FaultDecision = {
  latencyMs: number;
  outcome: 'pass' | 'drop' | 'error';
  errorStatus: number;
  dropPhase: FaultSettings['dropPhase'];
};

const NO_FAULTS: FaultSettings = {
  latencyMs: 0,
  errorRate: 0,
  errorStatus: 503,
  dropRate: 0,
  dropPhase: 'before',
  every: null,
  paths: [],
  gatewayTimeout: null,
  moveItems: null,
};

const API_ROOT = '/api/v2/external';

export class FaultInjector {
  #settings: FaultSettings = NO_FAULTS;
  readonly #random: () => number;
  /** Matching requests since the settings last changed (for `every`). */
  #matched = 0;
  /** What the `moveItems` fault has moved since the settings last changed. */
  readonly movingLists = new MovingLists();

  constructor(random: () => number = Math.random) {
    this.#random = random;
  }

  get settings(): FaultSettings {
    return this.#settings;
  }

  set(settings: Partial<FaultSettings>): FaultSettings {
    const paths = (settings.paths ?? []).map((path) =>
      path.startsWith('/api/') ? path : `${API_ROOT}/${path.replace(/^\/+/, '')}`,
    );
    this.#settings = { ...NO_FAULTS, ...settings, paths };
    this.#matched = 0;
    this.movingLists.reset();
    return this.#settings;
  }

  clear(): void {
    this.#settings = NO_FAULTS;
    this.#matched = 0;
    this.movingLists.reset();
  }

  /** Whether any fault is configured. */
  get isActive(): boolean {
    const settings = this.#settings;
    return (
      settings.latencyMs > 0 ||
      settings.errorRate > 0 ||
      settings.dropRate > 0 ||
      settings.every !== null ||
      settings.gatewayTimeout !== null ||
      settings.moveItems !== null
    );
  }

  /** The `moveItems` fault for a list read at this path, when one is set and the path matches. */
  moveItemsFor(path: string): MoveItemsSettings | null {
    const settings = this.#settings;
    if (!settings.moveItems) return null;
    if (settings.paths.length > 0 && !settings.paths.some((prefix) => path.startsWith(prefix))) return null;
    return settings.moveItems;
  }

  /**
   * The gateway time-out for this write, when one is set (see FaultSettings `gatewayTimeout`):
   * the caller answers 504 after `answerAfterMs` and replays the request to the service itself
   * `executeAfterMs` after it arrived. Reads pass: a gateway gives up on slow writes here.
   */
  gatewayTimeoutFor(method: string, path: string): FaultSettings['gatewayTimeout'] {
    const settings = this.#settings;
    if (!settings.gatewayTimeout || (method !== 'POST' && method !== 'PUT')) return null;
    if (settings.paths.length > 0 && !settings.paths.some((prefix) => path.startsWith(prefix))) return null;
    return settings.gatewayTimeout;
  }

  decide(path: string): FaultDecision | null {
    const settings = this.#settings;
    if (!this.isActive) return null;
    if (
      settings.latencyMs === 0 &&
      settings.errorRate === 0 &&
      settings.dropRate === 0 &&
      settings.every === null
    )
      return null;
    if (settings.paths.length > 0 && !settings.paths.some((prefix) => path.startsWith(prefix))) return null;
    this.#matched += 1;
    const outcome = settings.every
      ? this.#matched % settings.every === 0
        ? settings.dropRate > 0
          ? 'drop'
          : 'error'
        : 'pass'
      : this.#random() < settings.dropRate
        ? 'drop'
        : this.#random() < settings.errorRate
          ? 'error'
          : 'pass';
    return {
      latencyMs: settings.latencyMs,
      outcome,
      errorStatus: settings.errorStatus,
      dropPhase: settings.dropPhase,
    };
  }
}

/** The problem code an injected status answers with (5xx behaviour is not shown by the spec). */
export function injectedFaultCode(status: number): string {
  if (status === 429) return 'rate_limit_exceeded';
  if (status === 503) return 'service_unavailable';
  if (status >= 500) return 'internal_error';
  return 'injected_fault';
}
