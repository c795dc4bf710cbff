import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { user } from '@/lib/db/schema';
import { clientGrantsOf } from '@/lib/server/clients/grants';
import { clientScopeOf } from '@/lib/server/clients/scope';
import { DEFAULT_CONNECTION } from '@/lib/server/connection/default-connection';
import { jsonRequest } from './app-harness';
import { setUpTwoClients } from './client-grants';

/**
 * An administrator adds a user for the clients they work for, chosen in the "Add user" form: those
 * clients only, never the ones added later, and none when none is chosen. The list is checked like
 * every input: a malformed one is a 400 naming `clients`, and only active clients can be granted.
 */

// The stand-in's day is fixed: nothing here depends on it, and nothing on today's date.
const app = setUpTwoClients({
  first: { patents: 4, seed: 3 },
  second: { patents: 4, seed: 9 },
  today: '2026-12-15',
});

let sequence = 0;
async function addUser(clients: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  sequence += 1;
  const { POST } = await import('@/app/api/admin/users/route');
  const response = await POST(
    jsonRequest('/api/admin/users', {
      method: 'POST',
      cookie: app.cookies.admin,
      body: {
        name: `New user ${sequence}`,
        email: `new-${sequence}@example.test`,
        role: 'paralegal',
        password: 'a first password of theirs',
        ...(clients === undefined ? {} : { clients }),
      },
    }),
  );
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const idOf = (answer: { body: Record<string, unknown> }) => (answer.body.user as { id: string }).id;
const fields = (answer: { body: Record<string, unknown> }) =>
  ((answer.body.errors ?? []) as { field: string }[]).map((error) => error.field);

describe('adding a user', () => {
  it('grants the clients chosen and not a client added later', async () => {
    const created = await addUser([DEFAULT_CONNECTION]);
    expect(created.status).toBe(201);
    const userId = idOf(created);
    expect((await clientGrantsOf([userId])).get(userId)).toEqual({
      all: false,
      clientIds: [DEFAULT_CONNECTION],
    });

    const { POST } = await import('@/app/api/admin/clients/route');
    const added = await POST(
      jsonRequest('/api/admin/clients', {
        method: 'POST',
        cookie: app.cookies.admin,
        body: { name: 'Added later', key: app.keys.second },
      }),
    );
    expect(added.status, await added.clone().text()).toBe(201);
    expect((await clientScopeOf(userId)).connections).toEqual([DEFAULT_CONNECTION]);
    // A user granted all clients (as before) would have the new one.
    expect((await clientScopeOf(app.harness.users.admin.id)).connections).toEqual([
      DEFAULT_CONNECTION,
      'added-later',
    ]);
  });

  it('with no client chosen, the user sees none until one is granted', async () => {
    for (const clients of [[], undefined]) {
      const created = await addUser(clients);
      expect(created.status).toBe(201);
      const userId = idOf(created);
      expect((await clientScopeOf(userId)).connections).toEqual([]);
      const [row] = await app.harness.database.db
        .select({ allClients: user.allClients })
        .from(user)
        .where(eq(user.id, userId));
      expect(row?.allClients).toBe(false);
    }
  });

  it('refuses a malformed list or a client that does not exist with a 400 naming clients, creating nobody', async () => {
    for (const clients of ['all', 'default', ['Not An Id'], [42], ['no-such-client']]) {
      const refused = await addUser(clients);
      expect(refused.status, JSON.stringify(clients)).toBe(400);
      expect(
        fields(refused).some((field) => field === 'clients' || field.startsWith('clients.')),
        JSON.stringify(clients),
      ).toBe(true);
    }
    const emails = (await app.harness.database.db.select({ email: user.email }).from(user)).map(
      (row) => row.email,
    );
    expect(emails).not.toContain(`new-${sequence}@example.test`);
  });
});
