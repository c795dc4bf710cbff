'use client';

import { useState } from 'react';
import { useLocale } from '@/components/shell/locale';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { formatTimestamp } from '@/lib/format/dates';
import { apiFetch, problemMessage } from '@/lib/http/api-client';

/**
 * The private calendar link: created (or replaced) on request and shown once, since only its hash
 * is kept; revoking stops it at once.
 */
export function CalendarFeedPanel({ initial }: { initial: { createdAt: string } | null }) {
  const locale = useLocale();
  const [feed, setFeed] = useState(initial);
  const [url, setUrl] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const run = async (action: () => Promise<void>, failure: string) => {
    setPending(true);
    setMessage(null);
    try {
      await action();
    } catch (error) {
      setMessage(problemMessage(error, failure));
    } finally {
      setPending(false);
    }
  };
  const issue = () =>
    run(async () => {
      const issued = await apiFetch<{ url: string }>('/api/preferences/calendar', { method: 'POST' });
      setUrl(issued.url);
      setFeed({ createdAt: new Date().toISOString() });
      setMessage('New link created. Copy it now: it is not shown again. Any earlier link no longer works.');
    }, 'Could not create the link.');
  const revoke = () =>
    run(async () => {
      await apiFetch('/api/preferences/calendar', { method: 'DELETE' });
      setUrl(null);
      setFeed(null);
      setMessage('The calendar link was revoked.');
    }, 'Could not revoke the link.');

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
