import type { Metadata } from 'next';
import Link from 'next/link';
import { z } from 'zod';
import { DataTable } from '@/components/data-table/data-table';
import { PageHeader } from '@/components/shell/page-header';
import { Button } from '@/components/ui/button';
import { requireViewer } from '@/lib/server/auth/session';
import { pageClientScope } from '@/lib/server/clients/scope';
import { BATCH_PAGE_SIZE, listBatches } from '@/lib/server/decisions/batch-records';
import { pageLocale } from '@/lib/server/http/request-context';
import { batchColumns } from './columns';

export const metadata: Metadata = { title: 'Sent batches' };

const pageSchema = z.coerce.number().int().min(1).max(100_000).catch(1);

/** Every batch of decisions sent from the dashboard: who, when, how many, the receipt. */
export default async function BatchesPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const viewer = await requireViewer('tracking:read');
  const page = pageSchema.parse((await searchParams).page ?? 1);
  const locale = await pageLocale();
  const { batches, total } = await listBatches(page, (await pageClientScope(viewer.userId)).connections);
  const pages = Math.max(1, Math.ceil(total / BATCH_PAGE_SIZE));
  return (
    <>
      <PageHeader title="Sent batches" description="Decisions sent to the renewal service, newest first." />
      {batches.length === 0 ? (
        <p className="text-sm text-muted-foreground">No batch has been sent yet.</p>
      ) : (
        <DataTable
          label="Sent batches"
          columns={batchColumns(locale)}
          rows={batches}
          rowKey={(batch) => batch.id}
        />
      )}
      {pages > 1 ? (
        <nav aria-label="Pages" className="mt-4 flex items-center gap-2 text-sm">
          <span>
            Page {page} of {pages}
          </span>
          {page > 1 ? (
            <Button asChild variant="outline" size="sm">
              <Link href={`/renewals/batches?page=${page - 1}`}>Previous page</Link>
            </Button>
          ) : null}
          {page < pages ? (
            <Button asChild variant="outline" size="sm">
              <Link href={`/renewals/batches?page=${page + 1}`}>Next page</Link>
            </Button>
          ) : null}
        </nav>
      ) : null}
    </>
  );
}
