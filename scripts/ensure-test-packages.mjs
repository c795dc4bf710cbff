// Makes sure the Debian packages the tests need are there: Chromium for the journeys and for the
// vitest file that renders mail in a browser (test/notifications-html.test.ts; Playwright's own
// browser download cannot reach its host here) and, when DATABASE_URL is set,
// haproxy for the two-instance test (e2e/instances.spec.ts). Installs what is missing with apt-get
// when running as root.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const wanted = [
  {
    name: 'Chromium',
    path: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    pkg: 'chromium',
    env: 'CHROMIUM_PATH',
  },
];
if (process.env.DATABASE_URL)
  wanted.push({
    name: 'haproxy',
    path: process.env.HAPROXY_PATH ?? '/usr/sbin/haproxy',
    pkg: 'haproxy',
    env: 'HAPROXY_PATH',
  });

const missing = () => wanted.filter((tool) => !existsSync(tool.path));

if (missing().length === 0) process.exit(0);

if (typeof process.getuid === 'function' && process.getuid() === 0) {
  const packages = missing().map((tool) => tool.pkg);
  console.log(`Installing Debian's ${packages.join(' and ')} for the browser tests…`);
  try {
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '-qq', ...packages], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  } catch {
    console.error(`Installing ${packages.join(' ')} with apt-get failed; see the output above.`);
    process.exit(1);
  }
  if (missing().length === 0) process.exit(0);
}

for (const tool of missing()) {
  console.error(
    `The browser tests need ${tool.name} at ${tool.path}.\n` +
      `Install it as root with: apt-get update && apt-get install -y ${tool.pkg}\n` +
      `or point ${tool.env} at another ${tool.name} binary.`,
  );
}
process.exit(1);
