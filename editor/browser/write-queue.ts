/**
 * The view's writes, one after another: each names the version of the file it changes, which the
 * write before it may change, so each starts once those before it have ended. A write that failed
 * does not stop those after it.
 */
export function createWriteQueue() {
  let last: Promise<void> = Promise.resolve();
  return {
    /** Runs a write after the writes before it. */
    after(write: () => Promise<void>): Promise<void> {
      const next = last.catch(() => undefined).then(write);
      last = next;
      return next;
    },
  };
}

export type WriteQueue = ReturnType<typeof createWriteQueue>;
