/**
 * What a request says about where it came from and how it was reached. X-Forwarded-* headers are
 * believed only from the number of reverse proxies the operator configured (TRUST_PROXY): without
 * one, anybody can send them (Next.js passes a client's own X-Forwarded-For through unchanged).
 * Pure (no env, no zod): proxy.ts and the route wrapper both use it.
 */

/**
 * The client's address as the nearest trusted proxy saw it: with `hops` proxies, each appends the
 * address it received the request from, so the client is the `hops`-th entry from the right.
 * Null when no proxy is trusted: the dashboard then cannot learn the address reliably.
 */
export function clientAddress(headers: Headers, hops: number): string | null {
  if (hops < 1) return null;
  const chain = (headers.get('x-forwarded-for') ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const entry = chain[chain.length - hops] ?? chain[0];
  return entry ? entry.slice(0, 64) : null;
}

/** The host the browser asked for: the trusted proxy's X-Forwarded-Host, else the Host header. */
export function requestHost(headers: Headers, url: string, hops: number): string {
  const forwarded = hops > 0 ? lastListEntry(headers.get('x-forwarded-host')) : null;
  return (forwarded ?? headers.get('host') ?? new URL(url).host).toLowerCase();
}

/**
 * Whether the browser reached us over https: the public URL says so, or a trusted proxy does.
 * (Next.js itself speaks plain http; TLS ends at a proxy in front of it.)
 */
export function servedOverHttps(headers: Headers, publicUrl: string | undefined, hops: number): boolean {
  if (publicUrl?.startsWith('https:')) return true;
  return hops > 0 && lastListEntry(headers.get('x-forwarded-proto'))?.toLowerCase() === 'https';
}

/** The hosts the dashboard answers to: the public URL's, and the local aliases on its port. */
export function allowedHosts(publicUrl: string | undefined, port: number | string): Set<string> {
  const hosts = new Set([`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`]);
  if (publicUrl) hosts.add(new URL(publicUrl).host.toLowerCase());
  return hosts;
}

function lastListEntry(value: string | null): string | null {
  if (!value) return null;
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  return entries.at(-1) ?? null;
}

/** TRUST_PROXY as written by an operator: a number of proxies, or true (one) / false (none). */
export function parseTrustProxy(raw: unknown): unknown {
  if (raw === undefined || raw === '') return undefined;
  if (raw === 'true') return '1';
  if (raw === 'false') return '0';
  return raw;
}
