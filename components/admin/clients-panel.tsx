'use client';

import { type FormEvent, useState } from 'react';
import { DataTable } from '@/components/data-table/data-table';
import { useLocale } from '@/components/shell/locale';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { SubmitButton } from '@/components/ui/submit-button';
import type { ClientConnectionView } from '@/lib/connection/client-views';
import { formatTimestamp } from '@/lib/format/dates';
import { apiFetch } from '@/lib/http/api-client';
import type { TableColumn } from '@/lib/table/columns';
import { StepOutcome, useAdminSteps } from './admin-steps';

const EDIT_LABELS = {
  rename: (name: string) => `Rename ${name}`,
  key: (name: string) => `Replace the key of ${name}`,
  retire: (name: string) => `Retire ${name}`,
};

/** The row's buttons that open an edit below the table; the default client cannot be retired. */
const EDITS = [
  { what: 'rename', button: 'Rename' },
  { what: 'key', button: 'Replace key' },
  { what: 'retire', button: 'Retire' },
] as const satisfies readonly { what: keyof typeof EDIT_LABELS; button: string }[];

const clientPath = (client: ClientConnectionView) => `/api/admin/clients/${encodeURIComponent(client.id)}`;

/**
 * The clients the console works for (spec: Authentication 1: one key per client, each key sees
 * only its client's portfolio). Each has its own key (shown by its last four characters only), its
 * own quota and its own copy. Adding a client checks its key with the service before storing it.
 */
