import type { Logger } from 'pino';
import type { Harness } from '../harness/create-harness.js';
import type { ServeFront } from './mount-serve-front.js';
import { drainDeliveries } from './drain-deliveries.js';

/**
 * The bound on `serve`'s whole stop, from the signal to the exit (docs/limits.md "Stopping serve"): under the 10 s a
 * container runtime commonly gives before SIGKILL. Walks and answers in flight get DRAIN_MS of it; the stores close
 * in what is left; past the bound the process exits anyway, saying what it was waiting for.
 */
export const STOP_BOUND_MS = 8_000;

/** Real time the walks and the answers in flight get to finish when serve is told to stop. */
export const STOP_DRAIN_MS = 5_000;

/**
 * Stops taking work at once (the listening socket closed, kept-alive connections closed after their request, new
 * collection requests answered 503 with Retry-After), lets what was taken finish within STOP_DRAIN_MS, says what it
 * leaves (with the memory store: dropped, counted; with PostgreSQL: pending in the store, nothing lost), then closes
 * the server and the stores.
 */
export async function stopServe(
  harness: Harness,
  front: ServeFront,
  log: Logger,
  signal: NodeJS.Signals,
): Promise<void> {
  const started = Date.now();
  const watchdog = setTimeout(() => {
    log.warn(
      { kind: 'stop-bound', boundMs: STOP_BOUND_MS },
      `not stopped within ${STOP_BOUND_MS} ms of ${signal}; exiting now`,
    );
    process.exit(process.exitCode ?? 0);
  }, STOP_BOUND_MS);
  watchdog.unref();
  front.gate?.stop();
  const threadsStopped = front.threads?.stop();
  const [drained] = await Promise.all([
    drainDeliveries(harness.dispatcher, STOP_DRAIN_MS),
    front.gate?.settled(STOP_DRAIN_MS),
    threadsStopped,
  ]);
  if (harness.core.durable !== undefined) {
    // Nothing is lost: every pending delivery is in the store, and another node (or the next start) walks it.
    log.info(
      { kind: 'left-in-store', pending: drained.dropped, inFlight: drained.inFlight },
      `stopping with ${drained.dropped} webhook deliveries pending in the store (${drained.inFlight} in flight: walked again once their lease runs out); another node or the next start delivers them`,
    );
  } else if (drained.dropped > 0)
    // Nothing dropped without a word, whatever the log level.
    log.warn(
      { kind: 'dropped', ...drained },
      `stopping with ${drained.dropped} undelivered webhook deliveries (${drained.inFlight} in flight, ${drained.queued} queued, ${drained.scheduled} waiting for a retry); they are dropped: ${drained.ids.join(', ')}`,
    );
  else log.info({ kind: 'drained' }, 'every webhook delivery finished');
  await harness.stop();
  clearTimeout(watchdog);
  log.info({ kind: 'stopped', ms: Date.now() - started }, `stopped in ${Date.now() - started} ms`);
  // Everything is closed: a timer some library still holds (a query's own timeout) does not keep the process.
  setTimeout(() => process.exit(process.exitCode ?? 0), EXIT_AFTER_STOP_MS).unref();
}

/** After the stop, the moment left to write the last lines before the process exits whatever still holds it. */
const EXIT_AFTER_STOP_MS = 200;
