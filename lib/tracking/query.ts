import { requestSchema } from '@/lib/http/url-state-schema';
import { trackingUrlState } from './url-state';

/**
 * /api/tracking's query as a zod schema for its route handler, derived from the board's URL state
 * (./url-state.ts: add a filter there, not here).
 */
export const trackingQuerySchema = requestSchema(trackingUrlState, 'api');
