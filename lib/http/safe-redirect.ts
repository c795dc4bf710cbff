/**
 * The only redirect targets accepted after sign-in: a path on this site. Anything that could leave
 * it (`//host`, `/\host`, `https://…`, control characters) falls back to the role's home page.
 */
export function safeLocalPath(candidate: string | null | undefined): string | null {
  if (!candidate || candidate.length > 2_000) return null;
  if (!candidate.startsWith('/') || candidate.startsWith('//') || candidate.startsWith('/\\')) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting control characters is the point
  if (/[\u0000-\u001f\u007f\\]/.test(candidate)) return null;
  try {
    const resolved = new URL(candidate, 'http://local.invalid');
    if (resolved.origin !== 'http://local.invalid') return null;
    return `${resolved.pathname}${resolved.search}${resolved.hash}`;
  } catch {
    return null;
  }
}
