/**
 * The filename of a Content-Disposition header: RFC 6266 `filename*` first, then `filename`.
 * Pure: the service client (server) and the download buttons (browser) both read these headers.
 */
export function filenameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = header.match(/filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i);
  if (extended?.[2]) {
    try {
      return decodeURIComponent(extended[2].trim());
    } catch {
      // fall through to the plain form
    }
  }
  const quoted = header.match(/filename\s*=\s*"((?:[^"\\]|\\.)*)"/i);
  if (quoted?.[1] !== undefined) return quoted[1].replace(/\\(.)/g, '$1');
  const bare = header.match(/filename\s*=\s*([^;]+)/i);
  return bare?.[1]?.trim() ?? null;
}
