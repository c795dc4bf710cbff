import { expect, test as setup } from '@playwright/test';
import { operator } from './service';

/**
 * The `deferred` project's journey meets a service in a mode other than DIRECT that executes for
 * real on a later date (sandbox/profiles.ts, `deferredExecution: 'next-day'`): instructions are
 * accepted as scheduled and applied when the service's clock reaches their time. Everything else
 * is the default profile; variant-teardown switches back once the journey is done.
 */
setup('the stand-in service accepts instructions now and executes them the next day', async () => {
  const profile = await operator.setProfile({
    name: 'default',
    switches: { instructionMode: 'DEFERRED', deferredExecution: 'next-day' },
  });
  expect(profile.switches).toMatchObject({ instructionMode: 'DEFERRED', deferredExecution: 'next-day' });
});
