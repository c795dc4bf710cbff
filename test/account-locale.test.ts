import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonRequest, signIn, startAppHarness } from './app-harness';

/** Choosing how dates and numbers read, through the route handler. */
let app: Awaited<ReturnType<typeof startAppHarness>>;
let cookie: string;

beforeAll(async () => {
  app = await startAppHarness();
  cookie = await signIn(app.users.finance.email);
}, 120_000);
afterAll(async () => app?.stop());

async function put(body: unknown, signedIn = true) {
  const { PUT } = await import('@/app/api/account/locale/route');
  return PUT(
    jsonRequest('/api/account/locale', { method: 'PUT', cookie: signedIn ? cookie : undefined, body }),
  );
}

describe('PUT /api/account/locale', () => {
  it('keeps an offered format in a cookie only the server reads', async () => {
    const response = await put({ locale: 'de-DE' });
    expect(response.status).toBe(200);
    const setCookie = response.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/^ac_locale=de-DE; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Lax/);
  });

  it('forgets the choice for null, so the browser decides again', async () => {
    const response = await put({ locale: null });
    expect(response.status).toBe(200);
    expect(response.headers.get('set-cookie')).toMatch(/^ac_locale=; Path=\/; Max-Age=0/);
  });

  it('refuses a format it does not offer with a 400 naming the field', async () => {
    const response = await put({ locale: 'xx-<script>' });
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toContain('application/problem+json');
    expect(JSON.stringify(await response.json())).toContain('locale');
    expect(response.headers.get('set-cookie')).toBeNull();
  });

  it('answers 401 without a session', async () => {
    const response = await put({ locale: 'de-DE' }, false);
    expect(response.status).toBe(401);
  });
});
