'use client';

import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { filenameFromDisposition } from '@/lib/annuity/content-disposition';
import { eventDocumentHref } from '@/lib/documents/links';

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
  const [state, setState] = useState<'idle' | 'busy' | 'missing' | 'failed'>('idle');
  const download = async () => {
    setState('busy');
    try {
      const response = await fetch(eventDocumentHref(patentId, eventId, 'official-receipt'));
      if (response.status === 404) return setState('missing');
      if (!response.ok) return setState('failed');
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement('a');
      link.href = url;
      link.download =
        filenameFromDisposition(response.headers.get('content-disposition')) ??
        `official-receipt-${eventId}.pdf`;
      link.click();
      URL.revokeObjectURL(url);
      setState('idle');
    } catch {
      setState('failed');
    }
  };
  return (
    <span className="inline-flex items-center gap-2">
      <Button
        variant="link"
        size="sm"
        className="h-auto p-0"
        onClick={download}
        disabled={state === 'busy'}
        aria-label={`Official receipt of ${label}`}
      >
        Official receipt
      </Button>
      <span role="status" className="text-xs text-muted-foreground">
        {state === 'missing' ? 'Not yet available' : state === 'failed' ? 'Download failed' : ''}
      </span>
    </span>
  );
}
