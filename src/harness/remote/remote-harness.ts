import type { HarnessConfig } from '../../contract/generated/wire-types.js';
import { UsageError } from '../../errors/config-errors.js';
import { AdminHttpClient, DEFAULT_ADMIN_REQUEST_TIMEOUT_MS } from './admin-http-client.js';
import { createRemoteClock, type RemoteClock, type RemoteFakeClock } from './remote-clock.js';
import { RemoteDeliveries } from './remote-deliveries.js';
import { RemoteFaults } from './remote-faults.js';
import { RemoteJournal } from './remote-journal.js';
import { RemoteRequestLog } from './remote-requests.js';

export interface RemoteHarnessOptions {
  /** Base URL of a running `event-harness serve`, e.g. http://127.0.0.1:4010: the harness is a run on it. */
  readonly server: string;
  /** The run's clock: 'system' (default) or 'fake' (virtual time from 2024-01-01, moved by you). */
  readonly clock?: 'fake' | 'system';
  /** The run's config, as in a config file (sources, delivery, journal, ...); without sources it gets one write key. */
  readonly config?: HarnessConfig;
  /** Overrides config.strict for this run. */
  readonly strict?: boolean;
  /** A label for people (the inspector's run picker); default the run id. */
  readonly name?: string;
  /** Real milliseconds one admin request may take (default 30,000). */
  readonly requestTimeoutMs?: number;
}

/** A harness that is a run on a shared server: the same names as a local harness, each answered over HTTP. */
export interface RemoteHarness<C extends RemoteClock = RemoteClock> {
  /** Base URL of the collection API (the shared server): point clients here with `writeKey`. */
  readonly url: string;
  /** The server the run lives on, as given. */
  readonly server: string;
  readonly runId: string;
  readonly name: string;
  /** The run's first write key: the collection API finds the run by it, no header needed. */
  readonly writeKey: string;
  readonly writeKeys: readonly string[];
  /** The run's admin API (`/__harness/runs/{id}`) and inspector page. */
  readonly adminUrl: string;
  readonly inspectorUrl: string;
  readonly clock: C;
  readonly journal: RemoteJournal;
  readonly deliveries: RemoteDeliveries;
  readonly faults: RemoteFaults;
  /** The run's collection request log; `await requests.capture()` to get each request with its body as it comes. */
  readonly requests: RemoteRequestLog;
  /** Fires due retries on the run's fake clock until nothing is pending (CLOCK_NOT_FAKE on a system clock). */
  runUntilIdle(options?: { readonly budgetMs?: number }): Promise<void>;
  /** Forgets the run's events, deliveries, faults and dedup memory; its sources and write keys stay. */
  reset(): Promise<void>;
  /** Deletes the run on the server (its deliveries stop); a second call does nothing. */
  close(): Promise<void>;
  /** The same as close(), under the name a local harness uses. */
  stop(): Promise<void>;
}

/** What POST /__harness/runs answers. */
interface RunAnswer {
  readonly id: string;
  readonly name: string;
  readonly writeKeys: readonly string[];
  readonly clock: 'fake' | 'system';
  readonly urls: { readonly collection: string; readonly admin: string; readonly inspector: string };
}

/** Options of a local harness that have no meaning for a run on a shared server. */
const LOCAL_ONLY = [
  'seed',
  'host',
  'port',
  'listen',
  'allowedHosts',
  'maxConnections',
  'sampleReceiver',
  'caCertificates',
  'transport',
  'requestLogCapacity',
  'maxRuns',
  'runIdleMs',
  'runDirectory',
] as const;

function serverUrl(server: unknown): string {
  let url: URL | undefined;
  try {
    url = typeof server === 'string' ? new URL(server) : undefined;
  } catch {
    url = undefined;
  }
  if (url === undefined || (url.protocol !== 'http:' && url.protocol !== 'https:'))
    throw new UsageError(
      `createHarness: server must be the http(s) URL of a running \`event-harness serve\`, e.g. "http://127.0.0.1:4010"; received ${JSON.stringify(server)}`,
    );
  return url.href.replace(/\/+$/, '');
}

/**
 * Creates a run on a shared server (POST /__harness/runs with the clock and config) and answers a harness over
 * it. Rejects with UsageError for options a run cannot take, ServerUnreachableError when nothing answers, and
 * AdminApiError with the server's code when it refuses the run (WRITE_KEY_TAKEN, RUN_LIMIT_REACHED, INVALID_CONFIG).
 */
export async function createRemoteHarness(
  options: RemoteHarnessOptions & { readonly clock: 'fake' },
): Promise<RemoteHarness<RemoteFakeClock>>;
export async function createRemoteHarness(options: RemoteHarnessOptions): Promise<RemoteHarness>;
export async function createRemoteHarness(options: RemoteHarnessOptions): Promise<RemoteHarness> {
  const server = serverUrl(options.server);
  const given = LOCAL_ONLY.filter((key) => (options as unknown as Record<string, unknown>)[key] !== undefined);
  if (given.length > 0)
    throw new UsageError(
      `createHarness: ${given.join(', ')} ${given.length === 1 ? 'belongs' : 'belong'} to a harness of its own; with server (a run on a shared server) pass clock, config, strict or name only`,
    );
  if (options.clock !== undefined && options.clock !== 'fake' && options.clock !== 'system')
    throw new UsageError(
      `createHarness: a run on a shared server takes clock "fake" or "system" (the clock lives on the server); received ${typeof options.clock === 'object' ? 'a Clock object' : JSON.stringify(options.clock)}`,
    );
  const timeoutMs = options.requestTimeoutMs ?? DEFAULT_ADMIN_REQUEST_TIMEOUT_MS;
  const root = new AdminHttpClient(`${server}/__harness`, timeoutMs);
  const config = options.strict === undefined ? options.config : { ...(options.config ?? {}), strict: options.strict };
  const run = await root.post<RunAnswer>('/runs', {
    ...(options.clock !== undefined ? { clock: options.clock } : {}),
    ...(options.name !== undefined ? { name: options.name } : {}),
    ...(config !== undefined ? { config } : {}),
  });
  const writeKey = run.writeKeys[0];
  if (writeKey === undefined) {
    await root.delete(`/runs/${encodeURIComponent(run.id)}`).catch(() => undefined);
    throw new UsageError(`createHarness: the run ${run.id} on ${server} has no write key; give its config a source`);
  }
  const admin = new AdminHttpClient(run.urls.admin, timeoutMs);
  const requests = new RemoteRequestLog(admin);
  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= requests.stop().then(() => root.delete(`/runs/${encodeURIComponent(run.id)}`).then(() => undefined));
    return closing;
  };
  return {
    url: run.urls.collection,
    server,
    runId: run.id,
    name: run.name,
    writeKey,
    writeKeys: run.writeKeys,
    adminUrl: run.urls.admin,
    inspectorUrl: run.urls.inspector,
    clock: createRemoteClock(admin, run.clock),
    journal: new RemoteJournal(admin),
    deliveries: new RemoteDeliveries(admin),
    faults: new RemoteFaults(admin),
    requests,
    async runUntilIdle(runOptions = {}) {
      await admin.post(
        '/clock/run-until-idle',
        runOptions,
        Math.max(timeoutMs, (runOptions.budgetMs ?? 60_000) + 5_000),
      );
    },
    async reset() {
      await admin.post('/reset');
    },
    close,
    stop: close,
  };
}
