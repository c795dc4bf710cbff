/**
 * The demo clients (tenants) and their fixed full-scope keys, created on first start with an empty
 * store (demo-tenant.ts). Demo data only: these keys are public (README, .env.example) and must
 * never guard real data. spec: Conventions 1 — a key identifies one client; the console holds one
 * connection per client.
 */
export const DEMO_TENANT = 'demo';
export const DEMO_API_KEY = 'a11ce0de'.repeat(8);

/** The second, smaller client: mostly US, JP and GB patents, invoiced in USD, JPY and GBP. */
export const PACIFIC_TENANT = 'pacific';
export const PACIFIC_API_KEY = 'bac1f1c0'.repeat(8);

/** One entry per demo client, the demo tenant first: `id` is its tenant name on the stand-in. */
export const DEMO_CLIENTS: readonly { id: string; name: string; apiKey: string }[] = [
  { id: DEMO_TENANT, name: 'Demo portfolio (Europe)', apiKey: DEMO_API_KEY },
  { id: PACIFIC_TENANT, name: 'Pacific Rim Instruments', apiKey: PACIFIC_API_KEY },
];
