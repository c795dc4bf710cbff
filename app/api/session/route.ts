import { signInSchema } from '@/lib/auth/sign-in.schema';
import { signInWithPassword, signOut } from '@/lib/server/auth/sign-in';
import { problemResponse } from '@/lib/server/errors/problem';
import { defineRoute } from '@/lib/server/http/route';

/** Sign in with email and password. Failures say nothing about which part was wrong. */
export const POST = defineRoute(
  { access: 'public', body: signInSchema },
  async ({ body, request, requestId }) => {
    const result = await signInWithPassword({ ...body, headers: request.headers, requestId });
    switch (result.kind) {
      case 'too-many-attempts':
        return problemResponse(
          {
            status: 429,
            code: 'too_many_attempts',
            title: 'Too many attempts',
            // A delay, not a lock: after it the right password works (lib/server/auth/sign-in-limit.ts).
            detail: `Too many failed sign-ins. Wait ${waitInWords(result.waitSeconds)} before trying again.`,
            requestId,
          },
          { 'retry-after': String(result.waitSeconds) },
        );
      case 'refused':
        return problemResponse({
          status: 401,
          code: 'invalid_credentials',
          title: 'Sign-in failed',
          detail: 'The email or password is not correct, or the account is not active.',
          requestId,
        });
      case 'demo-refused':
        return problemResponse({
          status: 403,
          code: 'demo_account_refused',
          title: 'Demo account',
          detail:
            'Demo accounts sign in only while the dashboard uses the stand-in service. Ask an administrator for an account.',
          requestId,
        });
      case 'passwords-off':
        return problemResponse({
          status: 403,
          code: 'local_passwords_off',
          title: 'Passwords are turned off',
          detail: 'This dashboard signs people in through the organisation’s identity provider only.',
          requestId,
        });
      case 'signed-in':
        return withCookies(Response.json({ redirectTo: result.redirectTo }), result.cookies);
    }
  },
);

/** Sign out: ends the session row and clears the cookie. */
export const DELETE = defineRoute(
  { access: 'signed-in', duringPasswordChange: true },
  async ({ request, viewer, requestId }) => {
    const { cookies } = await signOut({ viewer, headers: request.headers, requestId });
    return withCookies(Response.json({ redirectTo: '/sign-in' }), cookies);
  },
);

function waitInWords(seconds: number): string {
  return seconds < 90 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`;
}

function withCookies(response: Response, cookies: readonly string[]): Response {
  for (const cookie of cookies) response.headers.append('set-cookie', cookie);
  return response;
}
