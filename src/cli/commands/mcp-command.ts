import type { Writable } from 'node:stream';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { CliIo, CommandModule } from '../command.js';
import { LIBRARY_VERSION } from '../../actors/client/library-info.js';
import { HarnessError } from '../../errors/harness-error.js';
import { UsageError } from '../../errors/config-errors.js';
import { ServerStartError } from '../../errors/server-errors.js';
import { AdminHttpClient } from '../../harness/remote/admin-http-client.js';
import { createMcpServer } from '../../mcp/create-mcp-server.js';
import { MockConnection } from '../../mcp/mock-connection.js';
import { sampleCall, SAMPLE_TYPES, type SampleType } from '../sample-calls.js';
import { sendSampleWebhook, SAMPLE_WEBHOOK_TYPES } from '../sample-webhook.js';
import { drainDeliveries } from '../drain-deliveries.js';
import { startServe } from './serve-command.js';

const HELP = `usage: event-harness mcp [--server URL [--run ID]] [--allow-target HOST]... [serve options]

A Model Context Protocol server on stdio (JSON-RPC lines on stdin and stdout) over the mock, for coding agents:
tools to query the journal, wait for an event, list deliveries with the exact signed request (secrets and
static header values redacted), move the fake clock and run until idle, inject and clear faults, create and
delete runs, send sample calls, send one signed webhook, and run the receiver suite; the docs pages as
resources. See docs/agents.md for the config of each MCP client.

Without --server it starts a mock of its own in this process, on a free loopback port, and prints its URL
on stderr (point your app there); it takes the options of \`event-harness serve\` (--config, --seed,
--strict, --port, ...), with --clock fake, --threads 0 and --log-level warn unless given.

options:
  --server URL        act on a running \`event-harness serve\` at URL instead (its admin API)
  --run ID            with --server: the run the tools act on when they name none (default: the default run)
  --allow-target HOST let the agent reach HOST too (send_webhook, check_receiver, webhook URLs of a
                      run's config); repeatable, * for any. By default only loopback (127.0.0.0/8, ::1,
                      localhost) is reached

examples:
  event-harness mcp
  event-harness mcp --config harness.json --seed 7
  event-harness mcp --server http://127.0.0.1:4010 --run run_abcdefgh23`;

const OWN_OPTIONS = new Set(['--server', '--run', '--allow-target']);

interface McpArguments {
  readonly server?: string;
  readonly run?: string;
  readonly allowTargets: readonly string[];
  readonly help: boolean;
  /** Everything else: options of the mock started in process. */
  readonly serveArgs: readonly string[];
}

/** An argument as a name and, for `--name=value`, its inline value. */
function splitInline(arg: string): [string, string | undefined] {
  const equals = arg.indexOf('=');
  return arg.startsWith('--') && equals >= 0 ? [arg.slice(0, equals), arg.slice(equals + 1)] : [arg, undefined];
}

/** This command's own options by name (each value given), serve's arguments, and whether help was asked for. */
function separateArguments(args: readonly string[]) {
  const own: Record<string, string[]> = {};
  const serveArgs: string[] = [];
  let help = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    const [name, inline] = splitInline(arg);
    if (arg === '--help' || arg === '-h') help = true;
    else if (OWN_OPTIONS.has(name)) {
      const value = inline ?? args[++i];
      if (value === undefined || (inline === undefined && value.startsWith('--')))
        throw new UsageError(
          `mcp: ${name} needs a value; received ${value === undefined ? 'nothing' : JSON.stringify(value)}`,
        );
      (own[name] ??= []).push(value);
    } else serveArgs.push(arg);
  }
  return { own, serveArgs, help };
}

/** The hosts of --allow-target, checked, without the brackets of an IPv6 address. */
function allowedTargets(hosts: readonly string[]): string[] {
  for (const host of hosts)
    if (host !== '*' && !/^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)$/i.test(host))
      throw new UsageError(
        `mcp: --allow-target takes a host name or an address like hooks.internal or [fd00::1], or *; received ${JSON.stringify(host)}`,
      );
  return hosts.map((host) => host.replace(/^\[(.*)\]$/, '$1'));
}

/** Takes this command's own options out of the arguments; the rest are serve's. */
function parseMcpArguments(args: readonly string[]): McpArguments {
  const { own, serveArgs, help } = separateArguments(args);
  for (const name of ['--server', '--run'])
    if ((own[name]?.length ?? 0) > 1)
      throw new UsageError(`mcp: ${name} may be given once; received ${own[name]?.length} values`);
  const server = own['--server']?.[0];
  const run = own['--run']?.[0];
  if (run !== undefined && server === undefined)
    throw new UsageError(
      'mcp: --run names a run on a running server; give --server URL too (the mock started here has only its default run until create_run makes more)',
    );
  if (server !== undefined && serveArgs.length > 0)
    throw new UsageError(
      `mcp: ${serveArgs.map((arg) => JSON.stringify(arg)).join(' ')}: serve options apply to the mock started here, not to --server ${server}`,
    );
  return {
    ...(server !== undefined ? { server } : {}),
    ...(run !== undefined ? { run } : {}),
    allowTargets: allowedTargets(own['--allow-target'] ?? []),
    help,
    serveArgs,
  };
}

