/**
 * `npx tsx bench/profile-sort.ts`: where a sort click on the month view spends its time, to find
 * what to fix when the bench's sort/filter budget is missed. Starts the bench's stack (the built
 * dashboard as it is: run `npm run bench` or `npm run build` first), opens the bench's sort window (a month, or months, of at least 3,000 renewals: bench/lib/fixtures.ts) as the
 * paralegal in Chromium, records a CPU profile (Chrome DevTools protocol) across three clicks on the
 * "Case reference" header, and prints the functions with the most self time, the renderer's main
 * thread work by kind (script, style, layout, paint: from a DevTools trace), each click's own work
 * from its dispatch to its paint, and the interaction times; --save DIR keeps the CPU profile and
 * the trace for DevTools. A build without mangled names
 * (`npx next build --no-mangling`) names React's and the components' functions in the profile. Options: --patents N (default 29000), --seed N (7), --save DIR.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/chromium';
import { signIn } from './lib/dashboard-session';
import { gatherBenchData } from './lib/fixtures';
import { serviceReader } from './lib/service-data';
import { startDashboard, startUpstream } from './lib/stack';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tid: number;
  args?: { name?: string; data?: { type?: string } };
}

/**
 * Each click, from its dispatch to the end of the first paint after it: the main thread's work in
 * between by kind (top-level slices only), so a click's own cost reads apart from the pauses.
 */
function perClick(events: readonly TraceEvent[]): string[] {
  const main = events.find((event) => event.ph === 'M' && event.args?.name === 'CrRendererMain')?.tid;
  const slices = events
    .filter((event) => event.tid === main && event.ph === 'X' && event.dur !== undefined)
    .sort((a, b) => a.ts - b.ts);
  const clicks = slices.filter(
    (event) => event.name === 'EventDispatch' && event.args?.data?.type === 'click',
  );
  return clicks.map((click) => {
    const paint = slices.find((event) => event.name === 'Paint' && event.ts > click.ts);
    const until = paint ? paint.ts + (paint.dur ?? 0) : click.ts;
    const kinds = new Map<string, number>();
    let covered = 0;
    for (const event of slices) {
      if (event.ts < click.ts || event.ts >= until || event.ts < covered) continue;
      covered = event.ts + (event.dur ?? 0);
      kinds.set(event.name, (kinds.get(event.name) ?? 0) + (event.dur ?? 0) / 1000);
    }
    const parts = [...kinds.entries()]
      .sort((a, b) => b[1] - a[1])
      .map(([name, ms]) => `${name} ${ms.toFixed(1)}`);
    return `${((until - click.ts) / 1000).toFixed(1)} ms to the paint: ${parts.join(', ')}`;
  });
}

/** Main-thread time per trace event kind, in ms (nested kinds are counted in each). */
function mainThreadTimes(events: readonly TraceEvent[]): { name: string; ms: number }[] {
  const main = events.find((event) => event.ph === 'M' && event.args?.name === 'CrRendererMain')?.tid;
  const totals = new Map<string, number>();
  for (const event of events) {
    if (event.tid !== main || event.ph !== 'X' || event.dur === undefined) continue;
    totals.set(event.name, (totals.get(event.name) ?? 0) + event.dur / 1000);
  }
  return [...totals.entries()].map(([name, ms]) => ({ name, ms })).sort((a, b) => b.ms - a.ms);
}

interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const root = fileURLToPath(new URL('..', import.meta.url));
const { values } = parseArgs({
  args: process.argv.slice(2),
  options: { patents: { type: 'string' }, seed: { type: 'string' }, save: { type: 'string' } },
});

const frameName = (node: ProfileNode | undefined) =>
  node
    ? `${node.callFrame.functionName || '(anonymous)'} ${node.callFrame.url.split('/').pop() ?? ''}:${node.callFrame.lineNumber}`
    : '?';

function selfTimes(profile: Profile): { name: string; ms: number }[] {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const totals = new Map<string, number>();
  profile.samples.forEach((id, index) => {
    const name = frameName(byId.get(id));
    totals.set(name, (totals.get(name) ?? 0) + (profile.timeDeltas[index] ?? 0) / 1000);
  });
  return [...totals.entries()].map(([name, ms]) => ({ name, ms })).sort((a, b) => b.ms - a.ms);
}

/**
 * Time with callees, by function: a component's own render (React calls its children from its
 * work loop, not from the component), or a whole phase (React's render and commit functions) in a
 * build without mangled names (`npx next build --no-mangling`). A recursive function counts once.
 */
