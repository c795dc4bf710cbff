import { loadForecast } from '@/lib/server/forecast/load';
import { defineRoute } from '@/lib/server/http/route';

/** The stored forecast by month, office, owner and family, per currency, and its quota cost. */
export const GET = defineRoute({ access: 'analytics:read' }, async () => loadForecast());
