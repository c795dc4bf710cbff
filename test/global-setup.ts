import { fileURLToPath } from 'node:url';

/**
 * The instant every test run starts at, whatever the calendar says (test/pinned-clock.mjs). A
 * Friday in the second half of a month, away from a month's end and from midnight UTC. TEST_NOW
 * (an ISO instant) moves it, to try the suite on another day on purpose.
 */
export const PINNED_START = '2026-11-27T10:00:00.000Z';

const PINNED_CLOCK = fileURLToPath(new URL('./pinned-clock.mjs', import.meta.url));

/** Runs once per vitest run, before its workers start: they and their children inherit the env. */
export default function setup(): void {
  const start = Date.parse(process.env.TEST_NOW ?? PINNED_START);
  if (Number.isNaN(start)) throw new Error(`TEST_NOW must be an ISO instant, got "${process.env.TEST_NOW}"`);
  process.env.TEST_CLOCK_OFFSET_MS = String(start - Date.now());
  // The machine's time zone is pinned too: a time written "in the viewer's clock" on the server
  // side of a test reads the same on a machine set to Auckland as on one set to UTC.
  process.env.TZ = 'UTC';
  if (!process.env.NODE_OPTIONS?.includes(PINNED_CLOCK))
    process.env.NODE_OPTIONS = `${process.env.NODE_OPTIONS ?? ''} --import=${PINNED_CLOCK}`.trim();
  if (!process.env.DATABASE_URL) {
    console.log(
      'DATABASE_URL is not set: data-layer tests ran on PGlite only; the PostgreSQL half was not run.',
    );
  }
}
