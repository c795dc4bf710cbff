import { SCOPES } from '../lib/annuity/schemas';
import { DEMO_API_KEY, DEMO_TENANT } from './demo';
import type { CreateTenantInput, SandboxService } from './service';

/**
 * The demo tenant created on first start with an empty store: about 2,000 patents from a fixed
 * seed, invoiced in EUR except US patents (USD) and JP patents (JPY) so per-currency totals and
 * JPY's zero decimals are real; freezing enabled three months ahead; a generous daily quota.
 */
const DEMO_TENANT_INPUT: CreateTenantInput = {
  name: DEMO_TENANT,
  currency: 'EUR',
  invoiceCurrencyByOffice: { US: 'USD', JP: 'JPY' },
  patents: 2000,
  seed: 20_240_501,
  freezeEnabled: true,
  freezeHorizonMonths: 3,
  vatRate: 0.2,
};

const DEMO_KEY_DAILY_LIMIT = 100_000;
/** The demo key never expires in practice: it guards public demo data only. */
const DEMO_KEY_EXPIRES_AT = '2099-12-31T23:59:59.999Z';

/** Creates the demo tenant and its fixed key when the store holds no tenant at all. */
export async function ensureDemoTenant(service: SandboxService): Promise<boolean> {
  if (service.tenants().length > 0) return false;
  await service.createTenant(DEMO_TENANT_INPUT);
  await service.createKey({
    tenant: DEMO_TENANT,
    scopes: [...SCOPES],
    expiresAt: DEMO_KEY_EXPIRES_AT,
    dailyLimit: DEMO_KEY_DAILY_LIMIT,
    fixedKey: DEMO_API_KEY,
  });
  return true;
}
