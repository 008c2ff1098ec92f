import {
  createHarness,
  type CollectionRequestRecord,
  type FaultRule,
  type JournalEntry,
  type ServedCollectionRequest,
} from '../../src/index.js';
import type { CollectionRequestFeed } from './request-log.js';

/** The write key the driver gets in EVENT_HARNESS_WRITE_KEY from a mock of the suite's own (zero-config sources). */
export const SUITE_WRITE_KEY = 'eh-client-suite-key';

/**
 * The mock collection API one worker of the client suite plays: a harness of its own, or a run on a shared
 * server (`--server`). The clauses see the same either way: requests with their bodies, faults, the journal.
 */
export interface SuiteMock {
  /** Base URL the driver sends to (EVENT_HARNESS_ENDPOINT). */
  readonly endpoint: string;
  /** The write key the driver gets (EVENT_HARNESS_WRITE_KEY); on a shared server, the run's own. */
  readonly writeKey: string;
  readonly requests: CollectionRequestFeed;
  /** Forgets events and faults before a run of a clause; every request answered before it has reached `requests`. */
  reset(): Promise<void>;
  /** Resolves once every request answered so far has reached `requests` (a shared server's log is read by polling). */
  sync(): Promise<void>;
  addFault(rule: FaultRule): Promise<void>;
  /** Journal entries of the mock's write key, any status. */
  entries(): Promise<readonly JournalEntry[]>;
  /** Stops the mock (deletes the run on a shared server). */
  stop(): Promise<void>;
}

/** Starts a mock: a harness on the system clock, or with `server` a run on that server (deleted by stop). */
export async function startSuiteMock(seed: number, server: string | undefined): Promise<SuiteMock> {
  if (server === undefined) {
    const harness = await createHarness({ seed, clock: 'system' });
    return {
      endpoint: harness.url,
      writeKey: SUITE_WRITE_KEY,
      requests: harness.core.requests,
      async reset() {
        harness.reset();
      },
      // In process, the core hands every request to the log as it is answered.
      sync: async () => undefined,
      async addFault(rule) {
        harness.faults.add(rule);
      },
      async entries() {
        return harness.journal.query({ writeKey: SUITE_WRITE_KEY }).events;
      },
      stop: () => harness.stop(),
    };
  }
  // A run's default journal is its share of the server's budget for runs (1,000 entries at 1,000 runs); the
  // clauses judge every event of one clause run from it, some with batches of thousands.
  const run = await createHarness({
    server,
    clock: 'system',
    name: 'event-harness check client',
    config: { journal: { capacity: 20_000, maxBytes: 16 * 1024 * 1024 } },
  });
  try {
    await run.requests.capture();
  } catch (error) {
    await run.close().catch(() => undefined);
    throw error;
  }
  return {
    endpoint: run.url,
    writeKey: run.writeKey,
    requests: {
      subscribe: (listener: (record: CollectionRequestRecord, served: ServedCollectionRequest) => void) =>
        run.requests.subscribe(listener),
    },
    async reset() {
      // The feed polls: take in what the previous client sent first, so the caller's clear() drops all of it.
      await run.requests.catchUp();
      await run.reset();
    },
    sync: () => run.requests.catchUp(),
    addFault: (rule) => run.faults.add(rule),
    entries: () => run.journal.events({ writeKey: run.writeKey }),
    stop: () => run.close(),
  };
}
