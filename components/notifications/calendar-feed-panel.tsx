'use client';

import { useState } from 'react';
import { useLocale } from '@/components/shell/locale';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { formatTimestamp } from '@/lib/format/dates';
import { useApiMutation } from '@/lib/forms/use-api-mutation';
import { apiFetch } from '@/lib/http/api-client';

/**
 * The private calendar link: created (or replaced) on request and shown once, since only its hash
 * is kept; revoking stops it at once.
 */
export function CalendarFeedPanel({ initial }: { initial: { createdAt: string } | null }) {
  const locale = useLocale();
  const [feed, setFeed] = useState(initial);
  const [url, setUrl] = useState<string | null>(null);
  const change = useApiMutation({
    mutationFn: async (action: 'issue' | 'revoke'): Promise<string | null> => {
      if (action === 'revoke') {
        await apiFetch('/api/preferences/calendar', { method: 'DELETE' });
        return null;
      }
      return (await apiFetch<{ url: string }>('/api/preferences/calendar', { method: 'POST' })).url;
    },
    failure: (action) => (action === 'issue' ? 'Could not create the link.' : 'Could not revoke the link.'),
    onSuccess: (issued) => {
      setUrl(issued);
      setFeed(issued ? { createdAt: new Date().toISOString() } : null);
    },
  });
  const message =
    change.failureMessage ??
    (!change.isSuccess
      ? null
      : change.variables === 'issue'
        ? 'New link created. Copy it now: it is not shown again. Any earlier link no longer works.'
        : 'The calendar link was revoked.');
  const pending = change.isPending;
  const issue = () => change.mutate('issue');
  const revoke = () => change.mutate('revoke');

  return (
    <div className="flex max-w-2xl flex-col gap-3">
      <p className="text-sm text-muted-foreground">
        Subscribe to due dates, grace-period ends and opening dates of the renewals waiting for a decision, in
        Outlook, Google Calendar or any calendar app. Anyone with the link can read the calendar: keep it
        private.
      </p>
      <p className="text-sm">
        {feed
          ? `A link exists (created ${formatTimestamp(feed.createdAt, locale)}).`
          : 'No calendar link yet.'}
      </p>
      {url ? (
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="calendar-url">Your calendar link</Label>
          <Input id="calendar-url" readOnly value={url} onFocus={(e) => e.currentTarget.select()} />
        </div>
      ) : null}
      <div className="flex gap-2">
        <Button type="button" onClick={issue} disabled={pending}>
          {feed ? 'Create a new link' : 'Create a link'}
        </Button>
        {feed ? (
          <Button type="button" variant="outline" onClick={revoke} disabled={pending}>
            Revoke the link
          </Button>
        ) : null}
      </div>
      <p role="status" className="text-sm">
        {message ?? ''}
      </p>
    </div>
  );
}
