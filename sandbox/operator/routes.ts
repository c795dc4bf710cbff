import { createHash, timingSafeEqual } from 'node:crypto';
import type { Hono } from 'hono';
import { z } from 'zod';
import { SCOPES } from '../../lib/annuity/schemas';
import { eventView } from '../api/views';
import { isIsoDate } from '../domain/calendar';
import { isRate, SUPPORTED_CURRENCIES } from '../domain/fx';
import { jsonPointer, RuleViolation, validationFailed } from '../domain/rule-violation';
import type { TenantState } from '../domain/tenant-state';
import { instanceOf, type SandboxContext, type SandboxEnv } from '../http/context';
import type { FaultInjector } from '../http/faults';
import { jsonResponse, problemResponse } from '../http/problems';
import type { SandboxService } from '../service';

/**
 * The operator API (not part of API v2): tenants, keys, the office's progress, the clock, exchange
 * rates, fault injection and usage. Bearer SANDBOX_OPERATOR_TOKEN, JSON in and out, problems on
 * error; never subject to fault injection or quotas.
 */
export const OPERATOR_ROOT = '/operator/v1';

const currency = z
  .string()
  .refine((code) => SUPPORTED_CURRENCIES.includes(code), 'a supported currency code');

export const TenantInputSchema = z.strictObject({
  name: z
    .string()
    .regex(/^[a-z0-9][a-z0-9._-]{0,62}$/i, 'letters, digits, dot, dash, underscore; 1-63 characters'),
  currency: currency.optional(),
  invoiceCurrencyByOffice: z
    .partialRecord(z.string().regex(/^[A-Z]{2}$/, 'an office code'), currency)
    .optional(),
  patents: z.number().int().min(0).max(200_000).optional(),
  seed: z.number().int().min(0).max(2_147_483_647).optional(),
  freezeEnabled: z.boolean().optional(),
  freezeHorizonMonths: z.number().int().min(0).max(36).optional(),
  vatRate: z.number().min(0).max(1).optional(),
});

export const KeyInputSchema = z.strictObject({
  tenant: z.string().min(1),
  scopes: z.array(z.enum(SCOPES)),
  expiresAt: z.iso.datetime({ offset: true }).optional(),
  dailyLimit: z.number().int().min(1).max(1_000_000_000).optional(),
});

export const ProgressInputSchema = z.strictObject({
  to: z.enum(['INSTRUCTED', 'PAYMENT_SENT', 'PAYMENT_CONFIRMED', 'FULFILLED', 'UNPROCESSABLE']).optional(),
});

export const ClockInputSchema = z.strictObject({
  today: z.string().refine(isIsoDate, 'expected a YYYY-MM-DD date').nullable(),
});

export const RatesInputSchema = z.strictObject({
  rates: z.record(currency, z.string().refine(isRate, 'a positive decimal string')).optional(),
  multiplyAllBy: z.string().refine(isRate, 'a positive decimal string').optional(),
});

export const FaultsInputSchema = z.strictObject({
  latencyMs: z.number().int().min(0).max(120_000).optional(),
  errorRate: z.number().min(0).max(1).optional(),
  errorStatus: z.number().int().min(400).max(599).optional(),
  dropRate: z.number().min(0).max(1).optional(),
  dropPhase: z.enum(['before', 'after']).optional(),
  every: z.number().int().min(1).max(1_000).nullable().optional(),
  paths: z.array(z.string().min(1)).optional(),
});

