import type { CliIo, CommandModule } from '../command.js';
import { loadConfigFile } from '../../config/load-config.js';
import { createHarness, type Harness } from '../../harness/create-harness.js';
import { HarnessError } from '../../errors/harness-error.js';
import { UsageError } from '../../errors/usage-error.js';
import { integerOption, parseOptions } from '../parse-options.js';
import { inspectorPlugin } from '../../server/plugins/inspector-plugin.js';
import { redactDelivery } from '../../server/redact-delivery.js';
import { drainDeliveries } from '../drain-deliveries.js';

const HELP = `usage: event-harness serve [--port N] [--host H] [--config FILE] [--clock fake|system] [--strict] [--seed S] [--log-level silent|info|debug]
                           [--allow-host NAME]... [--max-connections N] [--block-private-targets]

Runs the mock service. With no --config: zero-config sources (any write key works) whose events are
delivered, signed, to the built-in sample receiver at /__harness/sample-receiver.
Open http://HOST:PORT/ in a browser for the inspector page (events, deliveries, clock, faults).
Prints "event-harness listening on http://HOST:PORT" when ready; stops on SIGINT or SIGTERM.
Bound to loopback it answers only for 127.0.0.1, localhost and [::1] (DNS rebinding): --allow-host adds names.
--block-private-targets refuses webhook URLs on private, loopback and link-local addresses (shared deployments).`;

type LogLevel = 'silent' | 'info' | 'debug';

function logger(io: CliIo, level: LogLevel) {
  return (lvl: 'info' | 'debug', msg: string, fields: Record<string, unknown> = {}) => {
    if (level === 'silent' || (level === 'info' && lvl === 'debug')) return;
    io.stderr.write(`${JSON.stringify({ level: lvl, time: new Date().toISOString(), msg, ...fields })}\n`);
  };
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

export async function startServe(args: readonly string[], io: CliIo): Promise<{ harness: Harness; log: ReturnType<typeof logger> } | number> {
  const { values } = parseOptions('serve', args, {
    port: { type: 'string' },
    host: { type: 'string' },
    config: { type: 'string' },
    clock: { type: 'string' },
    strict: { type: 'boolean' },
    seed: { type: 'string' },
    'log-level': { type: 'string' },
    'allow-host': { type: 'string', multiple: true },
    'max-connections': { type: 'string' },
    'block-private-targets': { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  });
  if (values.help === true) {
    io.stdout.write(`${HELP}\n`);
    return 0;
  }
  const port = integerOption('serve', 'port', values.port, 0, 65_535) ?? 0;
  const seed = integerOption('serve', 'seed', values.seed, 0, 2 ** 31 - 1);
  const maxConnections = integerOption('serve', 'max-connections', values['max-connections'], 1, 1_000_000);
  for (const name of values['allow-host'] ?? []) {
    if (!/^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)$/i.test(name)) throw new UsageError(`serve: --allow-host takes a host name or an address like mock.internal or [fd00::1]; received ${JSON.stringify(name)}`);
  }
  const clock = values.clock ?? 'system';
  if (clock !== 'fake' && clock !== 'system') throw new UsageError(`serve: --clock must be fake or system; received ${JSON.stringify(clock)}`);
  const debugEnv = /(^|,)\s*(event-harness|\*)\s*(,|$)/.test(io.env.DEBUG ?? '');
  const level = (values['log-level'] ?? (debugEnv ? 'debug' : 'silent')) as LogLevel;
  if (!['silent', 'info', 'debug'].includes(level)) throw new UsageError(`serve: --log-level must be silent, info or debug; received ${JSON.stringify(level)}`);
  const loaded = values.config === undefined ? undefined : await loadConfigFile(values.config, io.cwd);
  const blockPrivate = values['block-private-targets'] === true;
  const config = loaded === undefined ? (blockPrivate ? { delivery: { blockPrivateTargets: true } } : undefined) : blockPrivate ? { ...loaded.config, delivery: { ...loaded.config.delivery, blockPrivateTargets: true } } : loaded.config;
  const harness = await createHarness({
    port,
    host: values.host ?? '127.0.0.1',
    clock,
    ...(values.strict === true ? { strict: true } : {}),
    ...(seed !== undefined ? { seed } : {}),
    ...(values['allow-host'] !== undefined ? { allowedHosts: values['allow-host'] } : {}),
    ...(maxConnections !== undefined ? { maxConnections } : {}),
    ...(config !== undefined ? { config } : {}),
    ...(loaded !== undefined ? { caCertificates: loaded.caCertificates } : { sampleReceiver: true }),
  });
  // The inspector page at / and its update stream: mounted here, not in createHarness(), so a harness per test
  // pays nothing for it.
  await harness.server.register({ plugin: inspectorPlugin, options: { core: harness.core } });
  const log = logger(io, level);
  // Silent (the default) subscribes nothing, so logging costs the hot path nothing unless asked for.
  if (level !== 'silent') harness.journal.subscribe((entry) => log('info', 'event', { status: entry.status, type: entry.event.type, writeKey: entry.writeKey, messageId: entry.event.messageId, ...(entry.reason !== undefined ? { reason: entry.reason } : {}) }));
  // Through the same redaction as the admin API: a URL password or a static header value never reaches a log line.
  if (level === 'debug') harness.dispatcher.subscribe((d) => log('debug', 'delivery', { id: d.id, state: d.state, attempts: d.attempts.length, last: redactDelivery(d).attempts.at(-1) }));
  return { harness, log };
}

export async function run(args: readonly string[], io: CliIo): Promise<number> {
  let started: Awaited<ReturnType<typeof startServe>>;
  try {
    started = await startServe(args, io);
  } catch (error) {
    if (error instanceof HarnessError) {
      io.stderr.write(`event-harness ${error.message}\n`);
      if (error instanceof UsageError) io.stderr.write(`\n${HELP}\n`);
      return 2;
    }
    throw error;
  }
  if (typeof started === 'number') return started;
  const { harness, log } = started;
  const stopped = untilSignal();
  io.stdout.write(`event-harness listening on ${harness.url}\n`);
  log('info', 'listening', { url: harness.url, clock: harness.clock.mode });
  const signal = await stopped;
  log('info', 'stopping', { signal });
  // Nothing dropped without a word: walks in flight may finish; what is left is counted on stderr, whatever the log level.
  const drained = await drainDeliveries(harness.dispatcher);
  if (drained.dropped > 0) io.stderr.write(`${JSON.stringify({ level: 'warn', time: new Date().toISOString(), msg: 'stopping with undelivered webhook deliveries; they are dropped', ...drained })}\n`);
  else log('info', 'every webhook delivery finished');
  await harness.stop();
  return 0;
}

export const summary = 'run the mock service (collection API, webhook dispatcher, admin API)';
export const serveCommand: CommandModule = { run, summary };
