import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../e2e/chromium';
import type { SessionCookie } from './dashboard-session';

/**
 * Lighthouse's performance category on its default profile: a mobile device emulated,
 * a slow 4G link and a 4× slower CPU *simulated* from one unthrottled load (Lantern), in Debian's
 * Chromium with the e2e suite's flags. Each page is loaded signed in: the session cookie goes along
 * as an extra header on every request of the page (Lighthouse clears the browser's own cookies).
 *
 * Lighthouse 12 is the newest line that runs on Node 20 (13 needs Node ≥ 22.19). Its simulated
 * Total Blocking Time still comes from the tasks observed in this load, so a busy machine lowers the
 * score: run the bench on a quiet machine and read the median of several runs.
 */
export interface LighthousePage {
  /** What the table calls it. */
  name: string;
  path: string;
  cookies: SessionCookie[];
}

/** The metrics the performance score is made of, in ms (CLS unitless), and the score 0–100. */
interface LighthouseRun {
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  /** The largest contentful paint's element, as Lighthouse names it. */
  lcpElement: string;
  /** Where the score goes, to know what to fix: the main thread's work by kind (ms, largest first)… */
  mainThread: string[];
  /** …and the elements that shifted, with their share of CLS. */
  shifts: string[];
  /** The machine's speed as Lighthouse rated it: lower means busier or slower (a quiet desktop ≈ 1,500+). */
  benchmarkIndex: number;
}

export interface LighthouseSamples {
  name: string;
  path: string;
  runs: LighthouseRun[];
}

const METRICS = {
  fcpMs: 'first-contentful-paint',
  lcpMs: 'largest-contentful-paint',
  tbtMs: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
  speedIndexMs: 'speed-index',
} as const;

interface AuditNode {
  nodeLabel?: string;
  selector?: string;
}

interface Audit {
  numericValue?: number;
  details?: {
    items?: {
      items?: { node?: AuditNode }[];
      node?: AuditNode;
      score?: number;
      groupLabel?: string;
      duration?: number;
    }[];
  };
}

function lcpElementOf(audits: Record<string, Audit>): string {
  const node = audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node;
  return node?.nodeLabel?.slice(0, 60) ?? node?.selector ?? 'unknown';
}

function breakdownOf(audits: Record<string, Audit>) {
  const items = (id: string) => audits[id]?.details?.items ?? [];
  return {
    mainThread: items('mainthread-work-breakdown')
      .slice(0, 3)
      .map((item) => `${item.groupLabel ?? '?'} ${Math.round(item.duration ?? 0)}`),
    shifts: items('layout-shifts')
      .slice(0, 3)
      .map(
        (item) =>
          `${(item.node?.nodeLabel ?? item.node?.selector ?? '?').slice(0, 40)} ${(item.score ?? 0).toFixed(3)}`,
      ),
  };
}

/** A failed recording (NO_NAVSTART, a lost trace): Lighthouse's own advice is to run it again. */
class LighthouseRuntimeError extends Error {}

async function auditWithRetry(
  port: number,
  url: string,
  cookies: SessionCookie[],
  keep: string | null,
): Promise<LighthouseRun> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await audit(port, url, cookies, keep);
    } catch (error) {
      if (!(error instanceof LighthouseRuntimeError) || attempt >= 3) throw error;
      console.warn(`${error.message}; running it again (attempt ${attempt + 1} of 3)`);
    }
  }
}

async function audit(
  port: number,
  url: string,
  cookies: SessionCookie[],
  keep: string | null,
): Promise<LighthouseRun> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    extraHeaders: { Cookie: cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ') },
  });
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`Lighthouse gave no result for ${url}`);
  if (lhr.runtimeError) throw new LighthouseRuntimeError(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
  if (lhr.finalDisplayedUrl !== url) {
    // A redirect (to sign-in, say) would score another page.
    throw new Error(`Lighthouse on ${url} ended on ${lhr.finalDisplayedUrl}`);
  }
  // The whole report, for what the summary leaves out (long tasks, script sizes, the payload's bytes).
  if (keep) writeFileSync(keep, JSON.stringify(lhr));
  const audits = lhr.audits as Record<string, Audit>;
  const metric = (id: string) => audits[id]?.numericValue ?? Number.NaN;
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcpMs: Math.round(metric(METRICS.fcpMs)),
    lcpMs: Math.round(metric(METRICS.lcpMs)),
    tbtMs: Math.round(metric(METRICS.tbtMs)),
    cls: Number(metric(METRICS.cls).toFixed(3)),
    speedIndexMs: Math.round(metric(METRICS.speedIndexMs)),
    lcpElement: lcpElementOf(audits),
    ...breakdownOf(audits),
    benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
  };
}

/** Every page `runs` times, round-robin, in one Chromium (as Lighthouse's own CLI does per run). */
export async function measureLighthouse(options: {
  baseUrl: string;
  pages: LighthousePage[];
  runs: number;
  /** Where to keep each run's full report (`<page>-<run>.json`); none kept without it. */
  reportDir?: string | null;
}): Promise<LighthouseSamples[]> {
  const samples = options.pages.map((page) => ({
    name: page.name,
    path: page.path,
    runs: [] as LighthouseRun[],
  }));
  if (options.runs <= 0) return samples;
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: CHROMIUM_ARGS,
    logLevel: 'error',
  });
  try {
    // The bench has opened each of these pages before (calls, month view, Today), so none is a first render.
    const dir = options.reportDir ?? null;
    if (dir) mkdirSync(dir, { recursive: true });
    for (let run = 0; run < options.runs; run++) {
      for (const [index, page] of options.pages.entries()) {
        const keep = dir ? path.join(dir, `${page.name.replace(/\W+/g, '-')}-${run + 1}.json`) : null;
        samples[index]?.runs.push(
          await auditWithRetry(chrome.port, `${options.baseUrl}${page.path}`, page.cookies, keep),
        );
      }
    }
    return samples;
  } finally {
    chrome.kill();
  }
}
