import { localDateOf } from './calendar';

/**
 * The service's notion of "today" and "now". duePeriod, instructability and freeze guards are
 * computed against `today()`; timestamps written by mutations use `now()`. An operator (or
 * `--today`) can pin the date so tests and demos are reproducible; the time of day keeps running so
 * timestamps stay ordered.
 */
export class ServiceClock {
  #override: string | null;
  readonly #realNow: () => Date;

  constructor(override: string | null = null, realNow: () => Date = () => new Date()) {
    this.#override = override;
    this.#realNow = realNow;
  }

  get override(): string | null {
    return this.#override;
  }

  setOverride(today: string | null): void {
    this.#override = today;
  }

  /** The real wall clock (quota windows and key creation use it, never the pinned date). */
  realNow(): Date {
    return this.#realNow();
  }

  /** YYYY-MM-DD, the server's local date unless pinned. */
  today(): string {
    return this.#override ?? localDateOf(this.#realNow());
  }

  /** The pinned date at the current local time of day, or the real instant. */
  now(): Date {
    const real = this.#realNow();
    if (this.#override === null) return real;
    const [year, month, day] = this.#override.split('-').map(Number) as [number, number, number];
    const shifted = new Date(real);
    shifted.setFullYear(year, month - 1, day);
    return shifted;
  }

  nowIso(): string {
    return this.now().toISOString();
  }
}