export function registerOperatorRoutes(
  app: Hono<SandboxEnv>,
  service: SandboxService,
  faults: FaultInjector,
  operatorToken: string,
): void {
  const expected = createHash('sha256').update(operatorToken).digest();
  app.use(`${OPERATOR_ROOT}/*`, async (c, next) => {
    const header = c.req.header('authorization') ?? '';
    const token = /^Bearer\s+(.+)$/i.exec(header)?.[1]?.trim() ?? '';
    const given = createHash('sha256').update(token).digest();
    if (!timingSafeEqual(given, expected)) {
      return problemResponse({
        code: 'unauthorized',
        detail: 'The operator API needs Authorization: Bearer <SANDBOX_OPERATOR_TOKEN>.',
        instance: instanceOf(c),
        requestId: c.get('requestId'),
      });
    }
    // Rule violations thrown by the handlers become problems in the app's error handler.
    await next();
  });

  app.get(`${OPERATOR_ROOT}/tenants`, () => jsonResponse(service.tenants().map(tenantView)));

  app.get(`${OPERATOR_ROOT}/tenants/:name`, (c) =>
    jsonResponse(tenantView(tenantNamed(service, c.req.param('name')))),
  );

  app.post(`${OPERATOR_ROOT}/tenants`, async (c) => {
    const { invoiceCurrencyByOffice, ...input } = await readBody(c, TenantInputSchema);
    const byOffice = invoiceCurrencyByOffice && definedEntries(invoiceCurrencyByOffice);
    return jsonResponse(
      tenantView(await service.createTenant({ ...input, invoiceCurrencyByOffice: byOffice })),
      201,
    );
  });

  app.post(`${OPERATOR_ROOT}/keys`, async (c) => {
    const input = await readBody(c, KeyInputSchema);
    const expiresAt = input.expiresAt === undefined ? undefined : new Date(input.expiresAt).toISOString();
    return jsonResponse(await service.createKey({ ...input, expiresAt }), 201);
  });

  app.post(`${OPERATOR_ROOT}/events/:eventId/progress`, async (c) => {
    const input = await readBody(c, ProgressInputSchema, { optional: true });
    const { tenant, event } = await service.progressEvent(c.req.param('eventId'), input.to);
    const view = { tenant, today: service.clock.today(), rates: service.rates };
    return jsonResponse(eventView(event, view, { withFees: true }));
  });

  app.get(`${OPERATOR_ROOT}/clock`, () => jsonResponse(clockView(service)));

  app.put(`${OPERATOR_ROOT}/clock`, async (c) => {
    const input = await readBody(c, ClockInputSchema);
    await service.setToday(input.today);
    return jsonResponse(clockView(service));
  });

  app.get(`${OPERATOR_ROOT}/fx-rates`, () => jsonResponse({ base: 'EUR', rates: service.rates }));

  app.put(`${OPERATOR_ROOT}/fx-rates`, async (c) => {
    const input = await readBody(c, RatesInputSchema);
    if (input.rates?.EUR !== undefined && input.rates.EUR !== '1') {
      throw validationFailed([{ pointer: '/rates/EUR', detail: 'EUR is the base currency; its rate is 1' }]);
    }
    return jsonResponse({ base: 'EUR', rates: await service.setRates(input) });
  });

  app.get(`${OPERATOR_ROOT}/faults`, () => jsonResponse(faults.settings));

  app.put(`${OPERATOR_ROOT}/faults`, async (c) =>
    jsonResponse(faults.set(await readBody(c, FaultsInputSchema))),
  );

  app.delete(`${OPERATOR_ROOT}/faults`, () => {
    faults.clear();
    return jsonResponse(faults.settings);
  });

  app.get(`${OPERATOR_ROOT}/usage`, (c) =>
    jsonResponse(usageView(service, tenantNamed(service, c.req.query('tenant')))),
  );

  app.delete(`${OPERATOR_ROOT}/usage`, (c) => {
    const tenant = tenantNamed(service, c.req.query('tenant'));
    service.usage.reset(service.keysOf(tenant).map((key) => key.id));
    return jsonResponse(usageView(service, tenant));
  });
}

/** zod types a record with a refined key as partial; parsed JSON has no undefined values anyway. */
function definedEntries(record: Partial<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(record).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}

function tenantNamed(service: SandboxService, name: string | undefined): TenantState {
  if (!name) throw validationFailed([{ pointer: '/tenant', detail: 'the tenant name is required' }]);
  const tenant = service.tenantByName(name);
  if (!tenant) throw new RuleViolation('not_found', `No tenant named ${name}.`);
  return tenant;
}

export function tenantView(tenant: TenantState) {
  const { config } = tenant;
  return {
    id: config.id,
    name: config.name,
    currency: config.currency,
    invoiceCurrencyByOffice: config.invoiceCurrencyByOffice,
    patents: config.patentCount,
    seed: config.seed,
    freezeEnabled: config.freezeEnabled,
    freezeHorizonMonths: config.freezeHorizonMonths,
    vatRate: config.vatRate,
    vatNumber: config.vatNumber,
    anchorDate: config.anchorDate,
    createdAt: config.createdAt,
    counts: {
      patents: tenant.patents.length,
      events: tenant.eventsById.size,
      invoices: tenant.invoices.length,
      frozenMonths: tenant.freezes.size,
    },
  };
}

function clockView(service: SandboxService) {
  return {
    today: service.clock.today(),
    isPinned: service.clock.override !== null,
    now: service.clock.nowIso(),
  };
}

function usageView(service: SandboxService, tenant: TenantState) {
  const now = service.clock.realNow();
  const operations: Record<string, number> = {};
  let calls = 0;
  const keys = service.keysOf(tenant).map((key) => {
    const usage = service.usage.usageOf(key.id, now);
    calls += usage.calls;
    for (const [name, count] of Object.entries(usage.operations))
      operations[name] = (operations[name] ?? 0) + count;
    return {
      id: key.id,
      keyHint: key.keyHint,
      scopes: [...key.scopes],
      expiresAt: key.expiresAt,
      dailyLimit: key.dailyLimit,
      calls: usage.calls,
      rateLimited: usage.rateLimited,
      today: {
        date: usage.today.date,
        calls: usage.today.calls,
        remaining: Math.max(0, key.dailyLimit - usage.today.calls),
      },
      operations: { ...usage.operations },
    };
  });
  return { tenant: tenant.config.name, calls, operations, keys };
}

async function readBody<S extends z.ZodType>(
  c: SandboxContext,
  schema: S,
  options: { optional?: boolean } = {},
): Promise<z.output<S>> {
  const text = await c.req.text();
  let body: unknown = {};
  if (text.trim() !== '') {
    try {
      body = JSON.parse(text);
    } catch {
      throw validationFailed([{ pointer: '', detail: 'the body is not valid JSON' }]);
    }
  } else if (!options.optional) {
    throw validationFailed([{ pointer: '', detail: 'a JSON body is required' }]);
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    throw validationFailed(
      parsed.error.issues.map((issue) => ({ pointer: jsonPointer(issue.path), detail: issue.message })),
    );
  }
  return parsed.data;
}
