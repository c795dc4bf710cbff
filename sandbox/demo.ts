/**
 * The demo tenant and its fixed full-scope key, created on first start with an empty store.
 * Demo data only: this key is public (README, .env.example) and must never guard real data.
 */
export const DEMO_TENANT = 'demo';
export const DEMO_API_KEY = 'a11ce0de'.repeat(8);
