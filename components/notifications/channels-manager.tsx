'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { LabelledControl } from '@/components/ui/labelled-control';
import { NativeSelect, Options } from '@/components/ui/native-select';
import { SubmitButton } from '@/components/ui/submit-button';
import { useApiMutation } from '@/lib/forms/use-api-mutation';
import { apiFetch } from '@/lib/http/api-client';
import {
  CHANNEL_CLASS_LABELS,
  CHANNEL_CLASSES,
  CHANNEL_FORMAT_LABELS,
  CHANNEL_FORMATS,
  type ChannelClass,
  type ChannelFormat,
  type ChannelView,
} from '@/lib/notifications/channels';

interface ChannelAction {
  work: () => Promise<unknown>;
  /** What the live region says when it is done, or when it failed without words of the server's. */
  done: string;
  failed: string;
  after?: () => void;
}

/** The administrator's chat channels: add one, choose its classes, remove it. */
export function ChannelsManager({ channels }: { channels: readonly ChannelView[] }) {
  const router = useRouter();
  const [name, setName] = useState('');
  const [format, setFormat] = useState<ChannelFormat>('slack');
  const [url, setUrl] = useState('');
  const [classes, setClasses] = useState<ChannelClass[]>(['lapse']);
  const action = useApiMutation({
    mutationFn: (run: ChannelAction) => run.work(),
    failure: (run) => run.failed,
    onSuccess: (_answer, run) => {
      run.after?.();
      router.refresh();
    },
  });
  const act = (work: () => Promise<unknown>, done: string, failed: string, after?: () => void) =>
    action.mutate({ work, done, failed, after });
  const pending = action.isPending;
  const status = action.failureMessage
    ? { ok: false, text: action.failureMessage }
    : action.isSuccess
      ? { ok: true, text: action.variables.done }
      : null;

  const add = (event: React.FormEvent) => {
    event.preventDefault();
    act(
      () => apiFetch('/api/admin/channels', { method: 'POST', json: { name, format, url, classes } }),
      `Channel “${name}” added.`,
      'The channel was not added.',
      () => {
        setName('');
        setUrl('');
      },
    );
  };

  const toggle = (list: readonly ChannelClass[], cls: ChannelClass, on: boolean) =>
    on ? [...new Set([...list, cls])] : list.filter((item) => item !== cls);

  return (
    <div className="flex flex-col gap-6">
      {channels.length === 0 ? (
        <p className="text-sm">No channel yet.</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {channels.map((channel) => (
            <li key={channel.id} className="rounded-md border p-3">
              <p className="font-medium">
                {channel.name}{' '}
                <span className="text-sm font-normal text-muted-foreground">
                  {CHANNEL_FORMAT_LABELS[channel.format]}, {channel.host}, added by {channel.createdByEmail}
                </span>
              </p>
              <fieldset className="mt-2 flex flex-wrap gap-4">
                <legend className="sr-only">What goes to {channel.name}</legend>
                {CHANNEL_CLASSES.map((cls) => (
                  <label key={cls} className="flex items-center gap-2 text-sm">
                    <input
                      type="checkbox"
                      checked={channel.classes.includes(cls)}
                      disabled={pending}
                      onChange={(e) =>
                        act(
                          () =>
                            apiFetch(`/api/admin/channels/${channel.id}`, {
                              method: 'PATCH',
                              json: { classes: toggle(channel.classes, cls, e.target.checked) },
                            }),
                          `“${channel.name}” updated.`,
                          'The channel was not updated.',
                        )
                      }
                    />
                    {CHANNEL_CLASS_LABELS[cls]}
                  </label>
                ))}
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  disabled={pending}
                  aria-label={`Remove ${channel.name}`}
                  onClick={() =>
                    act(
                      () => apiFetch(`/api/admin/channels/${channel.id}`, { method: 'DELETE' }),
                      `“${channel.name}” removed.`,
                      'The channel was not removed.',
                    )
                  }
                >
                  Remove
                </Button>
              </fieldset>
            </li>
          ))}
        </ul>
      )}

      <form onSubmit={add} className="flex max-w-2xl flex-col gap-3">
        <h3 className="font-medium">Add a channel</h3>
        <LabelledControl id="channel-name" label="Name">
          <Input value={name} required maxLength={80} onChange={(e) => setName(e.target.value)} />
        </LabelledControl>
        <LabelledControl id="channel-format" label="Kind">
          <NativeSelect value={format} onChange={(e) => setFormat(e.target.value as ChannelFormat)}>
            <Options values={CHANNEL_FORMATS} label={CHANNEL_FORMAT_LABELS} />
          </NativeSelect>
        </LabelledControl>
        <LabelledControl id="channel-url" label="Webhook URL (https)">
          <Input
            type="url"
            value={url}
            required
            autoComplete="off"
            onChange={(e) => setUrl(e.target.value)}
          />
        </LabelledControl>
        <fieldset className="flex flex-wrap gap-4">
          <legend className="mb-1 text-sm font-medium">What goes there</legend>
          {CHANNEL_CLASSES.map((cls) => (
            <label key={cls} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={classes.includes(cls)}
                onChange={(e) => setClasses(toggle(classes, cls, e.target.checked))}
              />
              {CHANNEL_CLASS_LABELS[cls]}
            </label>
          ))}
        </fieldset>
        <div>
          <SubmitButton busy={pending}>Add the channel</SubmitButton>
        </div>
      </form>
      <p aria-live="polite" className={status?.ok === false ? 'text-sm text-destructive' : 'text-sm'}>
        {status?.text}
      </p>
    </div>
  );
}
