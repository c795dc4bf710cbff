/**
 * The stand-in service as a process: `npm run sandbox` (see config.ts for flags and environment).
 * Prints exactly one `sandbox listening on <url>` line when ready (scripts/start.ts waits for it);
 * SIGTERM and SIGINT close the store cleanly and exit 0.
 */
import { randomBytes } from 'node:crypto';
import { ConfigError, parseConfig, USAGE } from './config';
import { startSandbox } from './server';

async function main(): Promise<void> {
  let config: ReturnType<typeof parseConfig>;
  try {
    config = parseConfig(process.argv.slice(2), process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      if (error.isHelp) {
        console.log(error.message);
        process.exit(0);
      }
      console.error(`${error.message}\n\n${USAGE}`);
      process.exit(2);
    }
    throw error;
  }
  let operatorToken = config.operatorToken;
  if (!operatorToken) {
    operatorToken = randomBytes(24).toString('hex');
    console.log(`sandbox operator token (generated, set SANDBOX_OPERATOR_TOKEN to fix it): ${operatorToken}`);
  }

  const running = await startSandbox({ ...config, operatorToken });
  const store =
    running.service.storeKind === 'memory' ? 'in memory, nothing persisted' : running.service.storeKind;
  console.log(
    `sandbox store: ${store}${running.service.storeKind === 'pglite' ? ` (${config.dataDir})` : ''}; today ${running.service.clock.today()}${config.demo ? `; demo pipeline every ${config.demoStepSeconds} s` : ''}`,
  );
  console.log(`sandbox listening on ${running.url}`);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`sandbox: ${signal} received, closing the store`);
    running.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('sandbox: failed to close cleanly', error);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  // A test runner killed outright (a worker past its timeout) runs no exit handler: the pipe its
  // parent held open closes instead, and the service follows it rather than live on as an orphan.
  if (process.env.SANDBOX_EXIT_WITH_PARENT === '1') {
    process.stdin.on('close', () => stop('parent gone'));
    process.stdin.resume();
  }
}

main().catch((error: unknown) => {
  console.error('sandbox: failed to start', error);
  process.exit(1);
});
