import type { CliIo, CommandModule } from '../command.js';
import { loadConfigFile } from '../../core/config/load-config.js';
import { createLocalHarness, type Harness, type HarnessOptions } from '../../harness/create-harness.js';
import { HarnessError } from '../../errors/harness-error.js';
import { UsageError } from '../../errors/config-errors.js';
import { redactUrlPasswords } from '../../errors/redact-url-passwords.js';
import { integerOption, type ParsedValues, parseOptions } from '../parse-options.js';
import { inspectorPlugin } from '../../server/plugins/inspector-plugin.js';
import { ServerStartError } from '../../errors/server-errors.js';
import {
  createServeLogger,
  logHarnessActivity,
  type HarnessActivityLog,
  type ServeLogFormat,
  type ServeLogLevel,
} from '../serve-log.js';
import { describeStartFailure } from '../describe-start-failure.js';
import { importRunFile } from '../import-run-file.js';
import type { Logger } from 'pino';
import { stopServe } from '../serve-stop.js';
import { DEFAULT_MAX_CONNECTIONS } from '../../server/create-server.js';
import { defaultIngestThreads, MAX_INGEST_THREADS } from '../../server/ingest-threads/start-ingest-threads.js';
import { supportsReusePort } from '../../server/port-sharing-server.js';
import { mountServeFront, type ServeFront } from '../mount-serve-front.js';
import { plural } from '../plural.js';
import { StoreUnreachableError, StoreConnectionLimitError } from '../../errors/store-errors.js';

const HELP = `usage: event-harness serve [options]

Runs the mock service: the collection API, the signed webhook dispatcher, the admin API under /__harness
and the inspector page at /. Prints "event-harness listening on http://HOST:PORT" on stdout when ready, then
one line per request, event and delivery attempt on stderr (past 200 such routine lines a second, one summary
line a second counts the rest; warnings are all written); stops on SIGINT or SIGTERM.

options:
  --port N                 port to listen on (default 0: a free port)
  --host H                 address to bind (default 127.0.0.1)
  --config FILE            sources, webhook URLs, secrets, CAs (JSON); see docs/mock-service.md
  --clock fake|system      fake: time moves only through the admin API or the inspector (default system)
  --strict                 answer 400 listing every rule an event breaks, instead of 200 and a rejected entry
  --seed S                 seed of fault shares and retry jitter, so a run replays
  --import FILE            load a journal and deliveries saved from GET /__harness/export (NDJSON)
  --quiet                  only the listening line and errors
  --log-format pretty|json readable lines (default) or JSON lines for machines
  --log-level LEVEL        silent, warn, info (default) or debug (also DEBUG=event-harness)
  --allow-host NAME        answer for this Host name too (repeatable); bound to loopback the mock answers
                           only for 127.0.0.1, localhost and [::1], against DNS rebinding
  --max-connections N      open connections at most (default 1024)
  --block-private-targets  refuse webhook URLs on private, loopback and link-local addresses (shared deployments)
  --store URL              keep state in PostgreSQL (postgres://user@host:port/db; also EVENT_HARNESS_STORE):
                           it survives restarts, and serve processes given the same URL act as one service
  --node-id ID             this process's id among those sharing the store (default: random)
  --lease-ms N             how long a delivery walk is this node's before another takes it over (default 60000)
  --store-connections N    connections to the store this node opens at most, shared by every run (default 10,
                           and one more to LISTEN); refused at start when PostgreSQL's max_connections cannot
                           give them
  --max-runs N             runs (tenants) at most besides the default run (default 1000); see docs/runs.md
  --threads N|auto         threads beside the main one that read HTTP requests (default auto: one per CPU
                           but the main thread's, 1 to 4; 0: the main thread alone); the service's state
                           stays on the main thread

The built-in sample receiver at /__harness/sample-receiver verifies signatures; with no --config every write
key works and its events are delivered there, signed with "event-harness-sample-secret".

Runs: POST /__harness/runs creates a run (its own write key, clock, faults, journal and deliveries) on this
server; /__harness/runs/{id}/... is its admin API, and its write key sends its events to it. Runs idle for
2 hours are deleted.

examples:
  event-harness serve --port 4010 --clock fake
  event-harness serve --config harness.json --log-format json > /dev/null 2> harness.log
  event-harness serve --import saved-run.ndjson`;

