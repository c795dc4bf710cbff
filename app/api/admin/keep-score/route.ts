import { defineRoute } from '@/lib/server/http/route';
import { readKeepScorePolicy, setKeepScoreWeights } from '@/lib/server/signals/keep-score-policy';
import { keepScoreWeightsSchema } from '@/lib/signals/keep-score.schema';

/** The keep score's weights: what each factor counts for, the protecting and exposing tags. */
export const GET = defineRoute({ access: 'keep-score:weights' }, async () => readKeepScorePolicy());

export const PUT = defineRoute(
  { access: 'keep-score:weights', audit: 'keep_score.weights', body: keepScoreWeightsSchema },
  async ({ viewer, body, requestId }) => setKeepScoreWeights(viewer, body, requestId),
);
