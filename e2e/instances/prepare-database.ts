/**
 * Migrates the two-instance test's database and adds the demo users, as `npm start` does before it
 * opens the dashboard (scripts/lib/prepare-database.ts). Run as its own process with tsx
 * (`node --import tsx e2e/instances/prepare-database.ts`, DATABASE_URL and AUTH_SECRET in the
 * environment): the server modules it loads are not for Playwright's own loader.
 */
import { parseEnv } from '../../lib/env-schema';
import { prepareDatabase } from '../../scripts/lib/prepare-database';

const outcome = await prepareDatabase(parseEnv(process.env), { demo: true });
console.log(`database prepared: ${outcome.kind}`);
