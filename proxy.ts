import { type NextRequest, NextResponse } from 'next/server';
import { REQUEST_ID_HEADER, requestIdFrom } from '@/lib/http/request-id';
import { contentSecurityPolicy, STATIC_SECURITY_HEADERS } from '@/lib/http/security-headers';

/**
 * Runs before every page: gives the request an id (forwarded upstream as X-Request-Id) and a CSP
 * nonce, and sets the security headers. Route handlers under /api do both themselves
 * (lib/server/http/route.ts), so their answers skip this pass. Authorization is NOT done here: every
 * page and route handler checks the session and role itself.
 */
export function proxy(request: NextRequest) {
  const requestId = requestIdFrom(request.headers.get(REQUEST_ID_HEADER));
  const nonce = Buffer.from(crypto.randomUUID()).toString('base64');
  const csp = contentSecurityPolicy(nonce, {
    dev: process.env.NODE_ENV === 'development',
    https: request.nextUrl.protocol === 'https:',
  });

  const requestHeaders = new Headers(request.headers);
  requestHeaders.set(REQUEST_ID_HEADER, requestId);
  requestHeaders.set('x-nonce', nonce);
  requestHeaders.set('content-security-policy', csp);
  // Pages read it to send a signed-out user back here after signing in.
  requestHeaders.set('x-pathname', `${request.nextUrl.pathname}${request.nextUrl.search}`);

  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set('content-security-policy', csp);
  response.headers.set(REQUEST_ID_HEADER, requestId);
  for (const [name, value] of Object.entries(STATIC_SECURITY_HEADERS)) response.headers.set(name, value);
  return response;
}

export const config = {
  matcher: [{ source: '/((?!_next/static|_next/image|favicon.ico|api/).*)' }],
};
