import type { Clock, FakeClock } from '../clock/clock.js';
import { PostgresState, type PostgresStateOptions } from '../core/store/postgres-state.js';
import { UsageError } from '../errors/config-errors.js';
import { redactUrlPasswords } from '../errors/redact-url-passwords.js';
import type { HarnessConfig, HttpConfig } from '../contract/generated/wire-types.js';
import { createServer } from '../server/create-server.js';
import { SAMPLE_RECEIVER_PATH } from '../server/plugins/sample-receiver-plugin.js';
import type { WebhookTransport } from '../domain/delivery/http-transport.js';
import type { RunOptions } from '../actors/dispatcher/webhook-dispatcher.js';
import {
  createServiceCore,
  type ClockChoice,
  type ServiceCore,
  type ServiceCoreOptions,
} from '../core/service-core.js';
import { RunRegistry } from '../core/runs/run-registry.js';
import type { RunDirectory } from '../core/runs/run-directory.js';
import type { HarnessHttpServer, HarnessInjectRequest, HarnessInjectResponse } from './harness-server.js';
import type { RemoteClock, RemoteFakeClock } from './remote/remote-clock.js';
import { createRemoteHarness, type RemoteHarness, type RemoteHarnessOptions } from './remote/remote-harness.js';

export interface HarnessOptions {
  /** Absent for a harness of its own; a URL makes the harness a run on that shared server (RemoteHarnessOptions). */
  readonly server?: undefined;
  /** 'system' (default), 'fake' (virtual time from 2024-01-01, moved by you), or your own Clock. */
  readonly clock?: ClockChoice;
  readonly config?: HarnessConfig;
  readonly strict?: boolean;
  readonly seed?: number;
  readonly host?: string;
  /** Host names answered besides 127.0.0.1, localhost and [::1] while bound to loopback (DNS-rebinding guard). */
  readonly allowedHosts?: readonly string[];
  /** Open connections at most (default 1,024); past it new connections are closed at once. */
  readonly maxConnections?: number;
  /** Default 0: a free port. */
  readonly port?: number;
  /** false: no socket at all; use inject(). Default true. */
  readonly listen?: boolean;
  /**
   * Mount the built-in sample receiver and point sources created on the fly (zero-config) at it, signed
   * with SAMPLE_SECRET: the embedded default of `event-harness serve`.
   */
  readonly sampleReceiver?: boolean;
  /** PEM certificates trusted for HTTPS webhooks besides the system store. */
  readonly caCertificates?: readonly string[];
  /** Replaces HTTP for webhook deliveries. */
  readonly transport?: WebhookTransport;
  /** Collection requests remembered for GET /__harness/requests and the inspector (oldest dropped). Default 1,000. */
  readonly requestLogCapacity?: number;
  /**
   * Where state is kept: 'memory' (default) or a PostgreSQL URL (postgres://user@host:port/db), shared by every
   * process given the same URL (docs/scaling.md). An unreachable URL fails with StoreUnreachableError.
   */
  readonly store?: string;
  /** Settings of a PostgreSQL store: this node's id, the walk lease and the sweep interval (real time). */
  readonly storeOptions?: Omit<PostgresStateOptions, 'url'>;
  /** Runs that may exist besides the default run (POST /__harness/runs, harness.runs.create). Default 1,000. */
  readonly maxRuns?: number;
  /** A run no request reached for this long (real ms) is deleted at the next create or list. Default 2 h; 0 never. */
  readonly runIdleMs?: number;
  /** Where run records live. Default in memory. */
  readonly runDirectory?: RunDirectory;
  /** The `version` of webhook payloads: 1 (documented, the default) or 2 (observed); overrides config.delivery. */
  readonly payloadVersion?: 1 | 2;
  /** integrations["Segment.io"].httpConfig of the browser settings of every source; overrides config.httpConfig. */
  readonly httpConfig?: HttpConfig;
}

/** The config with the payloadVersion and httpConfig options laid over it. */
function configWithSettings(options: HarnessOptions): HarnessConfig | undefined {
  const { config, payloadVersion, httpConfig } = options;
  if (payloadVersion === undefined && httpConfig === undefined) return config;
  return {
    ...config,
    ...(payloadVersion !== undefined ? { delivery: { ...config?.delivery, payloadVersion } } : {}),
    ...(httpConfig !== undefined ? { httpConfig } : {}),
  };
}

