/**
 * `npm run db:migrate`: applies pending migrations to the configured database (DATABASE_URL, or the
 * embedded one under DATA_DIR) and exits. `npm start` and every dashboard process migrate on start
 * anyway; operators running several instances on PostgreSQL run this once before rolling out new code.
 * On the embedded database, stop the dashboard first: a PGlite data dir is open in one process only.
 */
import { openDatabase } from '../lib/db/open';
import { databaseTarget } from '../lib/db/target';
import { EnvError, parseEnv } from '../lib/env-schema';

try {
  const target = databaseTarget(parseEnv(process.env));
  const handle = await openDatabase(target);
  await handle.close();
  console.log(
    `Migrations applied (${target.kind === 'postgres' ? 'PostgreSQL' : `PGlite at ${target.dataDir}`}).`,
  );
} catch (error) {
  console.error(error instanceof EnvError ? error.message : error);
  process.exit(1);
}
