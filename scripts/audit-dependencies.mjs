#!/usr/bin/env node
/**
 * `npm audit --omit=dev` with a documented allow-list (audit-allowlist.json): CI fails on any
 * advisory of moderate severity or worse in a production dependency that the list does not name
 * with a reason and a review date. Where the registry offers no audit endpoint (the registry this
 * project is built against today answers every audit with an error), it says plainly that the
 * audit did NOT run instead of passing quietly.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const SEVERITIES = ['info', 'low', 'moderate', 'high', 'critical'];
const FAIL_FROM = SEVERITIES.indexOf('moderate');

const allowList = JSON.parse(readFileSync(new URL('../audit-allowlist.json', import.meta.url), 'utf8'));
const today = new Date().toISOString().slice(0, 10);

const run = spawnSync('npm', ['audit', '--omit=dev', '--json'], { encoding: 'utf8' });
let report;
try {
  report = JSON.parse(run.stdout || '{}');
} catch {
  report = {};
}
if (!report.vulnerabilities) {
  const reason =
    report.error?.summary ?? (run.stderr.split('\n').find((line) => line.includes('error')) || 'no report');
  console.log(`npm audit NOT RUN: the registry did not answer the audit (${reason.trim()}).`);
  console.log('Run `npm run audit:deps` where the registry offers audits; nothing was checked here.');
  process.exit(process.env.AUDIT_REQUIRED === '1' ? 1 : 0);
}

const failures = [];
for (const [name, vulnerability] of Object.entries(report.vulnerabilities)) {
  if (SEVERITIES.indexOf(vulnerability.severity) < FAIL_FROM) continue;
  const advisories = vulnerability.via.filter((via) => typeof via === 'object');
  for (const advisory of advisories.length > 0
    ? advisories
    : [{ url: `(through ${vulnerability.via.join(', ')})` }]) {
    const allowed = allowList.advisories.find(
      (entry) =>
        entry.package === name &&
        (entry.url === advisory.url || entry.url === '*') &&
        entry.reviewBy >= today,
    );
    if (!allowed)
      failures.push(
        `${vulnerability.severity} ${name}: ${advisory.title ?? ''} ${advisory.url ?? ''}`.trim(),
      );
  }
}
if (failures.length > 0) {
  console.error(
    `npm audit: ${failures.length} advisory(ies) not on audit-allowlist.json:\n  ${failures.join('\n  ')}`,
  );
  process.exit(1);
}
console.log('npm audit: no advisory of moderate severity or worse outside audit-allowlist.json.');
