import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMonths, currentYearMonth } from '@/lib/format/dates';
import { dueMonthRange } from '@/lib/http/url-state';
import { renewalsViewSchema } from '@/lib/renewals/query';
import { jsonRequest, signIn, startAppHarness } from './app-harness';

/**
 * Bad values of an address are named, never quietly replaced. A month or window outside the years a renewal can fall due (10 years back to 25 ahead) is
 * refused at once with a 400 naming the field, on every route that takes one, before any call to
 * the service: `/renewals?month=9999-12` once took the stand-in service down.
 */
let app: Awaited<ReturnType<typeof startAppHarness>>;
let manager: string;

beforeAll(async () => {
  // No service to call: a request that got past the check would fail otherwise, not with a 400.
  process.env.ANNUITY_API_URL = 'http://127.0.0.1:9';
  process.env.ANNUITY_API_KEY = '0'.repeat(64);
  app = await startAppHarness();
  manager = await signIn(app.users.manager.email);
}, 120_000);
afterAll(async () => app?.stop());

async function refusedFields(response: Response): Promise<string[]> {
  expect(response.status).toBe(400);
  const problem = (await response.json()) as { errors?: { field: string; message: string }[] };
  return problem.errors?.map((error) => error.field) ?? [];
}

/**
 * The fields a route handler's 400 names when asked for `path` (by the manager unless told), so
 * each check below reads as the address and the fields it must name.
 */
async function fieldsRefused(
  handler: (request: Request, context: never) => Promise<Response>,
  path: string,
  options: { cookie?: string; method?: string; context?: unknown } = {},
): Promise<string[]> {
  const request = jsonRequest(path, { method: options.method, cookie: options.cookie ?? manager });
  return refusedFields(await handler(request, options.context as never));
}

describe('the due-month range', () => {
  it('runs from January ten years back to December 25 years ahead', () => {
    expect(dueMonthRange(new Date('2026-11-26T12:00:00Z'))).toEqual({ first: '2016-01', last: '2051-12' });
  });

  it('refuses a month in 9999 on the month view address, naming the field, and accepts near months', () => {
    const far = renewalsViewSchema.safeParse({ month: '9999-12' });
    expect(far.success).toBe(false);
    expect(far.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['month']);
    expect(far.error?.issues[0]?.message).toMatch(/from \d{4}-01 to \d{4}-12/);
    expect(renewalsViewSchema.safeParse({ from: '2026-01-01', to: '9999-12-31' }).success).toBe(false);
    expect(renewalsViewSchema.safeParse({ month: addMonths(currentYearMonth(), 240) }).success).toBe(true);
    expect(renewalsViewSchema.safeParse({ month: addMonths(currentYearMonth(), -60) }).success).toBe(true);
  });

  it('answers /api/renewals?month=9999-12 with a 400 naming month, at once', async () => {
    const { GET } = await import('@/app/api/renewals/route');
    const started = Date.now();
    expect(await fieldsRefused(GET, '/api/renewals?month=9999-12')).toEqual(['month']);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(await fieldsRefused(GET, '/api/renewals?from=9999-12-01&to=9999-12-31')).toEqual(['from', 'to']);
    expect(await fieldsRefused(GET, '/api/renewals?month=0001-01')).toEqual(['month']);
  });

  it('refuses it on the export, the tracking board, the monthly report and the freeze routes', async () => {
    const exportRoute = await import('@/app/api/renewals/export/route');
    expect(await fieldsRefused(exportRoute.GET, '/api/renewals/export?month=9999-12&format=csv')).toContain(
      'month',
    );
    const tracking = await import('@/app/api/tracking/route');
    expect(await fieldsRefused(tracking.GET, '/api/tracking?month=9999-12')).toEqual(['month']);
    const report = await import('@/app/api/analytics/report/route');
    expect(await fieldsRefused(report.GET, '/api/analytics/report?month=9999-12')).toEqual(['month']);
    const params = { params: Promise.resolve({ yearMonth: '9999-12' }) };
    const estimates = await import('@/app/api/rate-freezes/[yearMonth]/estimates/route');
    expect(
      await fieldsRefused(estimates.GET, '/api/rate-freezes/9999-12/estimates', { context: params }),
    ).toEqual(['yearMonth']);
    const freeze = await import('@/app/api/rate-freezes/[yearMonth]/route');
    expect(
      await fieldsRefused(freeze.PUT, '/api/rate-freezes/9999-12', { method: 'PUT', context: params }),
    ).toEqual(['yearMonth']);
  });

  it('refuses an unknown sort on the renewals export and a bad date or page on the audit export, naming it', async () => {
    const exportRoute = await import('@/app/api/renewals/export/route');
    expect(
      await fieldsRefused(exportRoute.GET, '/api/renewals/export?month=2026-12&format=csv&sort=cheapest'),
    ).toEqual(['sort']);
    const admin = await signIn(app.users.admin.email);
    const audit = await import('@/app/api/admin/audit/export/route');
    expect(
      await fieldsRefused(audit.GET, '/api/admin/audit/export?from=2026-02-30&page=abc', { cookie: admin }),
    ).toEqual(['from', 'page']);
    const fine = await audit.GET(jsonRequest('/api/admin/audit/export?from=2026-01-01', { cookie: admin }));
    expect(fine.status).toBe(200);
  });
});
