import { type Child, stopChild, waitForLine } from './children';

/**
 * A child `npm start` keeps running: when it stops without being asked (a crash, out of memory, a
 * kill), it is started again after a back-off that doubles from `initialDelayMs` up to
 * `maxDelayMs`, and every step is said on the console. The dashboard is not stopped with it: while
 * the stand-in service is away its pages say the service cannot be reached, and they work again
 * once it is back. The back-off starts over once a restarted child has stayed up for `stableMs`.
 */
export interface SuperviseOptions {
  /** Said in messages, e.g. "The stand-in service". */
  label: string;
  /** Starts the child; `attempt` is 0 for the first start, then counts restarts. */
  spawn: (attempt: number) => Child;
  /** The line that says the child is ready. */
  ready: RegExp;
  readyTimeoutMs: number;
  initialDelayMs?: number;
  maxDelayMs?: number;
  stableMs?: number;
  log?: (message: string) => void;
  /** Told each time a (re)started child is ready, with the matched line. */
  onReady?: (match: RegExpMatchArray, attempt: number) => void;
}

export interface Supervisor {
  /** The first start's ready line. */
  ready: RegExpMatchArray;
  /** The child running now (or the last one). */
  current(): Child;
  /** How many times the child was started again. */
  restarts(): number;
  /** Stops supervising and stops the child. */
  stop(): Promise<void>;
}

export async function superviseChild(options: SuperviseOptions): Promise<Supervisor> {
  const initialDelay = options.initialDelayMs ?? 1_000;
  const maxDelay = options.maxDelayMs ?? 30_000;
  const stableMs = options.stableMs ?? 60_000;
  const log = options.log ?? ((message: string) => console.error(message));
  let stopped = false;
  let restarts = 0;
  let failures = 0;
  let timer: NodeJS.Timeout | null = null;
  let child = options.spawn(0);

  const watch = (running: Child, readyAt: number) => {
    void running.exited.then((code) => {
      if (stopped || running !== child) return;
      // A child that ran a good while failed afresh: start the back-off over.
      if (Date.now() - readyAt >= stableMs) failures = 0;
      scheduleRestart(`stopped unexpectedly (${code})`);
    });
  };

  const scheduleRestart = (why: string) => {
    const delay = Math.min(maxDelay, initialDelay * 2 ** failures);
    failures++;
    log(
      `${options.label} ${why}; starting it again in ${formatSeconds(delay)} (the dashboard keeps running).`,
    );
    timer = setTimeout(() => {
      timer = null;
      if (stopped) return;
      restarts++;
      const attempt = restarts;
      child = options.spawn(attempt);
      const started = child;
      waitForLine(started, options.ready, options.readyTimeoutMs).then(
        (match) => {
          if (stopped || started !== child) return;
          log(`${options.label} is running again.`);
          options.onReady?.(match, attempt);
          watch(started, Date.now());
        },
        (error: Error) => {
          if (stopped || started !== child) return;
          // Not ready in time, or gone before it was: make sure it is gone, then try again later.
          void stopChild(started, 2_000).then(() => {
            if (!stopped && started === child) scheduleRestart(`did not start (${error.message})`);
          });
        },
      );
    }, delay);
  };

  const ready = await waitForLine(child, options.ready, options.readyTimeoutMs);
  options.onReady?.(ready, 0);
  watch(child, Date.now());

  return {
    ready,
    current: () => child,
    restarts: () => restarts,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await stopChild(child);
    },
  };
}

function formatSeconds(ms: number): string {
  const seconds = ms / 1000;
  return `${Number.isInteger(seconds) ? seconds : seconds.toFixed(1)} s`;
}
