'use client';

import { Button } from '@/components/ui/button';
import { filenameFromDisposition } from '@/lib/annuity/content-disposition';
import { eventDocumentHref } from '@/lib/documents/links';
import { useApiMutation } from '@/lib/forms/use-api-mutation';

/**
 * Downloads the official receipt of a FULFILLED renewal; when the office has not recorded it yet
 * (the service's 404, spec: Endpoints 8) it says "not yet available" instead of failing.
 */
export function OfficialReceiptButton({
  patentId,
  eventId,
  label,
}: {
  patentId: string;
  eventId: string;
  label: string;
}) {
  const download = useApiMutation({
    mutationFn: async (): Promise<'saved' | 'missing'> => {
      const response = await fetch(eventDocumentHref(patentId, eventId, 'official-receipt'));
      if (response.status === 404) return 'missing';
      if (!response.ok) throw new Error(`Official receipt: ${response.status}`);
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement('a');
      link.href = url;
      link.download =
        filenameFromDisposition(response.headers.get('content-disposition')) ??
        `official-receipt-${eventId}.pdf`;
      link.click();
      URL.revokeObjectURL(url);
      return 'saved';
    },
    failure: 'Download failed',
  });
  return (
    <span className="inline-flex items-center gap-2">
      <Button
        variant="link"
        size="sm"
        className="h-auto p-0"
        onClick={() => download.mutate()}
        disabled={download.isPending}
        aria-label={`Official receipt of ${label}`}
      >
        Official receipt
      </Button>
      <span role="status" className="text-xs text-muted-foreground">
        {download.isPending
          ? ''
          : download.data === 'missing'
            ? 'Not yet available'
            : (download.failureMessage ?? '')}
      </span>
    </span>
  );
}
