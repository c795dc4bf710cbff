/**
 * The only redirect targets accepted after sign-in: a path on this site. The check is made on the
 * path as the browser will finally read it: after dot segments are resolved (`/..//evil.example`
 * resolves to `//evil.example`, a scheme-relative URL) and after each layer of percent-encoding a
 * server or browser might undo (`/%2e%2e//x`, `%2F%2Fx`, `/%252e%252e//x`). Anything that could
 * leave the site (`//host`, `/\host`, a scheme, control characters) falls back to the role's home.
 */
const MAX_LENGTH = 2_000;
const DECODE_LAYERS = 3;
const BASE = 'http://local.invalid';

// biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting control characters is the point
const UNSAFE_CHARACTERS = /[\u0000-\u001f\u007f\\]/;

export function safeLocalPath(candidate: string | null | undefined): string | null {
  if (!candidate || candidate.length > MAX_LENGTH) return null;
  const normalised = normaliseLocal(candidate);
  if (normalised === null) return null;
  // Every decoded reading of it must be local too: whoever decodes it next must not find a host.
  let layer = candidate;
  for (let depth = 0; depth < DECODE_LAYERS; depth++) {
    const decoded = decodeOnce(layer);
    if (decoded === null) return null;
    if (decoded === layer) break;
    if (normaliseLocal(decoded) === null) return null;
    layer = decoded;
  }
  return normalised;
}

/** The path, query and hash of a local target after resolution, or null if it could leave. */
function normaliseLocal(candidate: string): string | null {
  if (!candidate.startsWith('/') || candidate.startsWith('//')) return null;
  if (UNSAFE_CHARACTERS.test(candidate)) return null;
  let resolved: URL;
  try {
    resolved = new URL(candidate, BASE);
  } catch {
    return null;
  }
  if (resolved.origin !== BASE) return null;
  const path = resolved.pathname;
  // After dot segments are resolved the path must still be one path, not `//host`.
  if (path.startsWith('//') || path.includes('\\')) return null;
  if (/^\/%2f/i.test(path) || /^\/%5c/i.test(path)) return null;
  return `${path}${resolved.search}${resolved.hash}`;
}

function decodeOnce(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}
