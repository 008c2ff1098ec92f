import type { Logger } from 'pino';
import { hapiServerOf, type Harness } from '../harness/create-harness.js';
import { serverFrontOf } from '../server/create-server.js';
import { type IngestThreads, startIngestThreads } from '../server/ingest-threads/start-ingest-threads.js';
import { StopGate } from '../server/stop-gate.js';
import { plural } from './plural.js';

/** What serve put on its server: the ingest threads (none when 0 or the Node line cannot share a port) and the stop gate. */
export interface ServeFront {
  readonly threads: IngestThreads | undefined;
  readonly gate: StopGate | undefined;
}

export interface ServeFrontOptions {
  /** Ingest threads beside the main one (--threads; 0 where the Node line has no reusePort). */
  readonly threads: number;
  readonly maxConnections: number;
  readonly log: Logger;
}

/**
 * What serve adds to the server createHarness made (whose listener already answers /v1/ through the collection door
 * and listens with reusePort when threads are asked for): the ingest threads that read HTTP on more cores and hand
 * the same door their requests, and the stop gate. Both stop with the server: no thread takes a connection once it
 * stops, and the stop waits for what they hold.
 */
export async function mountServeFront(harness: Harness, options: ServeFrontOptions): Promise<ServeFront> {
  const hapi = hapiServerOf(harness);
  const front = hapi === undefined ? undefined : serverFrontOf(hapi);
  if (hapi === undefined || front === undefined) return { threads: undefined, gate: undefined };
  const { log, threads: count } = options;
  const gate = new StopGate(hapi.listener, front.door);
  if (count === 0) return { threads: undefined, gate };
  const threads = await startIngestThreads({
    listener: hapi.listener,
    door: front.door,
    answer: front.answer,
    count,
    maxConnections: options.maxConnections,
    connectionCount: front.slots.counter,
    onThreadError: (error) => log.warn({ kind: 'thread', error: error.message }, `ingest threads: ${error.message}`),
  });
  let closing = false;
  hapi.events.on('closing', () => {
    closing = true;
    void threads.stop();
  });
  hapi.ext('onPostStop', () => threads.stop());
  void threads.ready.then((listening) => {
    // A server stopped while its threads were starting ends them unstarted: nothing to warn of.
    if (closing || gate.stopping) return;
    if (listening === count)
      log.info(
        { kind: 'threads', threads: listening },
        `${plural(listening, 'ingest thread')} take${listening === 1 ? 's' : ''} connections beside the main thread`,
      );
    else
      log.warn(
        { kind: 'threads', threads: listening },
        `${listening} of ${count} ingest threads started; the main thread and the others take the connections`,
      );
  });
  return { threads, gate };
}
