import { type HttpConfig, UsageError } from '../../src/index.js';
import { clauseTitles } from '../framework/clause-names.js';
import {
  emitReport,
  parseSuiteCli,
  progressPrinter,
  runSuiteCommand,
  SUITE_OPTIONS_HELP,
  wholeNumber,
  type SuiteCliIo,
} from '../framework/suite-cli.js';
import { clientClauses, e2eCliClauses } from './client-clauses.js';
import { wrapList } from '../framework/wrap-list.js';
import { CLIENT_DEFAULT_CONCURRENCY, CLIENT_DEFAULT_RUNS, MAX_CLIENT_CONCURRENCY } from './client-target.js';
import { E2E_CLI_DEFAULT_PARALLEL_RUNS, E2E_CLI_MAX_PARALLEL_RUNS } from './e2e-cli/e2e-cli-worker.js';
import { killRunningDrivers } from './running-drivers.js';
import { type ClientSuiteOptions, runClientSuite } from './run-client-suite.js';

export const CLIENT_CHECK_HELP = `usage: event-harness check client [--runs N] [--seed S] [--reporter pretty|json|junit|markdown] [--output FILE]
                                  [--only ID]... [--skip ID]... [--waive ID]... [--path P]
                                  [--budget-ms N] [--clause-timeout-ms N] [--quiet]
                                  [--ready-timeout-ms N] [--settle-timeout-ms N] [--concurrency N]
                                  [--server URL] -- DRIVER COMMAND...
       event-harness check client --protocol e2e-cli [--capabilities LIST] [--api-path /v1] [--parallel-runs N]
                                  [--http-config JSON] [the options above] -- E2E CLI COMMAND...

Plays the collection API against your SDK client, through its driver (JSON lines on stdio, described in
docs/client-suite.md; \`event-harness driver\` runs the shipped ones) or, with --protocol e2e-cli, through your SDK's
own e2e CLI (\`CLI --input '<JSON>'\`, as Segment's SDK repositories ship it in e2e-cli/): generated calls, batching
settings and server faults (5xx, 429 with Retry-After, dropped connections, slow answers), judged by the requests
the mock received. Exit 0 when every MUST clause holds, 1 when one fails, 2 on a usage error or when the driver
does not start or never prints its ready line (the e2e CLI: prints no result for an input without events).

  --ready-timeout-ms N   how long the driver may take to print its ready line (default 15000)
  --settle-timeout-ms N  how long flush or close may take to settle, retries included (default 20000)
  --concurrency N        clauses run at once, each on its own driver process started from the same
                         command and its own mock (default ${CLIENT_DEFAULT_CONCURRENCY}, at most the clauses that run);
                         1 runs them one after another on one driver. Drivers must tolerate several
                         instances of themselves at once
  --server URL           play the mock as runs on a shared \`event-harness serve\` at URL (one run per
                         driver process, each deleted at the end) instead of starting a server here;
                         the driver gets the run's write key
  --protocol P           driver (default) or e2e-cli: the command after -- is the SDK's e2e CLI, started
                         once per run of a clause with --input '<JSON>' appended, each run its own mock run
                         and write key; clauses the contract cannot express are reported not applicable

with --protocol e2e-cli:
  --capabilities LIST    what the CLI passes on to its SDK, comma-separated: flushAt, flushAfter (the
                         input's flushInterval, in milliseconds), screen (default all three); a knob left out
                         is not sent and the client is judged at the rules' default (20 calls, 5 s)
  --api-path PATH        appended to the mock's origin for apiHost and cdnHost: /v1 for a CLI whose SDK
                         expects /v1 inside apiHost (C#, React Native, Kotlin, Swift); default none
  --parallel-runs N      runs of one clause at once, each its own CLI process and mock run (default
                         ${E2E_CLI_DEFAULT_PARALLEL_RUNS}, at most ${E2E_CLI_MAX_PARALLEL_RUNS})
  --http-config JSON     the httpConfig the settings at cdnHost carry (schemas/http-config.schema.json)
${SUITE_OPTIONS_HELP.replace('(default 100)', `(default ${CLIENT_DEFAULT_RUNS})`)}

examples:
  event-harness check client -- npx event-harness driver
  event-harness check client --reporter junit --output client.xml -- python3 my_driver.py
  event-harness check client --server http://127.0.0.1:4010 -- npx event-harness driver
  event-harness check client --protocol e2e-cli -- node packages/node/e2e-cli/dist/cli.js
  event-harness check client --protocol e2e-cli --capabilities flushAt,screen -- ruby e2e-cli/main.rb

clauses:
${wrapList(clientClauses.map((c) => c.id))}

clauses of --protocol e2e-cli besides those:
${wrapList(e2eCliClauses.filter((c) => !clientClauses.includes(c)).map((c) => c.id))}`;

const COMMAND = 'check client';

/** The subject's command: what follows `--`, with nothing but options before it. */
function subjectCommand(args: readonly string[], separator: number, positionals: readonly string[]): string[] {
  if (positionals.length > 0)
    throw new UsageError(
      `${COMMAND}: unexpected ${positionals.map((p) => JSON.stringify(p)).join(' ')} before --; the driver command goes after --, e.g. check client -- npx event-harness driver`,
    );
  const command = separator === -1 ? [] : args.slice(separator + 1);
  if (command.length === 0)
    throw new UsageError(
      `${COMMAND}: expected -- DRIVER COMMAND... at the end; received ${separator === -1 ? 'no --' : 'nothing after --'}`,
    );
  return command;
}

