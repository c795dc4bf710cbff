import 'server-only';

/**
 * A response body written by a producer at the reader's pace: `ready()` waits while the browser is
 * behind (so a large export never piles up in memory) and yields a turn of the event loop (so it
 * never holds the server), and it stops the producer once the browser has gone away.
 */
export interface StreamOut {
  push(bytes: Uint8Array): void;
  ready(): Promise<void>;
}

export class StreamCancelledError extends Error {
  override name = 'StreamCancelledError';
  constructor() {
    super('the reader went away');
  }
}

const QUEUED_CHUNKS = 8;

export function pacedStream(produce: (out: StreamOut) => Promise<void>): ReadableStream<Uint8Array> {
  let wake: (() => void) | null = null;
  let cancelled = false;
  const wakeUp = () => {
    wake?.();
    wake = null;
  };
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        const out: StreamOut = {
          push(bytes) {
            if (!cancelled) controller.enqueue(bytes);
          },
          async ready() {
            while (!cancelled && (controller.desiredSize ?? 1) <= 0) {
              await new Promise<void>((resolve) => {
                wake = resolve;
              });
            }
            if (cancelled) throw new StreamCancelledError();
            await new Promise<void>((resolve) => setImmediate(resolve));
          },
        };
        void produce(out).then(
          () => {
            if (!cancelled) controller.close();
          },
          (error: unknown) => {
            if (!cancelled) controller.error(error);
          },
        );
      },
      pull: wakeUp,
      cancel() {
        cancelled = true;
        wakeUp();
      },
    },
    new CountQueuingStrategy({ highWaterMark: QUEUED_CHUNKS }),
  );
}
