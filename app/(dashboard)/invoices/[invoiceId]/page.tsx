import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { invoiceDetailQuery, invoiceMarksQuery } from '@/components/invoices/invoices-query';
import { BackLink } from '@/components/shell/back-link';
import { PageHeader } from '@/components/shell/page-header';
import { ProblemPanel } from '@/components/shell/problem-panel';
import { SeededQueries } from '@/components/shell/seeded-queries';
import { can } from '@/lib/policy/roles';
import { requireViewer } from '@/lib/server/auth/session';
import { pageClientScope } from '@/lib/server/clients/scope';
import { loadForPage, pageLocale, pageRequestId } from '@/lib/server/http/request-context';
import { loadInvoiceDetail } from '@/lib/server/invoices/invoices';
import { marksOfInvoiceInScope } from '@/lib/server/invoices/reconciliation-marks';
import { InvoiceDetail } from './invoice-detail';

export const metadata: Metadata = { title: 'Invoice' };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export default async function InvoicePage({ params }: { params: Promise<{ invoiceId: string }> }) {
  const viewer = await requireViewer('invoices:read');
  const { invoiceId } = await params;
  // Invoice ids are UUIDs (spec: Conventions): anything else cannot be one, so no call is spent.
  if (!UUID.test(invoiceId)) notFound();
  const [requestId, locale, scope] = await Promise.all([
    pageRequestId(),
    pageLocale(),
    pageClientScope(viewer.userId),
  ]);
  const loaded = await loadForPage(requestId, async () => {
    // Another client's invoice is not found, as one that does not exist (spec: rule 2).
    const [detail, marks] = await Promise.all([
      loadInvoiceDetail(invoiceId, requestId, scope, locale),
      marksOfInvoiceInScope(scope, invoiceId, requestId),
    ]);
    return { detail, marks };
  });
  if (!loaded.ok) {
    // The service's 404 is our not-found page (style 8).
    if (loaded.problem.status === 404) notFound();
    return (
      <>
        <BackLink href="/invoices">Invoices</BackLink>
        <PageHeader title="Invoice" />
        <ProblemPanel problem={loaded.problem} />
      </>
    );
  }
  return (
    <>
      <BackLink href="/invoices">Invoices</BackLink>
      <SeededQueries
        seeds={[
          [invoiceDetailQuery(invoiceId).queryKey, loaded.data.detail],
          [invoiceMarksQuery(invoiceId).queryKey, { marks: loaded.data.marks }],
        ]}
      >
        <InvoiceDetail
          invoiceId={invoiceId}
          canMark={can(viewer.role, 'reconciliation:write')}
          canExport={can(viewer.role, 'exports:read')}
        />
      </SeededQueries>
    </>
  );
}
