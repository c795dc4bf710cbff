/**
 * Content-Disposition (RFC 6266) read and written. Pure: the service client (server) and the
 * download buttons (browser) both read these headers; the document route writes them.
 *
 * spec: Endpoints 6 to 8 — documents come "with a Content-Disposition filename", and the official
 * receipt's filename pattern is not shown: a service may send RFC 6266 `filename*` (RFC 8187,
 * any charset and language, non-ASCII characters percent-encoded), a quoted `filename` with
 * escapes, a bare token, or several of them. `filename*` wins over `filename` (RFC 6266 4.3).
 */
export function filenameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const params = dispositionParams(header);
  const extended = params.get('filename*');
  if (extended !== undefined) {
    const decoded = decodeExtValue(extended);
    if (decoded) return decoded;
  }
  const plain = params.get('filename');
  return plain === undefined || plain === '' ? null : plain;
}

/** The parameters of a disposition header, names lower-cased, quoted strings unescaped. */
function dispositionParams(header: string): Map<string, string> {
  const params = new Map<string, string>();
  let index = header.indexOf(';');
  while (index !== -1 && index < header.length) {
    index += 1;
    const equals = header.indexOf('=', index);
    if (equals === -1) break;
    const name = header.slice(index, equals).trim().toLowerCase();
    let cursor = equals + 1;
    while (header[cursor] === ' ' || header[cursor] === '\t') cursor += 1;
    let value = '';
    if (header[cursor] === '"') {
      cursor += 1;
      while (cursor < header.length && header[cursor] !== '"') {
        if (header[cursor] === '\\' && cursor + 1 < header.length) cursor += 1;
        value += header[cursor];
        cursor += 1;
      }
      index = header.indexOf(';', cursor + 1);
    } else {
      const end = header.indexOf(';', cursor);
      value = header.slice(cursor, end === -1 ? undefined : end).trim();
      index = end;
    }
    if (name && !params.has(name)) params.set(name, value);
  }
  return params;
}

/** RFC 8187 ext-value: charset'language'percent-encoded. UTF-8 and ISO-8859-1 are understood. */
function decodeExtValue(value: string): string | null {
  const match = /^([^']*)'[^']*'(.*)$/.exec(value.trim());
  if (!match) return null;
  const charset = (match[1] ?? '').toLowerCase();
  const encoded = match[2] ?? '';
  try {
    if (charset === 'utf-8' || charset === 'utf8' || charset === '') return decodeURIComponent(encoded);
    if (charset === 'iso-8859-1' || charset === 'latin1') {
      return encoded.replace(/%([0-9a-f]{2})/gi, (_, hex: string) =>
        String.fromCharCode(Number.parseInt(hex, 16)),
      );
    }
  } catch {
    return null;
  }
  return null;
}

/**
 * A filename safe to hand to a browser: no path, no control or quote characters, no leading dots,
 * at most 150 characters, and the expected extension. Whatever the upstream sent.
 */
export function safeFilename(name: string | null, fallback: string, extension: string): string {
  const last = (name ?? '').normalize('NFC').split(/[/\\]/).pop() ?? '';
  const cleaned = [...last]
    .map((ch) => (ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f || '"*:<>?|'.includes(ch) ? '_' : ch))
    .join('')
    .replace(/^[.\s]+/, '')
    .trim();
  const base = cleaned ? cleaned : fallback;
  const withExtension = base.toLowerCase().endsWith(extension) ? base : `${base}${extension}`;
  if (withExtension.length <= 150) return withExtension;
  return `${withExtension.slice(0, 150 - extension.length)}${extension}`;
}

/**
 * `attachment` with an ASCII `filename` fallback and the exact name in RFC 8187 `filename*`:
 * a header value must be ASCII (a non-ASCII one cannot even be set on a Response).
 */
export function attachmentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(filename).replace(
    /['()*]/g,
    (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
