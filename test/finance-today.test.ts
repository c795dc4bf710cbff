import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listAll } from '@/lib/annuity/pagination';
import type { Invoice } from '@/lib/annuity/schemas';
import { invoiceQueryFromParams } from '@/lib/invoices/url-state';
import { loadInvoiceParams } from '@/lib/invoices/url-state-address';
import { clientScopeOf } from '@/lib/server/clients/scope';
import { upstreamClient } from '@/lib/server/connection/upstream';
import { checkInvoices, invoiceStatuses, loadInvoiceList } from '@/lib/server/invoices/invoices';
import { loadToday } from '@/lib/server/today/load';
import type { FinanceSection } from '@/lib/today/data';
import { startUpstreamHarness, TODAY, type UpstreamHarness } from './upstream-harness';

/**
 * Finance's Today against the stand-in service: each count equals the rows its link lists in the
 * invoice list, and checks count over every invoice not reconciled (the export's figures), not
 * only the newest few.
 */
let up: UpstreamHarness;
let finance: FinanceSection;

beforeAll(async () => {
  up = await startUpstreamHarness({ name: 'finance-today', patents: 1500, seed: 2727 });
  const data = await loadToday(
    { userId: up.app.users.finance.id, role: 'finance' },
    'finance-today',
    new Date(`${TODAY}T12:00:00Z`),
  );
  if (!data.finance?.ok) throw new Error(`no finance section: ${JSON.stringify(data.finance)}`);
  finance = data.finance.data;
}, 300_000);
afterAll(async () => up?.stop());

/** The number of invoices the list at `href` shows (all pages). */
async function listed(href: string): Promise<number> {
  const url = new URL(href, 'http://localhost');
  expect(url.pathname).toBe('/invoices');
  const query = invoiceQueryFromParams(loadInvoiceParams(url.searchParams));
  const scope = await clientScopeOf(up.app.users.finance.id);
  const page = await loadInvoiceList(query, 'finance-today-list', scope);
  return page.totalItems;
}

describe("finance's Today", () => {
  it('counts exactly what each of its links lists', async () => {
    expect(finance.notReconciled.count).toBeGreaterThan(0);
    expect(await listed(finance.notReconciled.href)).toBe(finance.notReconciled.count);
    expect(await listed(finance.overdue.href)).toBe(finance.overdue.count);
    expect(await listed(finance.disputed.href)).toBe(finance.disputed.count);
    expect(finance.overdue.count).toBe(
      finance.invoices.filter((i) => i.reasons.includes('unreconciled')).length,
    );
  });

  it('counts warnings and failed checks over every invoice not reconciled', async () => {
    const client = upstreamClient('finance-today-check');
    const all = await listAll<Invoice>((currentPage, itemsPerPage) =>
      client.getInvoices({ currentPage, itemsPerPage }),
    );
    const statuses = await invoiceStatuses(all.items);
    const open = all.items.filter((invoice) => statuses.get(invoice.id) !== 'reconciled');
    expect(open.length).toBeGreaterThan(40);
    const reports = await checkInvoices(client, open, all.items, 'finance-today-check');
    const withWarnings = reports.filter((report) => report.counts.warning > 0).length;
    const withFails = reports.filter((report) => report.counts.fail > 0).length;
    expect(finance.invoices.filter((i) => i.reasons.includes('warnings')).length).toBe(withWarnings);
    expect(finance.invoices.filter((i) => i.reasons.includes('failed-checks')).length).toBe(withFails);
  });
});
