/**
 * A task run one at a time: a call while it runs is answered by the run under way, and one more run follows it
 * (the one under way may have started before what the caller waits for).
 */
export function coalescedTask(task: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | undefined;
  let again = false;
  return () => {
    if (running !== undefined) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          await task();
        } while (again);
      } finally {
        running = undefined;
      }
    })();
    return running;
  };
}

/** `work`, or `timedOut()` rejected once `ms` pass first. */
export function withinBound<T>(work: Promise<T>, ms: number, timedOut: () => Error): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const bound = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(timedOut()), ms);
  });
  return Promise.race([work, bound]).finally(() => clearTimeout(timer));
}
