/** PostgreSQL's unique_violation (23505), as PGlite and node-postgres report it (drizzle wraps it). */
export function isUniqueViolation(error: unknown): boolean {
  const codeOf = (value: unknown) =>
    value && typeof value === 'object' && 'code' in value ? (value as { code: unknown }).code : undefined;
  return (
    codeOf(error) === '23505' ||
    (error instanceof Error && codeOf((error as Error & { cause?: unknown }).cause) === '23505')
  );
}