const LOG_LEVELS: readonly ServeLogLevel[] = ['silent', 'warn', 'info', 'debug'];

/** The log's level and format from the options and the environment; the error names a bad value. */
export function serveLogOptions(
  values: { quiet?: boolean; 'log-format'?: string; 'log-level'?: string },
  io: CliIo,
): { format: ServeLogFormat; level: ServeLogLevel } {
  const format = values['log-format'] ?? 'pretty';
  if (format !== 'pretty' && format !== 'json')
    throw new UsageError(`serve: --log-format must be pretty or json; received ${JSON.stringify(format)}`);
  const debugEnv = /(^|,)\s*(event-harness|\*)\s*(,|$)/.test(io.env.DEBUG ?? '');
  const given = values['log-level'];
  if (given !== undefined && !(LOG_LEVELS as readonly string[]).includes(given))
    throw new UsageError(`serve: --log-level must be silent, warn, info or debug; received ${JSON.stringify(given)}`);
  if (values.quiet === true && given !== undefined)
    throw new UsageError('serve: --quiet and --log-level both set the log level; give one of them');
  const level =
    values.quiet === true ? 'warn' : ((given as ServeLogLevel | undefined) ?? (debugEnv ? 'debug' : 'info'));
  return { format, level };
}

/** createHarness, with a failure to listen turned into a one-line ServerStartError. */
async function startHarness(
  options: HarnessOptions & { host: string; port: number },
  reusePort: boolean,
): Promise<Harness> {
  try {
    return await createLocalHarness(options, { reusePort });
  } catch (error) {
    if (error instanceof StoreUnreachableError || error instanceof StoreConnectionLimitError)
      throw new ServerStartError(`serve: ${error.message}`, { cause: error });
    const line = describeStartFailure(error, options);
    if (line !== undefined) throw new ServerStartError(`serve: ${line}`, { cause: error });
    throw error;
  }
}

/** Resolves when the process is asked to stop. */
function untilSignal(): Promise<NodeJS.Signals> {
  return new Promise((resolve) => {
    const onSignal = (signal: NodeJS.Signals) => {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
      resolve(signal);
    };
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
  });
}

