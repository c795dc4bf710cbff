import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { appFiles } from './routes';

/**
 * A page that answers "not found" must answer it with status 404. Next.js streams a page that has
 * a loading.tsx above it: the 200 and the loading state are sent before the page runs, so a
 * notFound() there reaches the browser as a 200 (the outbox's message page did). Such pages keep
 * their loading states in a route group beside them instead (invoices/(list), admin/(sections)).
 */
const APP = path.join(process.cwd(), 'app');

function loadingAbove(page: string): string | null {
  for (let dir = path.dirname(page); dir.startsWith(APP); dir = path.dirname(dir)) {
    const loading = path.join(dir, 'loading.tsx');
    if (existsSync(loading)) return path.relative(process.cwd(), loading);
  }
  return null;
}

describe('pages that can answer not found', () => {
  it('have no loading state above them, so the 404 is sent as a 404', () => {
    const streamed = [...appFiles(APP, 'page.tsx')]
      .filter((page) => /\bnotFound\(\)/.test(readFileSync(page, 'utf8')))
      .flatMap((page) => {
        const loading = loadingAbove(page);
        return loading ? [`${path.relative(process.cwd(), page)} under ${loading}`] : [];
      });
    expect(streamed).toEqual([]);
  });

  it('include the outbox message page', () => {
    const page = path.join(APP, '(dashboard)/admin/outbox/[messageId]/page.tsx');
    expect(readFileSync(page, 'utf8')).toMatch(/notFound\(\)/);
    expect(loadingAbove(page)).toBeNull();
  });
});
