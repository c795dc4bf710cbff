import { DEMO_TENANT } from './demo';
import type { EventRecord } from './domain/model';
import { hashString } from './generator/prng';
import type { SandboxService } from './service';

/**
 * Demo mode (`--demo`): the demo tenant's decisions taken through the API move along the
 * processing pipeline by themselves, one step per `stepSeconds`, as an office would in days or
 * weeks, so a demo shows progress. About one paid renewal in 40 ends UNPROCESSABLE (chosen by the
 * event id, so the same event always does). Generated history is left as it is.
 */
export function startDemoPipeline(
  service: SandboxService,
  stepSeconds: number,
  log: (message: string, error?: unknown) => void,
): () => void {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const tenant = service.tenantByName(DEMO_TENANT);
      if (!tenant) return;
      // An event moves once its current status is at least one step old.
      const threshold = service.clock.now().getTime() - stepSeconds * 1000;
      for (const event of service.pendingLiveDecisions(tenant)) {
        if (Date.parse(event.processingStatusUpdatedAt ?? '') > threshold) continue;
        await service.progressEvent(event.id, nextDemoStatus(event));
      }
    } catch (error) {
      log('sandbox: demo pipeline step failed', error);
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), Math.min(stepSeconds * 1000, 5_000));
  timer.unref();
  return () => clearInterval(timer);
}

function nextDemoStatus(event: EventRecord): 'UNPROCESSABLE' | undefined {
  const unlucky = event.appliedDecision === 'PROCEED' && hashString(event.id) % 40 === 0;
  return unlucky && event.processingStatus === 'PAYMENT_SENT' ? 'UNPROCESSABLE' : undefined;
}
