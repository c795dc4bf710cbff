import { describe, expect, it } from 'vitest';
import { DEMO_TENANT } from '@/sandbox/demo';
import { tidyDemoHistory } from '@/sandbox/demo-pipeline';
import { ensureDemoTenants } from '@/sandbox/demo-tenant';
import { duePeriodOf } from '@/sandbox/domain/due-period';
import { instructabilityOf } from '@/sandbox/domain/instructability';
import type { TenantState } from '@/sandbox/domain/tenant-state';
import { SandboxProfile } from '@/sandbox/profiles';
import { SandboxService } from '@/sandbox/service';
import { createMemoryStore } from '@/sandbox/store/store';

/**
 * The demo portfolio looks well run: after the demo's tidy-up, a handful of overdue
 * renewals is left open in grace, one or two of them close to lapsing, almost none lapsed
 * undecided, and the same ones on every start.
 */
const TODAY = '2026-11-15';

async function demoService() {
  const service = await SandboxService.open({
    store: createMemoryStore(),
    today: TODAY,
    profile: new SandboxProfile('default'),
  });
  await ensureDemoTenants(service);
  return { service, tenant: service.tenantByName(DEMO_TENANT) as TenantState };
}

function openOverdue(tenant: TenantState) {
  return tenant.patents.flatMap((patent) =>
    patent.events.filter(
      (event) =>
        event.appliedDecision === null && event.dueDate < TODAY && instructabilityOf(event, TODAY).isAllowed,
    ),
  );
}

describe('the demo portfolio', () => {
  it('leaves a handful in grace, one or two near lapsing, and the same ones each time', async () => {
    const first = await demoService();
    const before = openOverdue(first.tenant).length;
    const decided = await tidyDemoHistory(first.service, first.tenant);
    expect(decided).toBeGreaterThan(0);
    const open = openOverdue(first.tenant);
    expect(open.length).toBeLessThan(before / 10);
    const inGrace = open.filter((event) => duePeriodOf(event, TODAY) === 'GRACE_PERIOD');
    expect(inGrace.length).toBeGreaterThanOrEqual(3);
    expect(inGrace.length).toBeLessThanOrEqual(40);
    const lapsing = inGrace.filter((event) => (event.gracePeriodEndDate ?? '') <= '2026-12-15');
    expect(lapsing.length).toBeGreaterThanOrEqual(1);
    expect(open.filter((event) => duePeriodOf(event, TODAY) === 'LAPSED').length).toBeLessThanOrEqual(5);

    const second = await demoService();
    await tidyDemoHistory(second.service, second.tenant);
    const key = (event: (typeof open)[number]) => `${event.patent.ordinal}:${event.annuityYear}`;
    expect(openOverdue(second.tenant).map(key)).toEqual(open.map(key));
    await first.service.close();
    await second.service.close();
  }, 120_000);
});
