/**
 * Serializes the service's writes. A write validates against memory, persists, then applies to
 * memory; two concurrent batches for the same event must not both pass validation before either
 * applies, so every write runs alone. Reads never wait (they see the state before or after a write,
 * never half of one: applying is synchronous).
 */
export class WriteLock {
  #tail: Promise<unknown> = Promise.resolve();

  run<T>(work: () => Promise<T>): Promise<T> {
    const result = this.#tail.then(work, work);
    this.#tail = result.catch(() => undefined);
    return result;
  }

  /** Resolves once every write queued so far has finished (used before closing the store). */
  async drain(): Promise<void> {
    await this.#tail;
  }
}
