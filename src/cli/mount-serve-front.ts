import type { Logger } from 'pino';
import { hapiServerOf, type Harness } from '../harness/create-harness.js';
import { mountCollectionFastPath } from '../server/collection-fast-path.js';
import { connectionSlotsOf } from '../server/create-server.js';
import { type IngestThreads, startIngestThreads } from '../server/ingest-threads/start-ingest-threads.js';
import { StopGate } from '../server/stop-gate.js';

/** What serve put in front of Hapi: the ingest threads (none when 0 or they could not start) and the stop gate. */
export interface ServeFront {
  readonly threads: IngestThreads | undefined;
  readonly gate: StopGate | undefined;
}

export interface ServeFrontOptions {
  /** The address serve is bound to and the --allow-host names (the fast path keeps the Host rule). */
  readonly host: string;
  readonly allowedHosts?: readonly string[];
  /** Ingest threads beside the main one (--threads). */
  readonly threads: number;
  readonly maxConnections: number;
  readonly log: Logger;
}

/**
 * What serve puts in front of Hapi: the collection fast path (accepted collection requests answered without
 * Hapi's lifecycle) and the ingest threads that read HTTP on more cores. Both stop with the server: once its socket
 * is closed no thread takes a connection, and the stop waits for what they hold.
 */
export async function mountServeFront(harness: Harness, options: ServeFrontOptions): Promise<ServeFront> {
  const hapi = hapiServerOf(harness);
  if (hapi === undefined) return { threads: undefined, gate: undefined };
  const { log, threads: count } = options;
  let gate: StopGate | undefined;
  const fastPath = mountCollectionFastPath(hapi, {
    core: harness.core,
    runs: harness.runs,
    host: options.host,
    ...(options.allowedHosts !== undefined ? { allowedHosts: options.allowedHosts } : {}),
    stopping: () => gate?.stopping === true,
  });
  const threads = await startIngestThreads({
    listener: hapi.listener,
    fastPath,
    count,
    maxConnections: options.maxConnections,
    connectionCount: connectionSlotsOf(hapi)?.counter ?? new SharedArrayBuffer(4),
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
    if (count === 0 || closing || gate?.stopping === true) return;
    if (listening === count)
      log.info({ kind: 'threads', threads: listening }, `${listening} ingest threads take the connections`);
    else
      log.warn(
        { kind: 'threads', threads: listening },
        `${listening} of ${count} ingest threads started; the main thread takes connections too`,
      );
  });
  // Last: its 'request' listener goes before the fast path's, and sees every answer of the main listener.
  gate = new StopGate(hapi.listener);
  return { threads, gate };
}
