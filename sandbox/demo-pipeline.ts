import { DEMO_CLIENTS } from './demo';
import { duePeriodOf } from './domain/due-period';
import { earliestUndecidedEvent, instructabilityOf } from './domain/instructability';
import type { InstructionItem } from './domain/instruction-batch';
import type { EventRecord } from './domain/model';
import type { TenantState } from './domain/tenant-state';
import { hashString } from './generator/prng';
import type { SandboxService } from './service';

/**
 * Demo mode (`--demo`): the demo tenants' decisions taken through the API move along the
 * processing pipeline by themselves, one step per `stepSeconds`, as an office would in days or
 * weeks, so a demo shows progress. About one paid renewal in 40 ends UNPROCESSABLE (chosen by the
 * event id, so the same event always does). At start each demo tenant's overdue renewals are first
 * decided as a well-run team would have (tidyDemoHistory), so Today shows a credible picture.
 */
export function startDemoPipeline(
  service: SandboxService,
  stepSeconds: number,
  log: (message: string, error?: unknown) => void,
): () => void {
  const tenants = DEMO_CLIENTS.flatMap((client) => service.tenantByName(client.id) ?? []);
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      // An event moves once its current status is at least one step old.
      const threshold = service.clock.now().getTime() - stepSeconds * 1000;
      for (const tenant of tenants) {
        for (const event of service.pendingLiveDecisions(tenant)) {
          if (Date.parse(event.processingStatusUpdatedAt ?? '') > threshold) continue;
          await service.progressEvent(event.id, nextDemoStatus(event));
        }
      }
    } catch (error) {
      log('sandbox: demo pipeline step failed', error);
    } finally {
      running = false;
    }
  };
  void (async () => {
    for (const tenant of tenants) {
      const decided = await tidyDemoHistory(service, tenant);
      if (decided > 0) {
        log(`sandbox: demo history of ${tenant.config.name} tidied, ${decided} overdue renewals decided`);
      }
    }
  })().catch((error: unknown) => log('sandbox: demo history could not be tidied', error));
  const timer = setInterval(() => void tick(), Math.min(stepSeconds * 1000, 5_000));
  timer.unref();
  return () => clearInterval(timer);
}

function nextDemoStatus(event: EventRecord): 'UNPROCESSABLE' | undefined {
  const unlucky = event.appliedDecision === 'PROCEED' && hashString(event.id) % 40 === 0;
  return unlucky && event.processingStatus === 'PAYMENT_SENT' ? 'UNPROCESSABLE' : undefined;
}

/** One overdue renewal in this many stays undecided in grace: a handful, one or two near lapsing. */
const KEEP_IN_GRACE_ONE_IN = 40;
/** Lapsed renewals are recorded as skipped, all but the rare one a team forgot. */
const KEEP_LAPSED_ONE_IN = 250;

/**
 * A well-run team's past: the generated history leaves about half the renewals in grace undecided,
 * which reads as a wall of alarms. This decides the overdue ones through the service's
 * own instruction path (PROCEED in grace, SKIP_THIS_TIME once lapsed, when PROCEED is no longer
 * offered), keeping a few undecided. Chosen by patent and annuity year, so the same renewals stay
 * open on every start; renewals not yet due are left for the user. Returns how many were decided.
 */
export async function tidyDemoHistory(service: SandboxService, tenant: TenantState): Promise<number> {
  const maxBatch = service.profile.switches.maxBatchSize;
  let decided = 0;
  // Deciding a patent's earliest renewal opens the next one: a few rounds reach a patent's chain.
  for (let round = 0; round < 4; round++) {
    const today = service.clock.today();
    const items: InstructionItem[] = [];
    for (const patent of tenant.patents) {
      const first = patent.events[0];
      const event = first ? earliestUndecidedEvent(first) : null;
      if (event?.eventType !== 'RENEWAL' || event.dueDate >= today) continue;
      const allowed = instructabilityOf(event, today);
      if (!allowed.isAllowed) continue;
      const lapsed = duePeriodOf(event, today) === 'LAPSED';
      // By the patent's place in the portfolio and the annuity year, which a seed fixes (ids may not).
      const hash = hashString(`${patent.ordinal}:${event.annuityYear}`);
      if (hash % (lapsed ? KEEP_LAPSED_ONE_IN : KEEP_IN_GRACE_ONE_IN) === 0) continue;
      const decision = lapsed || hash % 20 === 1 ? 'SKIP_THIS_TIME' : 'PROCEED';
      if (allowed.allowedDecisions.includes(decision)) items.push({ eventId: event.id, decision });
    }
    if (items.length === 0) break;
    for (let start = 0; start < items.length; start += maxBatch) {
      await service.instruct(tenant, items.slice(start, start + maxBatch));
    }
    decided += items.length;
  }
  return decided;
}
