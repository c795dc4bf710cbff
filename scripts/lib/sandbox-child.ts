import path from 'node:path';
import { type Child, spawnChild } from './children';

/** The line the stand-in service prints once it answers (sandbox/README.md). */
export const SANDBOX_READY = /sandbox listening on (http:\/\/\S+)/;

/** The stand-in service as `npm start` runs it: its own process, its store under the data dir. */
export function spawnSandbox(options: {
  port: string;
  dataDir: string;
  demo: boolean;
  env?: NodeJS.ProcessEnv;
}): Child {
  return spawnChild(
    'sandbox',
    process.execPath,
    [
      '--import',
      'tsx',
      'sandbox/main.ts',
      '--port',
      options.port,
      '--data-dir',
      path.join(options.dataDir, 'sandbox'),
      ...(options.demo ? ['--demo'] : []),
    ],
    options.env ?? process.env,
  );
}
