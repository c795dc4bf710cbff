import 'server-only';
import { eq } from 'drizzle-orm';
import { getDb } from '../../db';
import { keepScorePolicy } from '../../db/schema';
import { DEFAULT_KEEP_SCORE_WEIGHTS, type KeepScoreWeights } from '../../signals/keep-score';
import { keepScoreWeightsSchema } from '../../signals/keep-score.schema';
import { auditSuccess } from '../audit/audit';
import type { Viewer } from '../auth/session';

const ROW = 'default';

export interface KeepScorePolicyView {
  weights: KeepScoreWeights;
  /** False while the defaults apply (no administrator has set weights). */
  custom: boolean;
  updatedAt: string | null;
  updatedByEmail: string | null;
}

/**
 * The keep score's weights (table `keep_score_policy`, one row): the defaults of
 * lib/signals/keep-score.ts until an administrator sets them. A stored row that no longer parses
 * (a later version wrote it) falls back to the defaults rather than scoring on a guess.
 */
export async function readKeepScorePolicy(): Promise<KeepScorePolicyView> {
  const db = await getDb();
  const [row] = await db.select().from(keepScorePolicy).where(eq(keepScorePolicy.id, ROW));
  const parsed = row ? keepScoreWeightsSchema.safeParse(row.weights) : null;
  if (!row || !parsed?.success) {
    return { weights: DEFAULT_KEEP_SCORE_WEIGHTS, custom: false, updatedAt: null, updatedByEmail: null };
  }
  return {
    weights: parsed.data,
    custom: true,
    updatedAt: row.updatedAt.toISOString(),
    updatedByEmail: row.updatedByEmail,
  };
}

/** Sets the weights, audited with the weights they replace. */
export async function setKeepScoreWeights(
  actor: Pick<Viewer, 'userId' | 'email'>,
  weights: KeepScoreWeights,
  requestId: string,
): Promise<KeepScorePolicyView> {
  const before = await readKeepScorePolicy();
  const db = await getDb();
  const values = {
    weights: weights as unknown as Record<string, unknown>,
    updatedAt: new Date(),
    updatedByEmail: actor.email,
  };
  await db
    .insert(keepScorePolicy)
    .values({ id: ROW, ...values })
    .onConflictDoUpdate({ target: keepScorePolicy.id, set: values });
  await auditSuccess(actor, 'keep_score.weights', 'keep_score_policy', requestId, {
    before: before.weights,
    after: weights,
  });
  return readKeepScorePolicy();
}
