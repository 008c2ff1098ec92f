import { ACTIONS_MAX_BATCH_SIZE, ACTIONS_TIMEOUT_MS, ACTIONS_USER_AGENT, UsageError } from '../../src/index.js';
import { clauseTitles } from '../framework/clause-names.js';
import { readCaFiles } from '../framework/read-ca-files.js';
import {
  emitReport,
  parseSuiteCli,
  progressPrinter,
  runSuiteCommand,
  SUITE_OPTIONS_HELP,
  wholeNumber,
  type SuiteCliIo,
} from '../framework/suite-cli.js';
import { receiverClauses } from './receiver-clauses.js';
import { wrapList } from '../framework/wrap-list.js';
import { DEFAULT_CONCURRENCY, MAX_CONCURRENCY, type ReceiverTarget } from './receiver-target.js';
import { runReceiverSuite } from './run-receiver-suite.js';

export const RECEIVER_CHECK_HELP = `usage: event-harness check receiver URL [--secret S] [--header K:V]... [--timeout-ms N] [--ca FILE]...
                                      [--destination webhooks|actions] [--concurrency N] [--batch-size N]
                                      [--runs N] [--seed S] [--reporter pretty|json|junit|markdown] [--output FILE]
                                      [--only ID]... [--skip ID]... [--waive ID]... [--path P]
                                      [--budget-ms N] [--clause-timeout-ms N] [--quiet]

Plays the service against your webhook receiver at URL: signed deliveries of every payload type with
hostile content, forged signatures, redeliveries, concurrent deliveries. Exit 0 when every MUST clause
holds, 1 when one fails, 2 on a usage error or when nothing answers at URL.

  --secret S          the shared secret (default: $EVENT_HARNESS_SECRET); enables the 5.1 clauses
  --header K:V        a static header sent with every delivery (repeatable, at most 5)
  --timeout-ms N      the answer deadline (default 5000, rule 4.1)
  --ca FILE           trust this PEM certificate too (repeatable)
  --destination D     webhooks (default: the classic Webhooks destination) or actions (Webhooks (Actions):
                      User-Agent Segment (Actions), a 10 s deadline unless --timeout-ms says otherwise)
  --concurrency N     deliveries in flight at once (default ${DEFAULT_CONCURRENCY}, 1 to ${MAX_CONCURRENCY}); 4.1.concurrent sends
                      this many together; 1 sends one at a time
  --batch-size N      with --destination actions: the mapping batches up to N events (1 to 4000); runs
                      2.2.actions-batch (JSON arrays, X-Signature of the first event)
${SUITE_OPTIONS_HELP}

clauses:
${wrapList(receiverClauses.map((c) => c.id))}`;

const COMMAND = 'check receiver';

function parseHeader(pair: string): [string, string] {
  const colon = pair.indexOf(':');
  const name = colon > 0 ? pair.slice(0, colon).trim() : '';
  if (name === '') throw new UsageError(`${COMMAND}: --header must be NAME:VALUE; received ${JSON.stringify(pair)}`);
  return [name, pair.slice(colon + 1).trim()];
}

/**
 * A target without http:// or https:// (`localhost:3300`, `example.com/hooks`): one line saying what to type,
 * before the schema's URL rule would quote its pattern.
 */
