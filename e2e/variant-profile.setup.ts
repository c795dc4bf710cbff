import { expect, test as setup } from '@playwright/test';
import { operator } from './service';

/** The `variant` project's journeys meet a service that chose differently (sandbox/profiles.ts). */
setup('the stand-in service switches to the variant profile', async () => {
  const profile = await operator.setProfile({ name: 'variant' });
  expect(profile.name).toBe('variant');
});