/** `event-harness check client ... -- DRIVER...`: parses, runs the suite, writes the report, answers the exit code. */
export function runClientCheck(args: readonly string[], io: SuiteCliIo): Promise<number> {
  return runSuiteCommand(COMMAND, io, async () => {
    const separator = args.indexOf('--');
    const own = separator === -1 ? args : args.slice(0, separator);
    const { values, positionals, settings } = parseSuiteCli(COMMAND, own, {
      'ready-timeout-ms': { type: 'string' },
      'settle-timeout-ms': { type: 'string' },
      concurrency: { type: 'string' },
      server: { type: 'string' },
      protocol: { type: 'string' },
      capabilities: { type: 'string' },
      'api-path': { type: 'string' },
      'parallel-runs': { type: 'string' },
      'http-config': { type: 'string' },
    });
    if (settings.help) {
      io.stdout.write(`${CLIENT_CHECK_HELP}\n`);
      return 0;
    }
    const command = subjectCommand(args, separator, positionals);
    const readyTimeoutMs = wholeNumber(COMMAND, 'ready-timeout-ms', values['ready-timeout-ms'], 1, 600_000);
    const settleTimeoutMs = wholeNumber(COMMAND, 'settle-timeout-ms', values['settle-timeout-ms'], 1, 600_000);
    const concurrency = wholeNumber(COMMAND, 'concurrency', values.concurrency, 1, MAX_CLIENT_CONCURRENCY);
    const e2e = e2eCliOptions(values);
    // Every driver of the pool runs in its own process group, out of reach of the terminal's Ctrl-C: stop it on the way out,
    // whichever way that is (a signal at any moment, an error, the end of the run).
    const onSignal = (signal: NodeJS.Signals) => {
      killRunningDrivers();
      process.exit(signal === 'SIGINT' ? 130 : 143);
    };
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
    try {
      const titles = clauseTitles(clientClauses);
      const progress = progressPrinter(settings, io, titles);
      const report = await runClientSuite({
        ...settings.suiteOptions,
        ...progress.options,
        target: { command, cwd: io.cwd, env: io.env },
        ...(readyTimeoutMs !== undefined ? { readyTimeoutMs } : {}),
        ...(settleTimeoutMs !== undefined ? { settleTimeoutMs } : {}),
        ...(concurrency !== undefined ? { concurrency } : {}),
        ...(values.server !== undefined ? { server: values.server } : {}),
        ...e2e,
      });
      return await emitReport(report, settings, io, titles, progress);
    } finally {
      killRunningDrivers();
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
    }
  });
}

/** --protocol and the options only it takes, checked: an e2e-cli option without --protocol e2e-cli is a usage error. */
function e2eCliOptions(values: Readonly<Record<string, unknown>>): Partial<ClientSuiteOptions> {
  const protocol = values.protocol;
  if (protocol !== undefined && protocol !== 'driver' && protocol !== 'e2e-cli')
    throw new UsageError(`${COMMAND}: --protocol must be driver or e2e-cli; received ${JSON.stringify(protocol)}`);
  const own = ['capabilities', 'api-path', 'parallel-runs', 'http-config'].filter((name) => values[name] !== undefined);
  if (protocol !== 'e2e-cli') {
    if (own.length > 0)
      throw new UsageError(
        `${COMMAND}: ${own.map((name) => `--${name}`).join(', ')} ${own.length === 1 ? 'is' : 'are'} for --protocol e2e-cli; add --protocol e2e-cli, or leave ${own.length === 1 ? 'it' : 'them'} out for a driver`,
      );
    return protocol === 'driver' ? { protocol } : {};
  }
  const text = (name: string): string | undefined => {
    const value = values[name];
    return typeof value === 'string' ? value : undefined;
  };
  const capabilities = text('capabilities');
  const parallelRuns = wholeNumber(COMMAND, 'parallel-runs', text('parallel-runs'), 1, E2E_CLI_MAX_PARALLEL_RUNS);
  const httpConfig = text('http-config');
  const apiPath = text('api-path');
  let parsed: unknown;
  if (httpConfig !== undefined) {
    try {
      parsed = JSON.parse(httpConfig);
    } catch (error) {
      throw new UsageError(
        `${COMMAND}: --http-config must be a JSON object (schemas/http-config.schema.json), e.g. '{"backoffConfig": {"maxRetryCount": 3}}'; received ${JSON.stringify(httpConfig.slice(0, 80))} (${(error as Error).message})`,
      );
    }
  }
  return {
    protocol: 'e2e-cli' as const,
    ...(capabilities !== undefined
      ? {
          capabilities: capabilities
            .split(',')
            .map((c) => c.trim())
            .filter((c) => c !== ''),
        }
      : {}),
    ...(apiPath !== undefined ? { apiPath } : {}),
    ...(parallelRuns !== undefined ? { parallelRuns } : {}),
    ...(parsed !== undefined ? { httpConfig: parsed as HttpConfig } : {}),
  };
}