function assertSchemeGiven(url: string): void {
  if (/^https?:\/\//i.test(url)) return;
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(url)?.[1];
  if (scheme !== undefined)
    throw new UsageError(
      `${COMMAND}: ${JSON.stringify(url)} uses ${scheme}://; the service delivers over http:// or https:// only (rule 2.1)`,
    );
  throw new UsageError(
    `${COMMAND}: ${JSON.stringify(url)} has no scheme; give the full URL, e.g. http://${url.replace(/^\/+/, '')}`,
  );
}

const OPTIONS = {
  secret: { type: 'string' },
  header: { type: 'string', multiple: true },
  'timeout-ms': { type: 'string' },
  ca: { type: 'string', multiple: true },
  destination: { type: 'string' },
  concurrency: { type: 'string' },
  'batch-size': { type: 'string' },
  server: { type: 'string' },
} as const;

type ReceiverCheckValues = ReturnType<typeof parseSuiteCli<typeof OPTIONS>>['values'];

/** The one URL of the command line, refused with what was received otherwise. */
function urlOf(positionals: readonly string[]): string {
  if (positionals.length !== 1)
    throw new UsageError(
      `${COMMAND}: expected exactly one URL; received ${positionals.length === 0 ? 'none' : positionals.map((p) => JSON.stringify(p)).join(' ')}`,
    );
  const url = positionals[0] ?? '';
  assertSchemeGiven(url);
  return url;
}

/** The destination kind and what depends on it: the Actions deadline and user agent, the batch size (Actions only). */
function destinationOptions(values: ReceiverCheckValues) {
  const destination = values.destination ?? 'webhooks';
  if (destination !== 'webhooks' && destination !== 'actions')
    throw new UsageError(
      `${COMMAND}: --destination must be webhooks or actions; received ${JSON.stringify(destination)}`,
    );
  const actions = destination === 'actions';
  const timeoutMs =
    wholeNumber(COMMAND, 'timeout-ms', values['timeout-ms'], 1, 600_000) ?? (actions ? ACTIONS_TIMEOUT_MS : undefined);
  const batchSize = wholeNumber(COMMAND, 'batch-size', values['batch-size'], 1, ACTIONS_MAX_BATCH_SIZE);
  if (batchSize !== undefined && !actions)
    throw new UsageError(
      `${COMMAND}: --batch-size applies to --destination actions only (classic Webhooks never batches)`,
    );
  return {
    ...(timeoutMs !== undefined ? { timeoutMs } : {}),
    ...(batchSize !== undefined ? { batchSize } : {}),
    ...(actions ? { userAgent: ACTIONS_USER_AGENT } : {}),
  };
}

/** The receiver as the destination would be configured for it. */
async function targetOf(url: string, values: ReceiverCheckValues, io: SuiteCliIo): Promise<ReceiverTarget> {
  const headers = Object.fromEntries((values.header ?? []).map(parseHeader));
  const secret = values.secret ?? io.env.EVENT_HARNESS_SECRET;
  const ca = await readCaFiles(COMMAND, values.ca ?? [], io.cwd);
  return {
    url,
    ...(secret !== undefined && secret !== '' ? { secret } : {}),
    ...(Object.keys(headers).length > 0 ? { headers } : {}),
    ...(ca.length > 0 ? { ca } : {}),
  };
}

/** `event-harness check receiver ...`: parses, runs the suite, writes the report, answers the exit code. */
export function runReceiverCheck(args: readonly string[], io: SuiteCliIo): Promise<number> {
  return runSuiteCommand(COMMAND, io, async () => {
    const { values, positionals, settings } = parseSuiteCli(COMMAND, args, OPTIONS);
    if (values.server !== undefined)
      throw new UsageError(
        `${COMMAND}: --server does not apply here: the receiver suite starts no mock service (it signs and sends its deliveries itself, from this process), so nothing would run on the shared server at ${JSON.stringify(values.server)}; drop --server. check client --server runs the client suite's mock collection API as runs on a shared server`,
      );
    if (settings.help) {
      io.stdout.write(`${RECEIVER_CHECK_HELP}\n`);
      return 0;
    }
    const url = urlOf(positionals);
    const destination = destinationOptions(values);
    const concurrency = wholeNumber(COMMAND, 'concurrency', values.concurrency, 1, MAX_CONCURRENCY);
    const target = await targetOf(url, values, io);
    const titles = clauseTitles(receiverClauses);
    const progress = progressPrinter(settings, io, titles);
    const report = await runReceiverSuite({
      ...settings.suiteOptions,
      ...progress.options,
      target,
      ...destination,
      ...(concurrency !== undefined ? { concurrency } : {}),
    });
    return emitReport(report, settings, io, titles, progress);
  });
}
