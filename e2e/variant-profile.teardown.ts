import { expect, test as teardown } from '@playwright/test';
import { operator } from './service';

/** Back to the stand-in's own choices, for whatever runs next against the same servers. */
teardown('the stand-in service switches back to the default profile', async () => {
  const profile = await operator.setProfile({ name: 'default' });
  expect(profile.name).toBe('default');
});
