import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type QuietBuildOptions, runQuietBuild } from './build-output';

// What a production build is made of. Tests, e2e, the sandbox and scripts are not in it.
const SOURCE_ROOTS = ['app', 'components', 'lib', 'public'];
const SOURCE_FILES = [
  'proxy.ts',
  'instrumentation.ts',
  'next.config.mjs',
  'postcss.config.mjs',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
];
const FINGERPRINT_FILE = '.next/source-fingerprint';

function* walk(dir: string): Generator<string> {
  if (!existsSync(dir)) return;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (!/\.test\.tsx?$/.test(entry.name)) yield full;
  }
}

/** A hash of every source file's path, size and modification time: cheap, and changes on any edit. */
function sourceFingerprint(root: string): string {
  const hash = createHash('sha256');
  const files = [
    ...SOURCE_ROOTS.flatMap((dir) => [...walk(path.join(root, dir))]),
    ...SOURCE_FILES.map((f) => path.join(root, f)),
  ]
    .filter((file) => existsSync(file))
    .sort();
  for (const file of files) {
    const stat = statSync(file);
    hash.update(`${path.relative(root, file)}\0${stat.size}\0${stat.mtimeMs}\n`);
  }
  return hash.digest('hex');
}

/** Whether a build is there and made of the sources as they are now. */
function buildState(root: string): 'current' | 'missing' | 'stale' {
  const stamp = path.join(root, FINGERPRINT_FILE);
  if (!existsSync(path.join(root, '.next/BUILD_ID')) || !existsSync(stamp)) return 'missing';
  return readFileSync(stamp, 'utf8').trim() === sourceFingerprint(root) ? 'current' : 'stale';
}

function fingerprintFile(root: string): string {
  return path.join(root, FINGERPRINT_FILE);
}

export interface BuildOptions {
  /** Called before a build: 'missing' (none yet, a first start) or 'stale' (the sources changed). */
  onBuild?: (reason: 'missing' | 'stale') => void;
  /** The build's output goes to `logFile`, and the terminal gets a progress line every `everyMs`. */
  quiet?: Pick<QuietBuildOptions, 'logFile' | 'print' | 'everyMs' | 'signal'>;
}

/**
 * Runs `next build` when the build is missing or older than the sources (npm start, npm run bench).
 * The fingerprint is taken before the build, so an edit made while it runs makes the next start
 * build again. Returns whether it built; throws when the build fails (its output is on the
 * terminal, or with `quiet` its last lines are in the message).
 */
export async function buildIfStale(root: string, options: BuildOptions = {}): Promise<boolean> {
  const state = buildState(root);
  if (state === 'current') return false;
  options.onBuild?.(state);
  const fingerprint = sourceFingerprint(root);
  const command = process.execPath;
  const args = ['node_modules/next/dist/bin/next', 'build'];
  const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1' };
  if (options.quiet) {
    await runQuietBuild({ command, args, cwd: root, env, ...options.quiet });
  } else {
    const build = spawnSync(command, args, { cwd: root, stdio: 'inherit', env });
    if (build.status !== 0) throw new Error('The build failed; see the output above.');
  }
  writeFileSync(fingerprintFile(root), fingerprint);
  return true;
}
