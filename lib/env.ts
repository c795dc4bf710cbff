import 'server-only';
import { type Env, parseEnv } from './env-schema';

let cached: Env | undefined;

/**
 * The validated environment, read on first use rather than at import: `next build` imports
 * route modules, and a build must not need run-time secrets.
 */
export function getEnv(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/** For tests that change process.env between cases. */
export function resetEnvForTests(): void {
  cached = undefined;
}