export function ClientsPanel({ initial }: { initial: ClientConnectionView[] }) {
  const locale = useLocale();
  const [clients, setClients] = useState(initial);
  const [editing, setEditing] = useState<{ id: string; what: keyof typeof EDIT_LABELS } | null>(null);
  const { run, busy, failure, notice } = useAdminSteps(async () =>
    setClients((await apiFetch<{ clients: ClientConnectionView[] }>('/api/admin/clients')).clients),
  );

  const columns: TableColumn<ClientConnectionView>[] = [
    {
      id: 'name',
      header: 'Client',
      rowHeader: true,
      cell: (client) => (
        <>
          {client.name}
          {client.isDefault ? (
            <span className="block text-xs text-muted-foreground">
              Key from ANNUITY_API_KEY or the keys below
            </span>
          ) : null}
        </>
      ),
    },
    {
      id: 'key',
      header: 'Key',
      className: 'font-mono',
      cell: (client) => (client.keyLast4 ? `…${client.keyLast4}` : '—'),
    },
    {
      id: 'state',
      header: 'State',
      cell: (client) =>
        client.retiredAt ? (
          <Badge tone="neutral">Retired</Badge>
        ) : client.copy.failingSince ? (
          <Badge tone="danger">Not answering</Badge>
        ) : (
          <Badge tone="success">Active</Badge>
        ),
    },
    {
      id: 'copy',
      header: 'Copy',
      cell: (client) => (
        <span className="text-sm">
          {client.copy.patents ?? 0} patents · {client.copy.events} renewals
          <span className="block text-xs text-muted-foreground">
            {client.copy.completeMonths} of {client.copy.months} months complete
            {client.copy.syncedAt
              ? ` · synced ${formatTimestamp(client.copy.syncedAt, locale)}`
              : ' · not synced yet'}
          </span>
        </span>
      ),
    },
    {
      id: 'quota',
      header: 'Quota today',
      align: 'end',
      cell: (client) =>
        client.quota?.limit != null && client.quota.remaining != null
          ? `${client.quota.remaining} of ${client.quota.limit} left`
          : 'Not known yet',
    },
    {
      id: 'actions',
      header: 'Actions',
      headerHidden: true,
      cell: (client) =>
        client.retiredAt ? null : (
          <div className="flex flex-wrap justify-end gap-2">
            <Button
              size="sm"
              variant="outline"
              disabled={busy !== null}
              onClick={() =>
                run({
                  id: client.id,
                  action: () => apiFetch(`${clientPath(client)}/check`, { method: 'POST' }),
                  done: `${client.name}: the service accepted the key.`,
                  fallback: `${client.name}: the check could not run.`,
                })
              }
            >
              {busy === client.id ? 'Checking…' : 'Check'}
            </Button>
            {EDITS.filter(({ what }) => what !== 'retire' || !client.isDefault).map(({ what, button }) => (
              <Button
                key={what}
                size="sm"
                variant="outline"
                disabled={busy !== null}
                onClick={() => setEditing({ id: client.id, what })}
              >
                {button}
              </Button>
            ))}
          </div>
        ),
    },
  ];

  const editingClient = editing ? clients.find((client) => client.id === editing.id) : undefined;
  const submitEdit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!editing || !editingClient) return;
    const data = new FormData(event.currentTarget);
    if (editing.what === 'retire') {
      run({
        id: editingClient.id,
        action: () => apiFetch(clientPath(editingClient), { method: 'DELETE' }),
        done: `${editingClient.name} was retired: it is no longer synced or called.`,
        fallback: `${editingClient.name} could not be retired.`,
        after: () => setEditing(null),
      });
    } else if (editing.what === 'rename') {
      const name = String(data.get('name') ?? '');
      run({
        id: editingClient.id,
        action: () => apiFetch(clientPath(editingClient), { method: 'PATCH', json: { name } }),
        done: `The client is now named ${name.trim()}.`,
        fallback: 'The client could not be renamed.',
        after: () => setEditing(null),
      });
    } else {
      const key = String(data.get('key') ?? '');
      run({
        id: editingClient.id,
        action: () => apiFetch(`${clientPath(editingClient)}/key`, { method: 'PUT', json: { key } }),
        done: `${editingClient.name} now uses the new key. Ask the service operator to revoke the old one.`,
        fallback: 'The key could not be replaced.',
        after: () => setEditing(null),
      });
    }
  };

  const add = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const name = String(data.get('name') ?? '');
    run({
      id: 'add',
      action: () =>
        apiFetch('/api/admin/clients', {
          method: 'POST',
          json: { name, key: String(data.get('key') ?? '') },
        }),
      done: `${name.trim()} was added: the service accepted its key. Its copy starts with the next sync run.`,
      fallback: 'The client could not be added.',
      after: () => form.reset(),
    });
  };

  return (
    <section aria-labelledby="clients-heading" className="flex max-w-5xl flex-col gap-4">
      <div>
        <h2 id="clients-heading" className="text-lg font-semibold">
          Clients
        </h2>
        <p className="text-sm text-muted-foreground">
          Each client has its own API key from the service operator: the service shows a key only its own
          client’s patents, and the console sends a key only for its own client. Each client has its own daily
          quota and its own synced copy.
        </p>
      </div>
      <StepOutcome failure={failure} notice={notice} />
      <DataTable
        label="Clients"
        columns={columns}
        rows={clients}
        rowKey={(client) => client.id}
        empty="No client yet."
      />
      {editing && editingClient ? (
        <form
          onSubmit={submitEdit}
          aria-label={EDIT_LABELS[editing.what](editingClient.name)}
          className="grid gap-3 rounded-lg border p-4 sm:grid-cols-[2fr_auto_auto] sm:items-end"
        >
          {editing.what === 'retire' ? (
            <p className="text-sm">
              Retire {editingClient.name}? Its copy is no longer synced and its key is no longer sent; what
              was stored stays for the audit trail.
            </p>
          ) : editing.what === 'rename' ? (
            <FormField label={`New name for ${editingClient.name}`}>
              <Input name="name" defaultValue={editingClient.name} maxLength={80} required />
            </FormField>
          ) : (
            <FormField
              label={`New API key for ${editingClient.name}`}
              hint="64 hexadecimal characters; the service checks it before it is used."
            >
              <Input name="key" type="password" autoComplete="off" spellCheck={false} required />
            </FormField>
          )}
          <SubmitButton busy={busy !== null}>
            {busy === editingClient.id
              ? 'Saving…'
              : editing.what === 'retire'
                ? `Retire ${editingClient.name}`
                : 'Save'}
          </SubmitButton>
          <Button type="button" variant="outline" onClick={() => setEditing(null)}>
            Cancel
          </Button>
        </form>
      ) : null}
      <form
        onSubmit={add}
        className="grid gap-3 rounded-lg border p-4 sm:grid-cols-[1fr_2fr_auto] sm:items-end"
      >
        <FormField label="Client name">
          <Input name="name" maxLength={80} required />
        </FormField>
        <FormField
          label="Client’s API key"
          hint="64 hexadecimal characters, as issued by the service operator."
        >
          <Input name="key" type="password" autoComplete="off" spellCheck={false} required />
        </FormField>
        <SubmitButton busy={busy !== null}>{busy === 'add' ? 'Checking…' : 'Add client'}</SubmitButton>
      </form>
    </section>
  );
}
