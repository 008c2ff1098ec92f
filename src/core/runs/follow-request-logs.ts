import type { RequestLogListener } from '../collection/request-log.js';
import type { Run, RunRegistry } from './run-registry.js';

/**
 * Hears every collection request any run's request log records (each run keeps its own: see the collection door),
 * those of runs built later included, with the run it reached. Returns the unsubscribe.
 */
export function followRequestLogs(
  runs: RunRegistry,
  listener: (run: Run, ...heard: Parameters<RequestLogListener>) => void,
): () => void {
  const unsubscribes = new Map<Run, () => void>();
  const follow = (run: Run) => {
    if (!unsubscribes.has(run))
      unsubscribes.set(
        run,
        run.core.requests.subscribe((...heard) => listener(run, ...heard)),
      );
  };
  for (const run of runs.built()) follow(run);
  const stopFollowing = runs.onChange(({ kind, run }) => {
    if (kind === 'created') follow(run);
    else {
      unsubscribes.get(run)?.();
      unsubscribes.delete(run);
    }
  });
  return () => {
    stopFollowing();
    for (const unsubscribe of unsubscribes.values()) unsubscribe();
    unsubscribes.clear();
  };
}
