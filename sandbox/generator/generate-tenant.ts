import type { TenantConfig } from '../domain/model';
import { TenantState } from '../domain/tenant-state';
import { generateHistory } from './history';
import { IdFactory } from './ids';
import { generatePatents } from './portfolio';
import { Random } from './prng';

/**
 * Bumped whenever a change to the generator would produce different records for the same inputs:
 * stored decisions refer to generated events by id, so a data dir made by another version is
 * reported at start-up instead of silently failing to replay.
 */
export const GENERATOR_VERSION = 1;

/** A tenant's base portfolio and history, rebuilt from its stored configuration. */
export function generateTenant(
  config: TenantConfig,
  options: { regularizationShare?: number } = {},
): TenantState {
  const ids = new IdFactory(config.id);
  const state = new TenantState(config);
  for (const patent of generatePatents(config, ids, new Random(config.seed, 1))) state.addPatent(patent);
  state.finishLoading();
  generateHistory(state, ids, new Random(config.seed, 2), options);
  return state;
}
