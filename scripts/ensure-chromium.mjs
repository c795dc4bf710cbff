// Makes sure Debian's Chromium is there for the Playwright suite (Playwright's own browser
// download cannot reach its host here). Installs it with apt-get when running as root.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

if (existsSync(CHROMIUM)) process.exit(0);

if (typeof process.getuid === 'function' && process.getuid() === 0) {
  console.log(`${CHROMIUM} is missing: installing Debian's chromium package…`);
  try {
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  } catch {
    console.error('Installing chromium with apt-get failed; see the output above.');
    process.exit(1);
  }
  if (existsSync(CHROMIUM)) process.exit(0);
}

console.error(
  `The browser tests need Chromium at ${CHROMIUM}.\n` +
    'Install it as root with: apt-get update && apt-get install -y chromium\n' +
    'or point CHROMIUM_PATH at another Chromium binary.',
);
process.exit(1);