/** The running server's base URL, once its admin API answered (and the run exists, when one is named). */
async function connectTo(server: string, run: string | undefined): Promise<MockConnection> {
  let url: URL;
  try {
    url = new URL(server);
  } catch {
    throw new UsageError(
      `mcp: --server must be the http(s) URL of a running \`event-harness serve\`, e.g. http://127.0.0.1:4010; received ${JSON.stringify(server)}`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new UsageError(`mcp: --server must be an http or https URL; received ${JSON.stringify(server)}`);
  const base = url.href.replace(/\/+$/, '');
  const root = new AdminHttpClient(`${base}/__harness`, 10_000);
  await root.get('/health');
  if (run !== undefined) await root.get(`/runs/${encodeURIComponent(run)}`);
  return new MockConnection(base, run);
}

/** Serve's options with this command's defaults where the user gave none: fake clock, no ingest threads, quiet log. */
function serveDefaults(args: readonly string[]): string[] {
  const has = (name: string) => args.some((arg) => arg === name || arg.startsWith(`${name}=`));
  return [
    ...(has('--clock') ? [] : ['--clock', 'fake']),
    ...(has('--threads') ? [] : ['--threads', '0']),
    ...(has('--log-level') || has('--quiet') || has('-q') ? [] : ['--log-level', 'warn']),
    ...args,
  ];
}

/** Resolves when stdin ends (the client went away), the transport closes, or a stop signal comes. */
function untilDone(transport: StdioServerTransport): Promise<string> {
  return new Promise((resolve) => {
    const done = (why: string) => () => {
      process.off('SIGINT', onInt);
      process.off('SIGTERM', onTerm);
      resolve(why);
    };
    const onInt = done('SIGINT');
    const onTerm = done('SIGTERM');
    process.once('SIGINT', onInt);
    process.once('SIGTERM', onTerm);
    process.stdin.once('end', done('stdin closed'));
    transport.onclose = done('transport closed');
  });
}

export async function run(args: readonly string[], io: CliIo): Promise<number> {
  let stop: () => Promise<void> = async () => undefined;
  let connection: MockConnection;
  let parsed: McpArguments;
  try {
    parsed = parseMcpArguments(args);
    if (parsed.help) {
      io.stdout.write(`${HELP}\n`);
      return 0;
    }
    if (parsed.server !== undefined) connection = await connectTo(parsed.server, parsed.run);
    else {
      // stdout is the protocol's: whatever serve would print goes to stderr.
      const started = await startServe(serveDefaults(parsed.serveArgs), { ...io, stdout: io.stderr });
      if (typeof started === 'number') return started;
      const { harness, activity } = started;
      stop = async () => {
        activity.flush();
        await drainDeliveries(harness.dispatcher);
        await harness.stop();
      };
      connection = new MockConnection(harness.url);
      io.stderr.write(
        `event-harness mcp: mock listening on ${harness.url} (${harness.clock.mode} clock); point your app there\n`,
      );
    }
  } catch (error) {
    if (error instanceof HarnessError) {
      io.stderr.write(`event-harness ${/^(mcp|serve): /.test(error.message) ? '' : 'mcp: '}${error.message}\n`);
      if (error instanceof UsageError) io.stderr.write('\nRun `event-harness mcp --help` for every option.\n');
      return error instanceof ServerStartError ? 1 : 2;
    }
    throw error;
  }
  const server = await createMcpServer({
    version: LIBRARY_VERSION,
    connection,
    targets: { allowedHosts: parsed.allowTargets },
    samples: {
      types: SAMPLE_TYPES,
      call: (type, options) => sampleCall(type as SampleType, options),
    },
    webhooks: { types: SAMPLE_WEBHOOK_TYPES, send: sendSampleWebhook },
  });
  const transport = new StdioServerTransport(process.stdin, io.stdout as Writable);
  // A message that is not JSON-RPC is the client's mistake: said on stderr, and the server goes on.
  server.server.onerror = (error) => io.stderr.write(`event-harness mcp: ${error.message}\n`);
  const done = untilDone(transport);
  await server.connect(transport);
  if (parsed.server !== undefined)
    io.stderr.write(
      `event-harness mcp: serving the mock at ${connection.server}${parsed.run !== undefined ? ` (run ${parsed.run})` : ''} on stdio\n`,
    );
  const why = await done;
  io.stderr.write(`event-harness mcp: ${why}; stopping\n`);
  await server.close().catch(() => undefined);
  await stop();
  return 0;
}

export const summary = 'a Model Context Protocol server on stdio over the mock, for coding agents';
export const mcpCommand: CommandModule = { run, summary };
