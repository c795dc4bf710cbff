import { SCOPES } from '../lib/annuity/schemas';
import { DEMO_API_KEY, DEMO_TENANT, PACIFIC_API_KEY, PACIFIC_TENANT } from './demo';
import type { CreateTenantInput, SandboxService } from './service';

/**
 * The demo clients created on first start with an empty store, each from a fixed seed and id so a
 * fresh start for the same date holds the same data:
 * - `demo`: about 2,000 patents of a European-led portfolio, invoiced in EUR except US patents
 *   (USD) and JP patents (JPY) so per-currency totals and JPY's zero decimals are real; freezing
 *   enabled three months ahead; 20% VAT.
 * - `pacific`: 300 patents of a client filing mostly in the US, Japan and the UK (owners "Pacific
 *   Rim Instruments …", references `PRI-…`), invoiced in USD except JP (JPY) and GB (GBP); freezing
 *   two months ahead; no VAT (a client outside the EU).
 */
const DEMO_TENANTS: readonly { input: CreateTenantInput; key: string }[] = [
  {
    input: {
      name: DEMO_TENANT,
      fixedId: 'd3e0a11c-0de0-4a11-8ce0-00000000de30',
      portfolio: 'european',
      currency: 'EUR',
      invoiceCurrencyByOffice: { US: 'USD', JP: 'JPY' },
      patents: 2000,
      seed: 20_240_501,
      freezeEnabled: true,
      freezeHorizonMonths: 3,
      vatRate: 0.2,
    },
    key: DEMO_API_KEY,
  },
  {
    input: {
      name: PACIFIC_TENANT,
      fixedId: 'bac1f1c0-0000-4000-8000-00000000bac1',
      portfolio: 'pacific',
      currency: 'USD',
      invoiceCurrencyByOffice: { JP: 'JPY', GB: 'GBP' },
      patents: 300,
      seed: 20_250_917,
      freezeEnabled: true,
      freezeHorizonMonths: 2,
      vatRate: 0,
    },
    key: PACIFIC_API_KEY,
  },
];

const DEMO_KEY_DAILY_LIMIT = 100_000;
/** The demo keys never expire in practice: they guard public demo data only. */
const DEMO_KEY_EXPIRES_AT = '2099-12-31T23:59:59.999Z';

/**
 * Creates the demo tenants and their fixed keys on a store with no tenant at all, and on a demo
 * store made before the second client existed (it holds the demo tenant only): the clients it
 * lacks. A store of other tenants is left alone. Returns the names of the tenants created.
 */
export async function ensureDemoTenants(service: SandboxService): Promise<string[]> {
  if (service.tenants().length > 0 && !service.tenantByName(DEMO_TENANT)) return [];
  const created: string[] = [];
  for (const { input, key } of DEMO_TENANTS) {
    if (service.tenantByName(input.name)) continue;
    await service.createTenant(input);
    await service.createKey({
      tenant: input.name,
      scopes: [...SCOPES],
      expiresAt: DEMO_KEY_EXPIRES_AT,
      dailyLimit: DEMO_KEY_DAILY_LIMIT,
      fixedKey: key,
    });
    created.push(input.name);
  }
  return created;
}
