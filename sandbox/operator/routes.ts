import { createHash, timingSafeEqual } from 'node:crypto';
import type { Hono } from 'hono';
import type { z } from 'zod';
import { eventView } from '../api/views';
import { BASE_CURRENCY, type RateTable } from '../domain/fx';
import { jsonPointer, RuleViolation, validationFailed } from '../domain/rule-violation';
import type { TenantState } from '../domain/tenant-state';
import { instanceOf, type SandboxContext, type SandboxEnv } from '../http/context';
import type { FaultInjector } from '../http/faults';
import { jsonResponse, problemResponse } from '../http/problems';
import type { SandboxService } from '../service';
import {
  ClockInputSchema,
  type ClockState,
  FaultsInputSchema,
  type FxRates,
  KeyInputSchema,
  type OperatorTenant,
  ProfileInputSchema,
  type ProfileState,
  type ProgressedEvent,
  ProgressInputSchema,
  RatesInputSchema,
  TenantInputSchema,
  type UsageReport,
} from './schemas';

/**
 * The operator API (not part of API v2): tenants, keys, the office's progress, the clock, exchange
 * rates, fault injection and usage. Bearer SANDBOX_OPERATOR_TOKEN, JSON in and out, problems on
 * error; never subject to fault injection or quotas.
 */
export const OPERATOR_ROOT = '/operator/v1';

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
    const input = await readBody(c, TenantInputSchema);
    return jsonResponse(tenantView(await service.createTenant(input)), 201);
  });

  app.post(`${OPERATOR_ROOT}/keys`, async (c) => {
    const input = await readBody(c, KeyInputSchema);
    const expiresAt = input.expiresAt === undefined ? undefined : new Date(input.expiresAt).toISOString();
    return jsonResponse(await service.createKey({ ...input, expiresAt }), 201);
  });

  app.post(`${OPERATOR_ROOT}/events/:eventId/progress`, async (c) => {
    const input = await readBody(c, ProgressInputSchema, { optional: true });
    const { tenant, event } = await service.progressEvent(c.req.param('eventId'), input.to);
    const moved: ProgressedEvent = eventView(event, service.viewContext(tenant), { withFees: true });
    return jsonResponse(moved);
  });

  // The office's receipt arrives now, whatever officialReceiptDelayDays says (a FULFILLED PROCEED only).
  app.post(`${OPERATOR_ROOT}/events/:eventId/official-receipt`, (c) => {
    const { tenant, event } = service.releaseOfficialReceipt(c.req.param('eventId'));
    const released: ProgressedEvent = eventView(event, service.viewContext(tenant), { withFees: true });
    return jsonResponse(released);
  });

  app.get(`${OPERATOR_ROOT}/profile`, () => jsonResponse(service.profile.state));

  app.put(`${OPERATOR_ROOT}/profile`, async (c) => {
    const input = await readBody(c, ProfileInputSchema);
    const state: ProfileState = service.profile.set(input);
    return jsonResponse(state);
  });

  app.get(`${OPERATOR_ROOT}/clock`, () => jsonResponse(clockView(service)));

  app.put(`${OPERATOR_ROOT}/clock`, async (c) => {
    const input = await readBody(c, ClockInputSchema);
    await service.setToday(input.today);
    return jsonResponse(clockView(service));
  });

  app.get(`${OPERATOR_ROOT}/fx-rates`, () => jsonResponse(fxRatesView(service.rates)));

  app.put(`${OPERATOR_ROOT}/fx-rates`, async (c) => {
    const input = await readBody(c, RatesInputSchema);
    if (input.rates?.EUR !== undefined && input.rates.EUR !== '1') {
      throw validationFailed([{ pointer: '/rates/EUR', detail: 'EUR is the base currency; its rate is 1' }]);
    }
    return jsonResponse(fxRatesView(await service.setRates(input)));
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

function tenantNamed(service: SandboxService, name: string | undefined): TenantState {
  if (!name) throw validationFailed([{ pointer: '/tenant', detail: 'the tenant name is required' }]);
  const tenant = service.tenantByName(name);
  if (!tenant) throw new RuleViolation('not_found', `No tenant named ${name}.`);
  return tenant;
}

function tenantView(tenant: TenantState): OperatorTenant {
  const { config } = tenant;
  return {
    id: config.id,
    name: config.name,
    portfolio: config.portfolio,
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

function fxRatesView(rates: RateTable): FxRates {
  return { base: BASE_CURRENCY, rates };
}

function clockView(service: SandboxService): ClockState {
  return {
    today: service.clock.today(),
    isPinned: service.clock.override !== null,
    now: service.clock.nowIso(),
  };
}

function usageView(service: SandboxService, tenant: TenantState): UsageReport {
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