/** The durable state a store option names, or undefined for the in-memory default. */
async function openStore(
  store: string | undefined,
  storeOptions: Omit<PostgresStateOptions, 'url'> | undefined,
): Promise<PostgresState | undefined> {
  if (store === undefined || store === 'memory') return undefined;
  if (!/^postgres(ql)?:\/\//.test(store))
    throw new UsageError(
      `store must be "memory" or a PostgreSQL URL like postgres://user@127.0.0.1:5432/harness; received ${JSON.stringify(redactUrlPasswords(store))}`,
    );
  return PostgresState.open({ ...storeOptions, url: store });
}

/** The shared secret of the embedded default's sample source and receiver. */
export const SAMPLE_SECRET = 'event-harness-sample-secret';

/** The harness; `C` is its clock's type: FakeClock for `createHarness({ clock: 'fake' })`. */
export interface Harness<C extends Clock = Clock> {
  /** Base URL of the collection and admin APIs, e.g. http://127.0.0.1:54321 (empty when not listening). */
  readonly url: string;
  readonly port: number;
  readonly clock: C;
  readonly core: ServiceCore;
  readonly journal: ServiceCore['journal'];
  readonly sources: ServiceCore['sources'];
  readonly faults: ServiceCore['faults'];
  readonly dispatcher: ServiceCore['dispatcher'];
  readonly deletions: ServiceCore['deletions'];
  readonly audiences: ServiceCore['audiences'];
  /**
   * The runs (tenants) on this harness: `await harness.runs.create({ clock: 'fake' })` makes a run with its own write
   * key, clock, faults and journal (docs/runs.md). Everything above is the default run's.
   */
  readonly runs: RunRegistry;
  /** Fires due retries on the fake clock, letting real I/O settle between them, until nothing is pending. */
  runUntilIdle(options?: RunOptions): Promise<void>;
  /** Resolves when no delivery attempt is queued or in flight. */
  settled(): Promise<void>;
  readonly server: HarnessHttpServer;
  /** A request without a socket (Hapi's server.inject): a URL for a GET, or the request. */
  inject(request: string | HarnessInjectRequest): Promise<HarnessInjectResponse>;
  reset(): void;
  stop(): Promise<void>;
}

/**
 * The whole mock service in-process: `const harness = await createHarness({ clock: 'fake' })`, point a
 * client at `harness.url`, assert on `harness.journal`, then `await harness.stop()`.
 */
export async function createHarness(
  options: RemoteHarnessOptions & { readonly clock: 'fake' },
): Promise<RemoteHarness<RemoteFakeClock>>;
export async function createHarness(options: RemoteHarnessOptions): Promise<RemoteHarness<RemoteClock>>;
export async function createHarness(options: HarnessOptions & { readonly clock: 'fake' }): Promise<Harness<FakeClock>>;
export async function createHarness<C extends Clock>(
  options: HarnessOptions & { readonly clock: C },
): Promise<Harness<C>>;
export async function createHarness(options?: HarnessOptions): Promise<Harness>;
export async function createHarness(
  options: HarnessOptions | RemoteHarnessOptions = {},
): Promise<Harness | RemoteHarness> {
  // `server` given: a run on that shared server instead of a server of its own (docs/runs.md, "Shared server").
  if (options.server !== undefined) return createRemoteHarness(options);
  return createLocalHarness(options);
}

/** How a local harness listens, beyond what its options say: serve's choices, not a user's. */
export interface HarnessListening {
  /** The port is bound with reusePort, so serve's ingest threads bind it too (see PortSharingServer). */
  readonly reusePort?: boolean;
}

/** What the cores of a harness share, the default run's and those of runs made later: transport, CAs, request log. */
function sharedCoreOptions(options: HarnessOptions): ServiceCoreOptions {
  return {
    ...(options.caCertificates !== undefined ? { caCertificates: options.caCertificates } : {}),
    ...(options.transport !== undefined ? { transport: options.transport } : {}),
    ...(options.requestLogCapacity !== undefined ? { requestLogCapacity: options.requestLogCapacity } : {}),
  };
}

function defaultCoreOf(options: HarnessOptions, durable: PostgresState | undefined): ServiceCore {
  const config = configWithSettings(options);
  return createServiceCore({
    ...sharedCoreOptions(options),
    ...(durable !== undefined ? { durable } : {}),
    ...(options.clock !== undefined ? { clock: options.clock } : {}),
    ...(config !== undefined ? { config } : {}),
    ...(options.strict !== undefined ? { strict: options.strict } : {}),
    ...(options.seed !== undefined ? { seed: options.seed } : {}),
    ...(options.sampleReceiver === true ? { sampleReceiverSecret: SAMPLE_SECRET } : {}),
  });
}

/**
 * The runs of a harness: a run's core is built like the default one, with the run's clock and config; with a store,
 * each run keeps its state in the same database under its own id, closed when the run is deleted.
 */
function runsOf(
  options: HarnessOptions,
  core: ServiceCore,
  durable: PostgresState | undefined,
  runStates: Map<string, PostgresState>,
): RunRegistry {
  const directory = options.runDirectory ?? durable?.runDirectory();
  const runs = new RunRegistry({
    defaultCore: core,
    createCore: async (id, run) => {
      const runDurable = await durable?.openRun(id);
      if (runDurable !== undefined) runStates.set(id, runDurable);
      const runCore = createServiceCore({
        ...sharedCoreOptions(options),
        clock: run.clock,
        config: run.config,
        seed: core.seed,
        ...(runDurable !== undefined ? { durable: runDurable } : {}),
      });
      await runDurable?.attach(runCore);
      return runCore;
    },
    ...(options.maxRuns !== undefined ? { maxRuns: options.maxRuns } : {}),
    ...(options.runIdleMs !== undefined ? { idleMs: options.runIdleMs } : {}),
    ...(directory !== undefined ? { directory } : {}),
  });
  runs.onChange(({ kind, run }) => {
    const state = runStates.get(run.id);
    if (kind !== 'deleted' || state === undefined) return;
    runStates.delete(run.id);
    void state.close();
  });
  return runs;
}

/** Starts the server (or only initializes it, for inject), and answers the URL it listens at ('' when it does not). */
async function startListening(server: Awaited<ReturnType<typeof createServer>>, listen: boolean): Promise<string> {
  if (!listen) {
    await server.initialize();
    return '';
  }
  await server.start();
  const host = server.info.host.includes(':') ? `[${server.info.host}]` : server.info.host;
  return `http://${host}:${server.info.port as number}`;
}

/** createHarness() without `server`: a harness of its own. Serve calls it with how it listens. */
export async function createLocalHarness(options: HarnessOptions, listening: HarnessListening = {}): Promise<Harness> {
  const durable = await openStore(options.store, options.storeOptions);
  const runStates = new Map<string, PostgresState>();
  const core = defaultCoreOf(options, durable);
  const runs = runsOf(options, core, durable, runStates);
  const server = await createServer({
    core,
    runs,
    host: options.host ?? '127.0.0.1',
    port: options.port ?? 0,
    ...(options.allowedHosts !== undefined ? { allowedHosts: options.allowedHosts } : {}),
    ...(options.maxConnections !== undefined ? { maxConnections: options.maxConnections } : {}),
    ...(options.sampleReceiver === true ? { sampleReceiver: { secret: SAMPLE_SECRET } } : {}),
    ...(listening.reusePort === true ? { reusePort: true } : {}),
  });
  // Loaded before the server answers: a restarted node answers with everything committed before.
  if (durable !== undefined) await durable.attach(core);
  // Replicas on one database: runs other nodes create are routed here by write key from their first request.
  await runs.follow();
  const url = await startListening(server, options.listen ?? true);
  if (options.sampleReceiver === true && url !== '') {
    // Deliveries to this server's own receiver are handed over in process (same bytes, headers and records).
    core.sampleReceiver?.servesAt(`${url}${SAMPLE_RECEIVER_PATH}`);
    core.sources.setDefaultWebhooks({
      sharedSecret: SAMPLE_SECRET,
      webhooks: [{ url: `${url}${SAMPLE_RECEIVER_PATH}` }],
    });
  }
  const harness: Harness = {
    url,
    port: url === '' ? 0 : (server.info.port as number),
    clock: core.clock,
    core,
    journal: core.journal,
    sources: core.sources,
    faults: core.faults,
    dispatcher: core.dispatcher,
    deletions: core.deletions,
    audiences: core.audiences,
    runs,
    runUntilIdle: (runOptions) => core.dispatcher.runUntilIdle(runOptions),
    settled: () => core.dispatcher.settled(),
    server,
    inject: async (request) =>
      server.inject(typeof request === 'string' ? request : { ...request, headers: { ...request.headers } }),
    reset: () => core.reset(),
    async stop() {
      // Closed first: what was written is committed, and the clearing that stopping does is not shared.
      await Promise.all([...runStates.values()].map((state) => state.close()));
      await durable?.close();
      await server.stop({ timeout: 0 });
    },
  };
  hapiServers.set(harness, server);
  return harness;
}

// The Hapi server behind each harness, for the adapters above the harness (serve starts its threads on it);
// the public `harness.server` shows users only what they may rely on.
const hapiServers = new WeakMap<Harness, Awaited<ReturnType<typeof createServer>>>();

/** The Hapi server behind a harness made by createHarness (serve starts its ingest threads and stop gate on it). */
export function hapiServerOf(harness: Harness): Awaited<ReturnType<typeof createServer>> | undefined {
  return hapiServers.get(harness);
}
