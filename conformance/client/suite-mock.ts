import {
  createHarness,
  type CollectionRequestRecord,
  type FaultRule,
  type HarnessConfig,
  type HttpConfig,
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

/**
 * The journal of one run through an e2e CLI: a run's input carries at most a few dozen calls (131,071 bytes), and
 * up to 16 runs of a worker (or 32 workers' on one server) are open at once within the runs' shared memory budget.
 */
const E2E_RUN_JOURNAL = { capacity: 1_000, maxBytes: 1536 * 1024 } as const;

/** How long after an e2e CLI exits its last answered request may still be on its way to the log. */
const RECORD_GRACE_MS = 20;

/** A run's journal: the clauses judge every event of one clause run from it, some with batches of thousands. */
const RUN_JOURNAL = { capacity: 20_000, maxBytes: 16 * 1024 * 1024 } as const;

/** Starts a mock: a harness on the system clock, or with `server` a run on that server (deleted by stop). */
export async function startSuiteMock(
  seed: number,
  server: string | undefined,
  httpConfig?: HttpConfig,
  journal: HarnessConfig['journal'] = RUN_JOURNAL,
): Promise<SuiteMock> {
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
    config: { journal, ...(httpConfig !== undefined ? { httpConfig } : {}) },
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

/**
 * Mock runs one at a time on one mock, each with its own write key, faults, journal and request log (the e2e-cli
 * protocol: every run of a clause is a client of its own, and a CLI that keeps state under its write key, as the
 * Kotlin and Swift ones do, starts clean). In process, runs of one harness; with `server`, runs on that server.
 */
export interface RunMocks {
  /** Opens a run; its `stop` deletes it. `reset` is not used: each run is new. */
  open(): Promise<SuiteMock>;
  /** Stops the harness (the runs on a shared server are each deleted by their own stop). */
  stop(): Promise<void>;
}

export async function startRunMocks(
  seed: number,
  server: string | undefined,
  httpConfig: HttpConfig | undefined,
): Promise<RunMocks> {
  if (server !== undefined)
    return { open: () => startSuiteMock(seed, server, httpConfig, E2E_RUN_JOURNAL), stop: async () => undefined };
  const harness = await createHarness({ seed, clock: 'system' });
  const config: HarnessConfig = { journal: E2E_RUN_JOURNAL, ...(httpConfig !== undefined ? { httpConfig } : {}) };
  return {
    async open() {
      const run = await harness.runs.create({ clock: 'system', config, name: 'event-harness check client' });
      const writeKey = run.writeKeys[0] ?? '';
      return {
        endpoint: harness.url,
        writeKey,
        requests: run.core.requests,
        async reset() {
          run.core.reset();
        },
        // The log hears of a request at the socket's finish, which may come a turn of the event loop after the client
        // held the answer (and exited): a moment for it, then what was answered is in the log.
        sync: () => new Promise((resolve) => setTimeout(resolve, RECORD_GRACE_MS)),
        addFault: (rule) => run.core.faults.add(rule),
        async entries() {
          return run.core.journal.query({ writeKey }).events;
        },
        async stop() {
          await harness.runs.delete(run.id);
        },
      };
    },
    stop: () => harness.stop(),
  };
}
