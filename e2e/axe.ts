import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** How often a check is read again when the page had no <title> in the moment axe read it. */
const TITLE_RETRIES = 3;

/** Fails the test with the list of WCAG A/AA violations axe finds on the page as it is now. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  let summary: string[] = [];
  for (let attempt = 0; attempt <= TITLE_RETRIES; attempt++) {
    // Next streams the <title> after the page body, and a client-side refresh (router.refresh,
    // "Refresh now") streams it again, replacing it meanwhile: a page read in that moment has no
    // title for an instant, which is not the page's fault. Any other violation fails at once.
    await expect(page).toHaveTitle(/\S/);
    const results = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    summary = results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`);
    if (!results.violations.every((violation) => violation.id === 'document-title')) break;
    if (summary.length === 0) break;
  }
  expect(summary).toEqual([]);
}
