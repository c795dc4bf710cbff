import AxeBuilder from '@axe-core/playwright';
import { type Browser, chromium } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeGroup, type GroupItem } from '@/lib/server/notifications/compose';
import { CHROMIUM_PATH } from '../e2e/chromium';

/**
 * A grouped reminder's HTML part as a mail client shows it, in Chromium: it renders on a phone's
 * width without scrolling sideways, its heading and links are what a reader (and a screen reader)
 * gets, nothing is fetched from elsewhere, and axe finds nothing to fix.
 */
let browser: Browser;

beforeAll(async () => {
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH });
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

const items: GroupItem[] = Array.from({ length: 14 }, (_, i) => ({
  key: `e${i}`,
  label: `EP${3_000_000 + i} <B1> (EP), year ${5 + (i % 3)}`,
  what: 'grace ends',
  deadline: `2030-05-${String(17 + (i % 10)).padStart(2, '0')}`,
  daysLeft: 2 + (i % 10),
  fee: { amount: '1250.00', currency: i % 2 === 0 ? 'EUR' : 'USD' },
  surcharge: { amount: '312.50', currency: i % 2 === 0 ? 'EUR' : 'USD' },
  href: `/renewals?from=2030-03-01&to=2030-03-31&office=EP`,
}));

describe('a grouped reminder in Chromium', () => {
  it('renders on a phone, links by name, fetches nothing and passes axe', async () => {
    const message = composeGroup('https://annuity.example', {
      cls: 'lapse',
      items,
      all: { href: '/?bucket=lapsing-soon#bucket-lapsing-soon', text: 'Open "About to lapse" on Today' },
    });
    const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    const requests: string[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith('data:') && request.url() !== 'about:blank') requests.push(request.url());
    });
    try {
      await page.setContent(message.html, { waitUntil: 'load' });
      await expect(page.title()).resolves.toBe(message.subject);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(message.subject);
      // Markup in a patent's name is text, never markup.
      expect(await page.getByRole('link', { name: /EP3000000 <B1>/ }).count()).toBe(1);
      const links = await page.getByRole('link').evaluateAll((anchors) =>
        anchors.map((anchor) => ({
          name: anchor.textContent ?? '',
          href: (anchor as HTMLAnchorElement).href,
        })),
      );
      // Ten renewals, "and 4 more" with the link to the bucket, and the settings.
      expect(links).toHaveLength(12);
      expect(links[10]).toEqual({
        name: 'and 4 more: Open "About to lapse" on Today',
        href: 'https://annuity.example/?bucket=lapsing-soon#bucket-lapsing-soon',
      });
      expect(links.every((link) => link.href.startsWith('https://annuity.example/'))).toBe(true);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      expect(requests).toEqual([]);
      const results = await new AxeBuilder({ page }).analyze();
      expect(results.violations.map((violation) => violation.id)).toEqual([]);
    } finally {
      await context.close();
    }
  }, 60_000);
});
