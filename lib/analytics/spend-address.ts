import { int } from '@/lib/http/url-state';

/** The grace surcharges drawn at first, and how many more each "Show more" adds. */
export const SURCHARGES_STEP = 20;

/**
 * The analytics page's address: how many grace surcharges it lists (the first screen unless asked
 * for more; a tenant can have hundreds, one table row each). A value it cannot use is named.
 */
export const SPEND_ADDRESS = {
  surcharges: int({ min: 1, max: 1_000_000, default: SURCHARGES_STEP }),
};

/** The analytics page listing `shown` surcharges, scrolled to them, the client filter kept. */
export function surchargesHref(shown: number, client: string | undefined): string {
  const params = new URLSearchParams(client ? { client } : {});
  params.set('surcharges', String(shown));
  return `/analytics?${params}#surcharges-heading`;
}