function totalTimes(profile: Profile): { name: string; ms: number }[] {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const totals = new Map<string, number>();
  profile.samples.forEach((id, index) => {
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) {
      const name = frameName(byId.get(at));
      if (seen.has(name)) continue;
      seen.add(name);
      totals.set(name, (totals.get(name) ?? 0) + (profile.timeDeltas[index] ?? 0) / 1000);
    }
  });
  return [...totals.entries()]
    .filter(
      ([name]) => !name.startsWith('(root)') && !name.startsWith('(idle)') && !name.startsWith('(program)'),
    )
    .map(([name, ms]) => ({ name, ms }))
    .sort((a, b) => b.ms - a.ms);
}

async function main() {
  const dir = mkdtempSync(path.join(tmpdir(), 'profile-sort-'));
  const upstream = await startUpstream(dir, Number(values.patents ?? 29_000), Number(values.seed ?? 7));
  try {
    const data = await gatherBenchData(serviceReader(upstream.sandbox.baseUrl, upstream.key), {
      batches: 0,
      batchSize: 0,
    });
    const dashboard = await startDashboard({
      root,
      dataDir: path.join(dir, 'dashboard'),
      upstream,
      name: 'dashboard',
    });
    try {
      const session = await signIn(dashboard.baseUrl, 'paralegal');
      const browser = await chromium.launch({
        executablePath: CHROMIUM_PATH,
        args: CHROMIUM_ARGS,
      });
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      await context.addCookies(session.cookies.map((cookie) => ({ ...cookie, url: dashboard.baseUrl })));
      const page = await context.newPage();
      const url = `${dashboard.baseUrl}/renewals?${data.interactionWindow.query}`;
      // The first load reads the window from the service (a cold dashboard, 30 s and more on a
      // busy machine); the second is the warm one the clicks are profiled on.
      for (let load = 0; load < 2; load++) {
        await page.goto(url, { waitUntil: 'load', timeout: 180_000 });
        await page.waitForLoadState('networkidle');
      }
      await page.waitForTimeout(1000);
      const cdp = await context.newCDPSession(page);
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
      await cdp.send('Profiler.start');
      const trace: TraceEvent[] = [];
      cdp.on('Tracing.dataCollected', (data) => {
        // The protocol types events as string maps; they are DevTools trace events.
        trace.push(...(data.value as unknown as TraceEvent[]));
      });
      const traced = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
      await cdp.send('Tracing.start', {
        transferMode: 'ReportEvents',
        traceConfig: { includedCategories: ['devtools.timeline', 'v8.execute', 'blink.user_timing'] },
      });
      const header = page.locator('thead').getByRole('button', { name: 'Case reference' });
      const times: number[] = [];
      for (let click = 0; click < 3; click++) {
        const before = performance.now();
        const first = await page.locator('tbody tr[data-event-id]').first().getAttribute('data-event-id');
        await header.click();
        await page.waitForFunction(
          (was) => document.querySelector('tbody tr[data-event-id]')?.getAttribute('data-event-id') !== was,
          first,
        );
        times.push(Math.round(performance.now() - before));
        await page.waitForTimeout(300);
      }
      const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile };
      await cdp.send('Tracing.end');
      await traced;
      console.log(`click to changed first row (ms, Playwright round trip included): ${times.join(', ')}`);
      console.log('self time by function:');
      for (const entry of selfTimes(profile).slice(0, 30)) {
        console.log(`${entry.ms.toFixed(1).padStart(8)} ms  ${entry.name}`);
      }
      console.log('time with callees by function:');
      for (const entry of totalTimes(profile).slice(0, 40)) {
        console.log(`${entry.ms.toFixed(1).padStart(8)} ms  ${entry.name}`);
      }
      console.log('components, time with callees (their own render; unmangled builds only):');
      for (const entry of totalTimes(profile)
        .filter((entry) => /^[A-Z]/.test(entry.name))
        .slice(0, 40)) {
        console.log(`${entry.ms.toFixed(1).padStart(8)} ms  ${entry.name}`);
      }
      if (values.save) {
        writeFileSync(path.join(values.save, 'clicks.cpuprofile'), JSON.stringify(profile));
        writeFileSync(path.join(values.save, 'clicks.trace.json'), JSON.stringify({ traceEvents: trace }));
        console.log(`profile and trace written to ${values.save} (DevTools opens both)`);
      }
      console.log('each click to its paint (top-level main-thread slices):');
      for (const line of perClick(trace)) console.log(`  ${line}`);
      console.log('main thread by kind (three clicks and their pauses):');
      for (const entry of mainThreadTimes(trace).slice(0, 20)) {
        console.log(`${entry.ms.toFixed(1).padStart(8)} ms  ${entry.name}`);
      }
      await browser.close();
    } finally {
      await dashboard.stop();
    }
  } finally {
    await upstream.sandbox.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
