'use client';

import { type FormEvent, useState } from 'react';
import { DataTable } from '@/components/data-table/data-table';
import { useLocale } from '@/components/shell/locale';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { SubmitButton } from '@/components/ui/submit-button';
import type { ApiKeysOverview, ApiKeyView } from '@/lib/connection/api-key-views';
import { formatDate } from '@/lib/format/dates';
import { apiFetch } from '@/lib/http/api-client';
import type { TableColumn } from '@/lib/table/columns';
import { StepOutcome, useAdminSteps } from './admin-steps';

function keyState(key: ApiKeyView): { label: string; tone: 'success' | 'danger' | 'neutral' } {
  if (key.expiredSeenAt) return { label: 'Expired', tone: 'danger' };
  if (key.active) return { label: 'In use', tone: 'success' };
  return { label: key.verifiedAt ? 'Ready' : 'Not checked', tone: 'neutral' };
}

/**
 * The service's API keys (spec: Authentication 2, two keys can be valid at once). The
 * rotation is four steps: add the new key (the service checks it first), switch to it, ask the
 * operator to revoke the old one, remove it here. A key is never shown, only its last four.
 */
export function ApiKeysPanel({ initial }: { initial: ApiKeysOverview }) {
  const [overview, setOverview] = useState(initial);
  // A step of a rotation; the header's key alert is rendered by the server layout, which the
  // steps refresh after each change.
  const steps = useAdminSteps(async () =>
    setOverview(await apiFetch<ApiKeysOverview>('/api/admin/api-keys')),
  );
  const run = (
    id: string,
    action: () => Promise<unknown>,
    done: string,
    fallback: string,
    after?: () => void,
  ) => steps.run({ id, action, done, fallback, after });
  const { busy, failure, notice } = steps;
  const keyPath = (key: ApiKeyView) => `/api/admin/api-keys/${encodeURIComponent(key.id)}`;
  /**
   * A key's button: a request to the key's address (`path` after it: /activate, /verify, or none),
   * then what it did or why it could not. `primary` is the filled button, the others outlined.
   */
  const keyButton = (
    key: ApiKeyView,
    action: {
      label: string;
      path: '' | '/activate' | '/verify';
      method: 'POST' | 'DELETE';
      done: string;
      failed: string;
    },
    primary = false,
  ) => (
    <Button
      size="sm"
      variant={primary ? undefined : 'outline'}
      disabled={busy !== null}
      onClick={() =>
        run(
          key.id,
          () => apiFetch(`${keyPath(key)}${action.path}`, { method: action.method }),
          action.done,
          action.failed,
        )
      }
    >
      {action.label}
    </Button>
  );
  const columns: TableColumn<ApiKeyView>[] = [
    { id: 'key', header: 'Key', className: 'font-mono', cell: (key) => `…${key.last4}` },
    {
      id: 'label',
      header: 'Label',
      cell: (key) => (
        <>
          {key.label ?? '—'}
          {key.source === 'environment' ? (
            <span className="block text-xs text-muted-foreground">
              Used while no stored key is switched to
            </span>
          ) : null}
        </>
      ),
    },
    {
      id: 'state',
      header: 'State',
      cell: (key) => {
        const state = keyState(key);
        return <Badge tone={state.tone}>{state.label}</Badge>;
      },
    },
    {
      id: 'expires',
      header: 'Expires',
      cell: (key) => (
        <ExpiryEditor
          value={key.expiresAt}
          disabled={busy !== null}
          onSave={(expiresAt, saved) =>
            run(
              key.id,
              () => apiFetch(keyPath(key), { method: 'PATCH', json: { expiresAt } }),
              'The expiry date was recorded.',
              'The expiry date could not be saved.',
              saved,
            )
          }
        />
      ),
    },
    {
      id: 'actions',
      header: 'Actions',
      headerHidden: true,
      cell: (key) => (
        <div className="flex flex-wrap justify-end gap-2">
          {!key.active
            ? keyButton(
                key,
                {
                  label: busy === key.id ? 'Switching…' : 'Switch to this key',
                  path: '/activate',
                  method: 'POST',
                  done: `Switched to the key …${key.last4}.`,
                  failed: 'The switch did not happen.',
                },
                true,
              )
            : null}
          {key.source === 'stored'
            ? keyButton(key, {
                label: 'Check',
                path: '/verify',
                method: 'POST',
                done: `The key …${key.last4} was checked against the service.`,
                failed: 'The check could not run.',
              })
            : null}
          {key.source === 'stored' && !key.active
            ? keyButton(key, {
                label: 'Remove',
                path: '',
                method: 'DELETE',
                done: `The key …${key.last4} was removed.`,
                failed: 'The key could not be removed.',
              })
            : null}
        </div>
      ),
    },
  ];

  const add = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const expiresAt = String(data.get('expiresAt') ?? '');
    run(
      'add',
      () =>
        apiFetch('/api/admin/api-keys', {
          method: 'POST',
          json: {
            key: String(data.get('key') ?? ''),
            label: String(data.get('label') ?? '') || undefined,
            expiresAt: expiresAt || undefined,
          },
        }),
      'The key was accepted by the service and stored. Switch to it when ready.',
      'The key could not be added.',
      () => form.reset(),
    );
  };

  return (
    <section aria-labelledby="api-keys-heading" className="flex max-w-4xl flex-col gap-4">
      <div>
        <h2 id="api-keys-heading" className="text-lg font-semibold">
          API keys
        </h2>
        <p className="text-sm text-muted-foreground">
          To replace the key without interruption: add the new key (the service checks it first), switch to
          it, then ask the service operator to revoke the old one and remove it here. Every dashboard server
          uses the new key within {overview.propagationSeconds} seconds of the switch; work already under way
          finishes with the old key, so allow a few minutes before it is revoked.
        </p>
      </div>
      <StepOutcome failure={failure} notice={notice} />
      <DataTable
        label="API keys"
        columns={columns}
        rows={overview.keys}
        rowKey={(key) => key.id}
        empty="No key yet: add the key the service operator issued."
      />
      <form
        onSubmit={add}
        className="grid gap-3 rounded-lg border p-4 sm:grid-cols-[2fr_1fr_1fr_auto] sm:items-end"
      >
        <FormField label="New API key" hint="64 hexadecimal characters, as issued by the service operator.">
          <Input name="key" type="password" autoComplete="off" spellCheck={false} required />
        </FormField>
        <FormField label="Label (optional)">
          <Input name="label" maxLength={80} />
        </FormField>
        <FormField label="Expires on (optional)">
          <Input name="expiresAt" type="date" />
        </FormField>
        <SubmitButton busy={busy !== null}>{busy === 'add' ? 'Checking…' : 'Add key'}</SubmitButton>
      </form>
    </section>
  );
}

function ExpiryEditor({
  value,
  disabled,
  onSave,
}: {
  value: string | null;
  disabled: boolean;
  /** Saves the date; `saved` closes the editor once it is recorded. */
  onSave: (expiresAt: string | null, saved: () => void) => void;
}) {
  const locale = useLocale();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(value?.slice(0, 10) ?? '');
  if (!editing) {
    return (
      <span className="flex items-center gap-2">
        {value ? formatDate(value.slice(0, 10), locale) : '—'}
        <Button size="sm" variant="ghost" disabled={disabled} onClick={() => setEditing(true)}>
          {value ? 'Change' : 'Record'}
        </Button>
      </span>
    );
  }
  return (
    <form
      className="flex items-center gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        onSave(draft || null, () => setEditing(false));
      }}
    >
      <Input
        type="date"
        aria-label="Expiry date"
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        className="w-40"
      />
      <SubmitButton size="sm" busy={disabled}>
        Save
      </SubmitButton>
    </form>
  );
}
