import { type NextRequest, NextResponse } from 'next/server';
import { allowedHosts, parseTrustProxy, requestHost, servedOverHttps } from '@/lib/http/forwarded';
import { REQUEST_ID_HEADER, requestIdFrom } from '@/lib/http/request-id';
import {
  contentSecurityPolicy,
  STATIC_SECURITY_HEADERS,
  STRICT_TRANSPORT_SECURITY,
} from '@/lib/http/security-headers';

/**
 * Runs before every page: refuses a Host that is not the configured public URL's (DNS rebinding,
 * forged links), gives the request an id (forwarded upstream as X-Request-Id) and a CSP nonce, and
 * sets the security headers (HSTS when served over https). Route handlers under /api do the same
 * themselves (lib/server/http/route.ts), so their answers skip this pass. Authorization is NOT done
 * here: every page and route handler checks the session and role itself.
 */
export function proxy(request: NextRequest) {
  // The validated env (lib/env.ts) is zod's; this pass reads the three raw values it needs.
  const hops = Number(parseTrustProxy(process.env.TRUST_PROXY) ?? 0) || 0;
  const publicUrl = process.env.PUBLIC_URL || undefined;
  const host = requestHost(request.headers, request.url, hops);
  if (!allowedHosts(publicUrl, process.env.PORT || 3000).has(host)) {
    return new NextResponse('This address is not the one the dashboard is configured to answer on.', {
      status: 421,
      headers: { 'content-type': 'text/plain; charset=utf-8', ...STATIC_SECURITY_HEADERS },
    });
  }

  const https = servedOverHttps(request.headers, publicUrl, hops);
  const requestId = requestIdFrom(request.headers.get(REQUEST_ID_HEADER));
  const nonce = Buffer.from(crypto.randomUUID()).toString('base64');
  const csp = contentSecurityPolicy(nonce, { dev: process.env.NODE_ENV === 'development', https });

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
  if (https) response.headers.set('strict-transport-security', STRICT_TRANSPORT_SECURITY);
  return response;
}

export const config = {
  matcher: [{ source: '/((?!_next/static|_next/image|favicon.ico|api/).*)' }],
};
