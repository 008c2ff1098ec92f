import { UsageError } from '../../src/index.js';
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
import { clientClauses } from './client-clauses.js';
import { wrapList } from '../framework/wrap-list.js';
import { CLIENT_DEFAULT_CONCURRENCY, CLIENT_DEFAULT_RUNS, MAX_CLIENT_CONCURRENCY } from './client-target.js';
import { killRunningDrivers } from './running-drivers.js';
import { runClientSuite } from './run-client-suite.js';

export const CLIENT_CHECK_HELP = `usage: event-harness check client [--runs N] [--seed S] [--reporter pretty|json|junit|markdown] [--output FILE]
                                  [--only ID]... [--skip ID]... [--waive ID]... [--path P]
                                  [--budget-ms N] [--clause-timeout-ms N] [--quiet]
                                  [--ready-timeout-ms N] [--settle-timeout-ms N] [--concurrency N]
                                  [--server URL] -- DRIVER COMMAND...

Plays the collection API against your SDK client, through its driver (JSON lines on stdio, described in
docs/client-suite.md; \`event-harness driver\` runs the shipped ones): generated calls, batching settings and server
faults (5xx, 429 with Retry-After, dropped connections, slow answers), judged by the requests the mock
received. Exit 0 when every MUST clause holds, 1 when one fails, 2 on a usage error or when the driver
does not start or never prints its ready line.

  --ready-timeout-ms N   how long the driver may take to print its ready line (default 15000)
  --settle-timeout-ms N  how long flush or close may take to settle, retries included (default 20000)
  --concurrency N        clauses run at once, each on its own driver process started from the same
                         command and its own mock (default ${CLIENT_DEFAULT_CONCURRENCY}, at most the clauses that run);
                         1 runs them one after another on one driver. Drivers must tolerate several
                         instances of themselves at once
  --server URL           play the mock as runs on a shared \`event-harness serve\` at URL (one run per
                         driver process, each deleted at the end) instead of starting a server here;
                         the driver gets the run's write key
${SUITE_OPTIONS_HELP.replace('(default 100)', `(default ${CLIENT_DEFAULT_RUNS})`)}

examples:
  event-harness check client -- npx event-harness driver
  event-harness check client --reporter junit --output client.xml -- python3 my_driver.py
  event-harness check client --server http://127.0.0.1:4010 -- npx event-harness driver

clauses:
${wrapList(clientClauses.map((c) => c.id))}`;

const COMMAND = 'check client';

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
    });
    if (settings.help) {
      io.stdout.write(`${CLIENT_CHECK_HELP}\n`);
      return 0;
    }
    if (positionals.length > 0)
      throw new UsageError(
        `${COMMAND}: unexpected ${positionals.map((p) => JSON.stringify(p)).join(' ')} before --; the driver command goes after --, e.g. check client -- npx event-harness driver`,
      );
    const command = separator === -1 ? [] : args.slice(separator + 1);
    if (command.length === 0)
      throw new UsageError(
        `${COMMAND}: expected -- DRIVER COMMAND... at the end; received ${separator === -1 ? 'no --' : 'nothing after --'}`,
      );
    const readyTimeoutMs = wholeNumber(COMMAND, 'ready-timeout-ms', values['ready-timeout-ms'], 1, 600_000);
    const settleTimeoutMs = wholeNumber(COMMAND, 'settle-timeout-ms', values['settle-timeout-ms'], 1, 600_000);
    const concurrency = wholeNumber(COMMAND, 'concurrency', values.concurrency, 1, MAX_CLIENT_CONCURRENCY);
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
      });
      return await emitReport(report, settings, io, titles, progress);
    } finally {
      killRunningDrivers();
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
    }
  });
}
