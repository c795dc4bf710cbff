/**
 * The Content-Security-Policy for one response. Scripts run only from our origin or with this
 * response's nonce (Next adds it to its own inline scripts); nothing may frame the dashboard.
 */
export function contentSecurityPolicy(nonce: string, { dev = false, https = false } = {}): string {
  const directives = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ''}`,
    `style-src 'self' 'nonce-${nonce}'${dev ? " 'unsafe-inline'" : ''}`,
    // Server-rendered style attributes (virtualized row offsets, Radix positioning) are not scripts.
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' blob: data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ];
  if (https) directives.push('upgrade-insecure-requests');
  return directives.join('; ');
}

export const STATIC_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
  'Cross-Origin-Opener-Policy': 'same-origin',
};

/**
 * Route handlers answer data and files, never pages: their answers may load nothing, run nothing
 * and be framed by nothing, so a JSON answer opened as a document cannot become a script host.
 * (PDFs are served without it: a document-wide `default-src 'none'` can stop the browser's own
 * PDF viewer.)
 */
export const API_CONTENT_SECURITY_POLICY =
  "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** Sent only on answers reached over https (a browser ignores it on http, and it must not stick to localhost). */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';
