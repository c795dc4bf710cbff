import type { Role } from '../../lib/policy/roles';
import { DEMO_USERS } from '../../lib/server/auth/demo-users';

/**
 * A signed-in user of the dashboard over plain HTTP: the session cookie from POST /api/session on
 * every request, and the dashboard's own Origin on state-changing ones (its CSRF check).
 */
export interface SessionCookie {
  name: string;
  value: string;
}

export interface DashboardSession {
  baseUrl: string;
  cookies: SessionCookie[];
  /**
   * Reads the whole body, so the time covers the complete (streamed) response. `encoding` is the
   * Accept-Encoding sent: Node's fetch asks for gzip like a browser unless told otherwise.
   */
  get(path: string, options?: { encoding?: 'identity' }): Promise<{ status: number; body: string }>;
  send(method: 'PUT' | 'POST', path: string, body: unknown): Promise<{ status: number; json: unknown }>;
}

function cookiesOf(response: Response): SessionCookie[] {
  return response.headers.getSetCookie().flatMap((header) => {
    const [pair] = header.split(';');
    const at = pair?.indexOf('=') ?? -1;
    if (!pair || at <= 0) return [];
    return [{ name: pair.slice(0, at).trim(), value: pair.slice(at + 1).trim() }];
  });
}

export async function signIn(baseUrl: string, role: Role): Promise<DashboardSession> {
  const user = DEMO_USERS.find((candidate) => candidate.role === role);
  if (!user) throw new Error(`no demo user for ${role}`);
  const origin = new URL(baseUrl).origin;
  const response = await fetch(`${baseUrl}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
  if (!response.ok) throw new Error(`sign-in as ${role}: ${response.status} ${await response.text()}`);
  const cookies = cookiesOf(response);
  if (cookies.length === 0) throw new Error(`sign-in as ${role} set no cookie`);
  const cookieHeader = cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');

  return {
    baseUrl,
    cookies,
    async get(path, options = {}) {
      const headers: Record<string, string> = { cookie: cookieHeader };
      if (options.encoding) headers['accept-encoding'] = options.encoding;
      const answer = await fetch(`${baseUrl}${path}`, { headers, redirect: 'manual' });
      return { status: answer.status, body: await answer.text() };
    },
    async send(method, path, body) {
      const answer = await fetch(`${baseUrl}${path}`, {
        method,
        headers: { cookie: cookieHeader, origin, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      const text = await answer.text();
      return { status: answer.status, json: text ? (JSON.parse(text) as unknown) : null };
    },
  };
}
