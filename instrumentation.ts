/**
 * Runs once when a dashboard server process starts: validates the configuration (a bad value stops
 * start-up naming the variable), registers secrets for log redaction, and closes the database on
 * shutdown so PGlite never leaves a half-written data dir.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { startServerProcess } = await import('./lib/server/runtime/process-lifecycle');
  await startServerProcess();
}
