import { expect } from 'vitest';
import { jsonRequest } from './app-harness';

/**
 * The two steps every test with several clients takes as an administrator, through the same
 * routes the users page and the connection page call: add a client with its key, and set which
 * clients a user works for (all of them, or the ids listed).
 */
export async function addClientAs(adminCookie: string, name: string, key: string): Promise<void> {
  const { POST } = await import('@/app/api/admin/clients/route');
  const added = await POST(
    jsonRequest('/api/admin/clients', { method: 'POST', cookie: adminCookie, body: { name, key } }),
  );
  expect(added.status, await added.clone().text()).toBe(201);
}

export async function grantClientsAs(
  adminCookie: string,
  userId: string,
  clients: 'all' | readonly string[],
): Promise<void> {
  const { PATCH } = await import('@/app/api/admin/users/[userId]/route');
  const granted = await PATCH(
    jsonRequest(`/api/admin/users/${userId}`, { method: 'PATCH', cookie: adminCookie, body: { clients } }),
    { params: Promise.resolve({ userId }) },
  );
  expect(granted.status, await granted.clone().text()).toBe(200);
}
