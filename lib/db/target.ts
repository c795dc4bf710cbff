import path from 'node:path';
import type { Env } from '../env-schema';
import type { DatabaseTarget } from './open';

/** Where the dashboard keeps its state: PostgreSQL when DATABASE_URL is set, else embedded PGlite. */
export function databaseTarget(env: Pick<Env, 'DATABASE_URL' | 'DATA_DIR'>): DatabaseTarget {
  if (env.DATABASE_URL) return { kind: 'postgres', url: env.DATABASE_URL };
  return { kind: 'pglite', dataDir: path.resolve(env.DATA_DIR, 'dashboard') };
}
