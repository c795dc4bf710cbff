import type { Metadata } from 'next';
import Link from 'next/link';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { AUDIT_PAGE_SIZE, auditFilterSchema, queryAuditLog } from '@/lib/server/audit/audit-query';
import { requireViewer } from '@/lib/server/auth/session';

export const metadata: Metadata = { title: 'Audit log' };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function AuditLogPage({ searchParams }: { searchParams: SearchParams }) {
  await requireViewer('audit:read');
  const raw = await searchParams;
  const filter = auditFilterSchema.parse(
    Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v])),
  );
  const { rows, total } = await queryAuditLog(filter);
  const pages = Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE));
  const pageHref = (page: number) => {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries({ ...filter, page }))
      if (value !== undefined && value !== '') params.set(key, String(value));
    return `/admin/audit?${params}`;
  };

  return (
    <section aria-labelledby="audit-heading" className="flex flex-col gap-4">
      <h2 id="audit-heading" className="text-lg font-semibold">
        Audit log
      </h2>
      <form method="get" className="flex flex-wrap items-end gap-3" aria-label="Filter the audit log">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="audit-action">Action</Label>
          <Input
            id="audit-action"
            name="action"
            defaultValue={filter.action}
            placeholder="e.g. users."
            className="w-44"
          />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="audit-actor">Who (email)</Label>
          <Input id="audit-actor" name="actor" defaultValue={filter.actor} className="w-56" />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="audit-outcome">Outcome</Label>
          <NativeSelect id="audit-outcome" name="outcome" defaultValue={filter.outcome ?? ''}>
            <option value="">Any</option>
            <option value="success">Success</option>
            <option value="failure">Failure</option>
          </NativeSelect>
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="audit-from">From</Label>
          <Input id="audit-from" name="from" type="date" defaultValue={filter.from} />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="audit-to">To</Label>
          <Input id="audit-to" name="to" type="date" defaultValue={filter.to} />
        </div>
        <Button type="submit" variant="secondary">
          Filter
        </Button>
        <Button asChild variant="ghost">
          <Link href="/admin/audit">Clear</Link>
        </Button>
      </form>
      <Table>
        <TableCaption>
          {total} entries{total > 0 ? ` · page ${filter.page} of ${pages}` : ''}
        </TableCaption>
        <TableHeader>
          <TableRow>
            <TableHead>When (UTC)</TableHead>
            <TableHead>Who</TableHead>
            <TableHead>Action</TableHead>
            <TableHead>Target</TableHead>
            <TableHead>Outcome</TableHead>
            <TableHead>Request ids</TableHead>
            <TableHead>Details</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.length === 0 ? (
            <TableRow>
              <TableCell colSpan={7} className="py-8 text-center text-muted-foreground">
                No entries match these filters.
              </TableCell>
            </TableRow>
          ) : (
            rows.map((row) => (
              <TableRow key={row.id}>
                <TableCell className="whitespace-nowrap tabular-nums">
                  {row.at.toISOString().replace('T', ' ').slice(0, 19)}
                </TableCell>
                <TableCell>{row.actorEmail ?? '—'}</TableCell>
                <TableCell className="font-mono text-xs">{row.action}</TableCell>
                <TableCell>{row.target ?? '—'}</TableCell>
                <TableCell>
                  <Badge tone={row.outcome === 'success' ? 'success' : 'danger'}>{row.outcome}</Badge>
                </TableCell>
                <TableCell className="font-mono text-xs">
                  {[row.requestId, ...row.upstreamRequestIds].filter(Boolean).join(', ') || '—'}
                </TableCell>
                <TableCell
                  className="max-w-xs truncate font-mono text-xs"
                  title={JSON.stringify(row.details)}
                >
                  {Object.keys(row.details).length > 0 ? JSON.stringify(row.details) : '—'}
                </TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
      <nav aria-label="Audit log pages" className="flex justify-end gap-2">
        {filter.page > 1 ? (
          <Button asChild variant="outline" size="sm">
            <Link href={pageHref(filter.page - 1)}>Previous page</Link>
          </Button>
        ) : null}
        {filter.page < pages ? (
          <Button asChild variant="outline" size="sm">
            <Link href={pageHref(filter.page + 1)}>Next page</Link>
          </Button>
        ) : null}
      </nav>
    </section>
  );
}
