import { type Browser, chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../e2e/chromium';
import type { SessionCookie } from './dashboard-session';
import type { Upstream } from './stack';
import { countCalls } from './upstream-calls';

/**
 * The month view as a person meets it, in Debian's Chromium with the e2e suite's flags
 * (playwright.config.ts): LCP and CLS of a fresh load, the upstream calls the load costs with
 * whatever the browser fetches after hydration, and the time from a click on a sort header or a
 * badge filter chip to the next paint with the updated rows.
 */
export interface BrowserSamples {
  lcpMs: number[];
  lcpElements: string[];
  cls: number[];
  sortMs: number[];
  filterMs: number[];
  callsPerLoad: number[];
}

/** Samples of a run that measured nothing yet. */
export function noSamples(): BrowserSamples {
  return { lcpMs: [], lcpElements: [], cls: [], sortMs: [], filterMs: [], callsPerLoad: [] };
}

const VIEWPORT = { width: 1280, height: 800 };
const SORT_HEADER = 'Case reference';

/** Runs in the page before its scripts: LCP and layout shifts are collected from the start. */
function observePaintMetrics(): void {
  const state = { lcp: 0, lcpElement: '', cls: 0 };
  (window as unknown as { __bench: typeof state }).__bench = state;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & { element?: Element | null })[]) {
      state.lcp = entry.startTime;
      const element = entry.element;
      state.lcpElement = element
        ? `${element.tagName.toLowerCase()} "${(element.textContent ?? '').trim().slice(0, 40)}"`
        : 'unknown';
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & {
      value: number;
      hadRecentInput: boolean;
    })[]) {
      if (!entry.hadRecentInput) state.cls += entry.value;
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

/**
 * Arms a one-shot timer: the trusted click's event time, then the first DOM change that shows a
 * new first row or a new "Showing n of m", then the end of the frame after it (the paint the user
 * sees).
 */
function armInteractionTimer(): void {
  const first = () => document.querySelector('tbody tr[data-event-id]')?.getAttribute('data-event-id') ?? '';
  const shown = () => document.querySelector('section[aria-label="Summary"] p')?.textContent ?? '';
  const before = `${first()}|${shown()}`;
  const timer = { start: 0, end: 0 };
  (window as unknown as { __interaction: typeof timer }).__interaction = timer;
  document.addEventListener(
    'click',
    (event) => {
      timer.start = event.timeStamp;
    },
    { capture: true, once: true },
  );
  const observer = new MutationObserver(() => {
    if (`${first()}|${shown()}` === before) return;
    observer.disconnect();
    // The frame's callbacks run before its style, layout and paint; the first task after them
    // marks the paint. A user-blocking task runs before the tasks already queued at normal
    // priority (a deferred render React queued for after the paint), which a setTimeout would
    // wait behind and count as the click's.
    requestAnimationFrame(() => {
      const painted = () => {
        timer.end = performance.now();
      };
      const { scheduler } = window as unknown as {
        scheduler?: { postTask: (task: () => void, options: { priority: string }) => unknown };
      };
      if (scheduler) scheduler.postTask(painted, { priority: 'user-blocking' });
      else setTimeout(painted, 0);
    });
  });
  observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
}

/**
 * Waits until the page has settled from the last click: what it does after the paint (the rest of
 * a redraw, the address written 150 ms later) is done and the browser is idle. A person's clicks
 * are a few hundred milliseconds apart; timing clicks sent back to back would count the previous
 * click's after-paint work as this one's.
 */
async function settle(page: Page): Promise<void> {
  await page.waitForTimeout(300);
  await page.evaluate(
    () => new Promise<void>((resolve) => requestIdleCallback(() => resolve(), { timeout: 1000 })),
  );
}

async function timeInteraction(page: Page, click: () => Promise<void>): Promise<number> {
  await settle(page);
  await page.evaluate(armInteractionTimer);
  await click();
  const handle = await page.waitForFunction(
    () => {
      const timer = (window as unknown as { __interaction: { start: number; end: number } }).__interaction;
      return timer.end > 0 && timer.start > 0 ? timer.end - timer.start : null;
    },
    undefined,
    { timeout: 10_000 },
  );
  return (await handle.jsonValue()) as number;
}

/** The badge chip that hides the most rows (the smallest non-zero count), so the rows surely change. */
async function narrowestBadge(page: Page): Promise<string> {
  const testId = await page.evaluate(() => {
    const chips = [...document.querySelectorAll<HTMLElement>('[data-testid^="badge-count-"]')];
    const counted = chips.map((chip) => ({
      id: chip.dataset.testid ?? '',
      count: Number(chip.textContent?.replace(/.*:\s*/, '').replace(/\D/g, '') ?? 0),
    }));
    return counted.filter((chip) => chip.count > 0).sort((a, b) => a.count - b.count)[0]?.id ?? null;
  });
  if (!testId) throw new Error('the month view shows no badge counts');
  return testId;
}

async function oneRun(
  browser: Browser,
  options: {
    baseUrl: string;
    cookies: SessionCookie[];
    loadQuery: string;
    query: string;
    upstream: Upstream;
  },
  samples: BrowserSamples,
): Promise<void> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    await context.addCookies(options.cookies.map((cookie) => ({ ...cookie, url: options.baseUrl })));
    // tsx compiles this file keeping function names through a `__name` helper; functions sent into
    // the page bring the calls but not the helper, so the page gets a do-nothing one first.
    await context.addInitScript({ content: 'window.__name = (fn) => fn;' });
    await context.addInitScript(observePaintMetrics);
    const page = await context.newPage();
    const load = await countCalls(options.upstream, async () => {
      await page.goto(`${options.baseUrl}/renewals?${options.loadQuery}`, { waitUntil: 'load' });
      await page.locator('tbody tr[data-event-id]').first().waitFor();
      await page.waitForLoadState('networkidle');
    });
    samples.callsPerLoad.push(load.calls);
    // LCP is final once the page has settled and before any input.
    const paint = await page.evaluate(async () => {
      await new Promise((resolve) => setTimeout(resolve, 250));
      return (window as unknown as { __bench: { lcp: number; lcpElement: string; cls: number } }).__bench;
    });
    samples.lcpMs.push(paint.lcp);
    samples.lcpElements.push(paint.lcpElement);
    samples.cls.push(paint.cls);

    // The interactions are timed on a window of 3,000 renewals or more, which may not be the
    // busiest month the load and its paint were measured on.
    if (options.query !== options.loadQuery) {
      await page.goto(`${options.baseUrl}/renewals?${options.query}`, { waitUntil: 'load' });
      await page.locator('tbody tr[data-event-id]').first().waitFor();
      await page.waitForLoadState('networkidle');
    }
    const sortButton = page.locator('thead').getByRole('button', { name: SORT_HEADER });
    for (let click = 0; click < 3; click++) {
      samples.sortMs.push(await timeInteraction(page, () => sortButton.click()));
    }
    const chip = page.getByTestId(await narrowestBadge(page));
    for (let click = 0; click < 2; click++) {
      samples.filterMs.push(await timeInteraction(page, () => chip.click()));
    }
  } finally {
    await context.close();
  }
}

export async function measureInBrowser(options: {
  baseUrl: string;
  cookies: SessionCookie[];
  /** The busiest month's address (`month=…`): its load's upstream calls, LCP and CLS. */
  loadQuery: string;
  /** The sort and filter window's address: `month=…`, or `from=…&to=…` when no month holds 3,000 renewals. */
  query: string;
  upstream: Upstream;
  runs: number;
}): Promise<BrowserSamples> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  });
  const samples = noSamples();
  try {
    for (let run = 0; run < options.runs; run++) await oneRun(browser, options, samples);
    return samples;
  } finally {
    await browser.close();
  }
}
