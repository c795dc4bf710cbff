/**
 * Pins the wall clock of every process of a test run: `Date.now()` and `new Date()` read the run's
 * pinned instant plus the real time elapsed since the run began, so time still moves (time-outs,
 * ordering, ages) but no outcome depends on the day the suite runs: a month boundary, 29 February
 * or the service's midnight falls where the pinned instant puts it, never where the calendar does.
 *
 * test/global-setup.ts computes TEST_CLOCK_OFFSET_MS once per run and loads this file into every
 * Node process the run starts through NODE_OPTIONS (vitest's workers, the stand-in service, the
 * worker processes), so all of them read the same clock. A PostgreSQL server keeps its own (see
 * test/global-setup.ts). Plain JavaScript: it is loaded before any TypeScript loader.
 */
const offset = Number(process.env.TEST_CLOCK_OFFSET_MS);

if (Number.isFinite(offset) && offset !== 0 && !globalThis.__testClockPinned) {
  const RealDate = globalThis.Date;
  const now = () => RealDate.now() + offset;
  /** Date with a shifted "now"; every other use (a given instant, parse, UTC) is the real Date's. */
  function PinnedDate(...args) {
    if (new.target === undefined) return new RealDate(now()).toString();
    return Reflect.construct(RealDate, args.length === 0 ? [now()] : args, new.target);
  }
  // Instances keep the real prototype, so `instanceof Date` holds for dates made before and after.
  PinnedDate.prototype = RealDate.prototype;
  Object.setPrototypeOf(PinnedDate, RealDate);
  PinnedDate.now = now;
  Object.defineProperty(globalThis, '__testClockPinned', { value: true });
  globalThis.Date = PinnedDate;
}
