import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';

/**
 * A build whose output goes to a log file instead of the terminal: `next build` prints a page of
 * routes nobody starting the dashboard needs, and nothing for minutes before that. The terminal
 * gets a short line now and then (time so far, the step Next is at) and, when the build fails,
 * the log's last lines.
 */

/** The steps of `next build` (16.x) as its output names them, in the words the progress line uses. */
const PHASES: readonly [RegExp, string][] = [
  [/Creating an optimized production build/, 'compiling'],
  [/Compiled successfully|Compiled with warnings/, 'compiled'],
  [/Running TypeScript|Linting and checking validity of types/, 'checking types'],
  [/Collecting page data/, 'collecting page data'],
  [/Generating static pages/, 'generating static pages'],
  [/Finalizing page optimization/, 'finalizing'],
  [/Collecting build traces/, 'collecting build traces'],
];

export function buildPhase(line: string): string | undefined {
  return PHASES.find(([pattern]) => pattern.test(line))?.[1];
}

/** "45 s", "3 min", "3 min 48 s". */
export function formatElapsed(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  const minutes = Math.floor(seconds / 60);
  if (minutes === 0) return `${seconds} s`;
  return seconds % 60 === 0 ? `${minutes} min` : `${minutes} min ${seconds % 60} s`;
}

/**
 * Said before a build starts. The figures are measured on 2 cores: a first `npm start` spent 3.8 min
 * of its 5 min 38 s in the build; another, at a load average of 11, 5 min 42 s of its 6 min 43 s.
 */
export function buildingMessage(reason: 'missing' | 'stale', logFile: string): string {
  const what =
    reason === 'missing'
      ? 'Building the dashboard for the first time'
      : 'Building the dashboard again (its sources changed since the last build)';
  return `${what}: this takes a few minutes on a small machine (about 4 minutes on 2 cores, nearer 6 when they are busy).\nThe build's output goes to ${logFile}.`;
}

/** What the terminal is told while the build runs: time so far and the last step seen, no more. */
function progressLine(elapsedMs: number, phase: string): string {
  return `  still building: ${formatElapsed(elapsedMs)} so far (${phase})`;
}

function lastLines(text: string, count: number): string {
  return text.trimEnd().split('\n').slice(-count).join('\n');
}

export interface QuietBuildOptions {
  command: string;
  args: string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  logFile: string;
  /** Receives each progress line, every `everyMs`. */
  print: (line: string) => void;
  everyMs: number;
  /** Stops the build (SIGTERM) when aborted: a start stopped while it builds leaves no build behind. */
  signal?: AbortSignal;
  now?: () => number;
}

/**
 * Runs the build with its output in `logFile` (replaced). Rejects, with the log's last 30 lines and
 * its path in the message, when the build fails.
 */
export async function runQuietBuild(options: QuietBuildOptions): Promise<void> {
  const now = options.now ?? (() => performance.now());
  mkdirSync(path.dirname(options.logFile), { recursive: true });
  const log = createWriteStream(options.logFile);
  const began = now();
  let phase = 'starting';
  const child = spawn(options.command, options.args, {
    cwd: options.cwd,
    env: options.env,
    stdio: ['ignore', 'pipe', 'pipe'],
    signal: options.signal,
  });
  for (const stream of [child.stdout, child.stderr]) {
    stream.pipe(log, { end: false });
    createInterface({ input: stream }).on('line', (line) => {
      phase = buildPhase(line) ?? phase;
    });
  }
  const timer = setInterval(() => options.print(progressLine(now() - began, phase)), options.everyMs);
  const outcome = await new Promise<number | string>((resolve) => {
    child.once('error', (error) => resolve(error.message));
    child.once('close', (code, signal) => resolve(code ?? signal ?? 'unknown'));
  });
  clearInterval(timer);
  await new Promise<void>((resolve) => log.end(resolve));
  if (outcome === 0) return;
  const tail = lastLines(readFileSync(options.logFile, 'utf8'), 30);
  throw new Error(
    `The build failed (${outcome}). Its last lines (the whole output is in ${options.logFile}):\n\n${tail}`,
  );
}