const SERVE_OPTIONS = {
  port: { type: 'string' },
  host: { type: 'string' },
  config: { type: 'string' },
  clock: { type: 'string' },
  strict: { type: 'boolean' },
  seed: { type: 'string' },
  import: { type: 'string' },
  quiet: { type: 'boolean', short: 'q' },
  'log-format': { type: 'string' },
  'log-level': { type: 'string' },
  'allow-host': { type: 'string', multiple: true },
  'max-connections': { type: 'string' },
  'block-private-targets': { type: 'boolean' },
  store: { type: 'string' },
  'node-id': { type: 'string' },
  'lease-ms': { type: 'string' },
  'store-connections': { type: 'string' },
  'max-runs': { type: 'string' },
  threads: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

type ServeValues = ParsedValues<typeof SERVE_OPTIONS>;

/** --store (or EVENT_HARNESS_STORE) and its settings, checked. */
function storeOptionsOf(values: ServeValues, io: CliIo): Pick<HarnessOptions, 'store' | 'storeOptions'> {
  const leaseMs = integerOption('serve', 'lease-ms', values['lease-ms'], 100, 86_400_000);
  const poolSize = integerOption('serve', 'store-connections', values['store-connections'], 2, 1_000);
  const store = values.store ?? (io.env.EVENT_HARNESS_STORE || undefined);
  if (store === undefined) return {};
  if (store !== 'memory' && !/^postgres(ql)?:\/\//.test(store))
    throw new UsageError(
      `serve: ${values.store !== undefined ? '--store' : 'EVENT_HARNESS_STORE'} must be "memory" or a PostgreSQL URL like postgres://user@127.0.0.1:5432/harness; received ${JSON.stringify(redactUrlPasswords(store))}`,
    );
  const storeOptions = {
    ...(values['node-id'] !== undefined ? { nodeId: values['node-id'] } : {}),
    ...(leaseMs !== undefined ? { leaseMs } : {}),
    ...(poolSize !== undefined ? { poolSize } : {}),
  };
  return { store, storeOptions };
}

/** The ingest threads asked for (--threads), and how many this Node line can run: none without reusePort. */
interface ThreadChoice {
  readonly asked: number;
  readonly auto: boolean;
  readonly count: number;
}

function threadsOf(values: ServeValues): ThreadChoice {
  const threads = values.threads ?? 'auto';
  if (threads !== 'auto' && !(/^\d+$/.test(threads) && Number(threads) <= MAX_INGEST_THREADS))
    throw new UsageError(
      `serve: --threads must be auto or a whole number from 0 to ${MAX_INGEST_THREADS}; received ${JSON.stringify(threads)}`,
    );
  const asked = threads === 'auto' ? defaultIngestThreads() : Number(threads);
  // Threads share the port through reusePort: where the Node line has none, the main thread reads every request.
  return { asked, auto: threads === 'auto', count: supportsReusePort() ? asked : 0 };
}

/** Why serve runs without the threads asked for, for the listening line (undefined when it runs them). */
function noThreadsReason(threads: ThreadChoice): string | undefined {
  if (threads.asked === 0 || threads.count > 0) return undefined;
  return `Node ${process.version} on ${process.platform} cannot bind one port from several threads (the listen option reusePort needs Node 22.12 or later, on Linux or FreeBSD)`;
}

/** The config file with --block-private-targets laid over it, and the CAs it names. */
async function configOf(values: ServeValues, io: CliIo): Promise<Pick<HarnessOptions, 'config' | 'caCertificates'>> {
  const loaded = values.config === undefined ? undefined : await loadConfigFile(values.config, io.cwd);
  const blocked = values['block-private-targets'] === true ? { blockPrivateTargets: true } : undefined;
  const config =
    blocked === undefined
      ? loaded?.config
      : { ...loaded?.config, delivery: { ...loaded?.config.delivery, ...blocked } };
  return {
    ...(config !== undefined ? { config } : {}),
    ...(loaded !== undefined ? { caCertificates: loaded.caCertificates } : {}),
  };
}

function checkAllowedHosts(names: readonly string[]): void {
  for (const name of names) {
    if (!/^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)$/i.test(name))
      throw new UsageError(
        `serve: --allow-host takes a host name or an address like mock.internal or [fd00::1]; received ${JSON.stringify(name)}`,
      );
  }
}

/** The harness serve runs, from its options: everything checked, each a usage error naming what is wrong. */
async function harnessOptionsOf(
  values: ServeValues,
  io: CliIo,
): Promise<HarnessOptions & { host: string; port: number }> {
  const port = integerOption('serve', 'port', values.port, 0, 65_535) ?? 0;
  const seed = integerOption('serve', 'seed', values.seed, 0, 2 ** 31 - 1);
  const maxConnections = integerOption('serve', 'max-connections', values['max-connections'], 1, 1_000_000);
  const maxRuns = integerOption('serve', 'max-runs', values['max-runs'], 0, 1_000_000);
  const allowedHosts = values['allow-host'];
  if (allowedHosts !== undefined) checkAllowedHosts(allowedHosts);
  const clock = values.clock ?? 'system';
  if (clock !== 'fake' && clock !== 'system')
    throw new UsageError(`serve: --clock must be fake or system; received ${JSON.stringify(clock)}`);
  return {
    port,
    host: values.host ?? '127.0.0.1',
    clock,
    ...(values.strict === true ? { strict: true } : {}),
    ...(seed !== undefined ? { seed } : {}),
    // The sample receiver is mounted beside a config file too: zero-config sources deliver to it, and a
    // configured webhook may name its URL.
    sampleReceiver: true,
    ...(allowedHosts !== undefined ? { allowedHosts } : {}),
    ...(maxConnections !== undefined ? { maxConnections } : {}),
    ...(maxRuns !== undefined ? { maxRuns } : {}),
    ...storeOptionsOf(values, io),
  };
}

/** A started serve: its harness, log and front, and why it runs without the threads asked for (if it does). */
export interface StartedServe {
  readonly harness: Harness;
  readonly log: Logger;
  readonly activity: HarnessActivityLog;
  readonly front: ServeFront;
  readonly noThreads: string | undefined;
}

export async function startServe(args: readonly string[], io: CliIo): Promise<StartedServe | number> {
  const { values } = parseOptions('serve', args, SERVE_OPTIONS);
  if (values.help === true) {
    io.stdout.write(`${HELP}\n`);
    return 0;
  }
  const options = await harnessOptionsOf(values, io);
  const threads = threadsOf(values);
  const { format, level } = serveLogOptions(values, io);
  const harness = await startHarness({ ...options, ...(await configOf(values, io)) }, threads.count > 0);
  // The inspector page at / and its update stream: mounted here, not in createHarness(), so a harness per test
  // pays nothing for it.
  await harness.server.register({ plugin: inspectorPlugin, options: { core: harness.core, runs: harness.runs } });
  const log = createServeLogger({
    format,
    level,
    stream: io.stderr,
    color: format === 'pretty' && (io.stderr as { isTTY?: boolean }).isTTY === true && io.env.NO_COLOR === undefined,
  });
  const noThreads = noThreadsReason(threads);
  // Asked for by number, threads this Node line cannot run are a warning; by default the listening line says it.
  if (noThreads !== undefined && !threads.auto)
    log.warn({ kind: 'threads', threads: 0, reusePort: false }, `no ingest threads: ${noThreads}`);
  const front = await mountServeFront(harness, {
    threads: threads.count,
    maxConnections: options.maxConnections ?? DEFAULT_MAX_CONNECTIONS,
    log,
  });
  // Imported entries are history, not activity: they are loaded before the log listens.
  if (values.import !== undefined) await importInto(harness, values.import, io, log);
  const activity = logHarnessActivity(harness, log);
  return { harness, log, activity, front, noThreads };
}

async function importInto(harness: Harness, file: string, io: CliIo, log: Logger): Promise<void> {
  const imported = await importRunFile(harness, file, io.cwd).catch(async (error: unknown) => {
    await harness.stop();
    throw error;
  });
  log.info(
    { kind: 'import', file, ...imported },
    `imported ${imported.events} events, ${imported.deliveries} deliveries and ${imported.audiences} audiences from ${file}`,
  );
}

/** The start's failure as the command reports it: its exit code (2 for usage, 1 when the server could not start). */
function startFailure(error: unknown, io: CliIo): number {
  if (!(error instanceof HarnessError)) throw error;
  // Every start error names the command, as the option errors do ("serve: --port must be ...").
  io.stderr.write(`event-harness ${/^serve: /.test(error.message) ? '' : 'serve: '}${error.message}\n`);
  if (error instanceof UsageError) io.stderr.write(`\nRun \`event-harness serve --help\` for every option.\n`);
  return error instanceof ServerStartError ? 1 : 2;
}

function listeningLine(started: StartedServe): void {
  const { harness, log, front, noThreads } = started;
  const count = front.threads?.count ?? 0;
  const threads = `${plural(count, 'ingest thread')}${noThreads !== undefined ? `: ${noThreads}` : ''}`;
  log.info(
    { kind: 'listening', url: harness.url, clock: harness.clock.mode, threads: count },
    `listening on ${harness.url} (${harness.clock.mode} clock, ${threads}); the inspector is at ${harness.url}/; runs (tenants) at ${harness.url}/__harness/runs`,
  );
}

export async function run(args: readonly string[], io: CliIo): Promise<number> {
  let started: StartedServe | number;
  try {
    started = await startServe(args, io);
  } catch (error) {
    return startFailure(error, io);
  }
  if (typeof started === 'number') return started;
  const { harness, log, activity, front } = started;
  const stopped = untilSignal();
  io.stdout.write(`event-harness listening on ${harness.url}\n`);
  listeningLine(started);
  const signal = await stopped;
  // The summary of routine lines not yet written comes before the stopping line.
  activity.flush();
  log.info({ kind: 'stopping', signal }, `${signal}: stopping`);
  await stopServe(harness, front, log, signal);
  const { threads } = front;
  if (threads !== undefined) {
    const forwarded = threads.forwarded();
    log.info(
      { kind: 'threads', threads: threads.count, forwarded },
      `the ${plural(threads.count, 'ingest thread')} handed ${plural(forwarded, 'collection request')} to the core`,
    );
  }
  return 0;
}

export const summary = 'run the mock service (collection API, webhook dispatcher, admin API)';
export const serveCommand: CommandModule = { run, summary };
