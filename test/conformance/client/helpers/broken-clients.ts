import type { ExecutionContext } from 'ava';
import path from 'node:path';
import { clientClauses, runClientSuite, shellCommand, type ClientTarget } from '../../../../conformance/index.js';
import { repoRoot, tsxLoader } from '../../../helpers/spawn-cli.js';

export const BROKEN_CLIENT_FIXTURE = path.join(repoRoot, 'test/conformance/client/fixtures/broken-client-driver.ts');

/** Only the operations in the ready line: no knob, so the suite runs every clause at the SPEC defaults. */
export const OPS_ONLY = 'identify,track,page,screen,group,alias';

/**
 * The mini client of the fixture with one bug (or 'none'), as a real child process speaking the driver
 * protocol. By default its ready line lists only its operations (BROKEN_CLIENT_CAPABILITIES overrides).
 */
export function brokenDriver(bug: string, env: NodeJS.ProcessEnv = {}): ClientTarget {
  return {
    command: [process.execPath, '--import', tsxLoader, BROKEN_CLIENT_FIXTURE, bug],
    cwd: repoRoot,
    env: { BROKEN_CLIENT_CAPABILITIES: OPS_ONLY, ...env },
  };
}

/** `event-harness driver` (our client) run from source. */
export const referenceDriver: ClientTarget = {
  command: [process.execPath, '--import', tsxLoader, path.join(repoRoot, 'src/cli/main.ts'), 'driver'],
  cwd: repoRoot,
};

export interface BrokenClient {
  readonly bug: string;
  /** What the client gets wrong, in words. */
  readonly what: string;
  /** Exactly the clauses the suite must flag; every other clause passes or is skipped because of them. */
  readonly fails: readonly string[];
  /** What the first failure's message must say for a person to act on it. */
  readonly message: RegExp;
  /** Clauses skipped because one in `fails` failed. */
  readonly skips?: readonly string[];
  /** More runs than BROKEN_RUNS, for a bug only some generated values show. */
  readonly runs?: number;
  /** Driver environment, e.g. a ready line that lists the knobs (a bug that only shows when flushAfterMs is set). */
  readonly env?: NodeJS.ProcessEnv;
  /** What the messages of the other failed clauses must say, by clause. */
  readonly also?: Readonly<Record<string, RegExp>>;
  /**
   * Run the whole suite, proving that every other clause passes against this client. Otherwise the row runs its
   * clauses, the ones they need and the ones it skips (--only): the whole suite is proven on the rows marked so.
   */
  readonly full?: true;
}

const RETRY_DEPENDENTS = ['7.retry.429', '7.retry-after', '7.backoff', '7.reset', '4.3.flush', '4.3.delivered'];

export const BROKEN_CLIENTS: readonly BrokenClient[] = [
  {
    bug: 'drops-queue-on-close',
    what: 'drops what is still queued when closed',
    fails: ['4.3.delivered'],
    message:
      /close answered but calls? [\d, ()a-z]+ never reached the service \(\d+ of \d+: no event of (it|them) is in its journal/,
  },
  {
    bug: 'unbounded-batches',
    what: 'puts every queued call in one request, however large',
    fails: ['4.2.batch-size'],
    message: /A request body was \d+ bytes, over the limit of 512000/,
  },
  {
    bug: 'no-event-limit',
    what: 'queues and sends events over 32 KiB',
    fails: ['4.2.event-size'],
    skips: ['4.2.event-size.refused'],
    message:
      /a track whose JSON was \d+ bytes as sent \(\d+ characters of which most are "[^"]+" \(\d bytes? in UTF-8\); over the 32768-byte limit\), was sent and the mock answered 400/,
  },
  {
    bug: 'counts-characters',
    what: 'measures sizes in characters, so multi-byte text slips past 32 KiB and 500 KiB',
    fails: ['4.2.event-size', '4.2.batch-size'],
    skips: ['4.2.event-size.refused'],
    message:
      /a track whose JSON was \d+ bytes as sent \(\d+ characters of which most are "[^x"]" \([234] bytes in UTF-8\)/,
  },
  {
    bug: 'overcounts-multibyte',
    what: 'measures sizes as URI-encoded characters, refusing valid multi-byte events under 32 KiB',
    fails: ['4.2.event-size.under-limit'],
    message:
      /an event of \d+ bytes as this client would send it .* in "[^x"]" \([234] bytes in UTF-8\) text, within the 32768-byte limit, was refused/,
  },
  {
    bug: 'escapes-non-ascii',
    what: "measures sizes of JSON with non-ASCII escaped (Python's json.dumps default), refusing valid events under 32 KiB",
    fails: ['4.2.event-size.under-limit'],
    message: /within the 32768-byte limit, was refused.*escaped, the same JSON is \d+ bytes.*ensure_ascii=False/,
  },
  {
    bug: 'no-validation',
    what: 'sends invalid calls (track without event, no identity, ...) instead of refusing them',
    fails: ['2.3.invalid-calls'],
    skips: ['2.3.invalid-calls.refused'],
    message:
      /\d of the 8 invalid calls were sent, first call \d+ \(\w+ without [\w ]+\) \(the mock answered 200 and journaled it as rejected/,
  },
  {
    bug: 'no-milliseconds',
    full: true,
    what: 'sends timestamps without milliseconds (SHOULD)',
    fails: ['2.2.timestamp.milliseconds'],
    message:
      /was sent with timestamp "[\d-]+T[\d:]+Z", without fractional seconds: events of the same second then lose their order/,
  },
  {
    bug: 'refuses-alias',
    what: 'refuses every alias call (the driver answers ok: false)',
    fails: ['2.3.valid-calls'],
    runs: 6,
    message: /The driver refused call \d+ \(alias\), a valid call of rule 2\.3: alias is not supported by this client/,
  },
  {
    bug: 'never-retries',
    full: true,
    what: 'never retries a failed request',
    fails: ['7.retry.5xx'],
    skips: RETRY_DEPENDENTS,
    message: /were never delivered: the batch was sent 1 time in all/,
  },
  {
    bug: 'retries-400',
    what: 'retries a batch answered with 400, forever',
    fails: ['7.no-retry-400'],
    message: /The batch the mock refused with 400 was sent again/,
  },
  {
    bug: 'ignores-retry-after',
    what: 'retries a 429 on its own backoff, ignoring Retry-After',
    fails: ['7.retry-after'],
    message: /After a 429 with Retry-After: 1, the batch was sent again less than 1000 ms later/,
  },
  {
    bug: 'counter-message-ids',
    what: 'numbers messageIds from a counter that restarts with each client',
    fails: ['4.3.unique-message-ids'],
    skips: ['4.3.delivered'],
    message: /were sent with the same messageId "msg-\d+" \(one from each client instance\)/,
  },
  {
    bug: 'key-as-password',
    full: true,
    what: 'puts the write key in the Basic auth password, not the user name',
    fails: ['5.3.write-key'],
    skips: clientClauses.map((c) => c.id).filter((id) => id !== '5.3.write-key' && id !== '2.3.valid-calls'),
    message:
      /did not carry the write key "eh-client-suite-key" from EVENT_HARNESS_WRITE_KEY: Authorization "Basic [^"]+" \(user name ""\), body writeKey absent/,
  },
  {
    // The collection API reads JSON under any Content-Type, as the real service does, so a route it does not
    // have is what it refuses here.
    bug: 'wrong-route',
    full: true,
    what: 'posts its batches to /v1/events, a route the collection API does not have (404)',
    fails: ['4.2.accepted'],
    skips: clientClauses
      .map((c) => c.id)
      .filter((id) => !['5.3.write-key', '4.2.accepted', '2.3.valid-calls'].includes(id)),
    message: /refused \d+ of the \d+ requests of a run without faults: POST \/v1\/events answered 404/,
  },
  {
    bug: 'epoch-timestamps',
    what: 'sends timestamps as epoch milliseconds',
    fails: ['2.2.timestamp'],
    skips: ['2.2.timestamp.milliseconds', '4.3.delivered'],
    message: /was sent with timestamp \d+; expected an ISO 8601 date-time/,
  },
  {
    bug: 'drops-integrations',
    what: 'leaves the integrations map out of the events',
    fails: ['2.4.integrations'],
    message: /was sent with integrations absent; the call gave \{/,
  },
  {
    bug: 'ignores-flush-after',
    what: 'flushes after its 5 s default whatever flushAfterMs says',
    fails: ['4.3.flush-after'],
    env: { BROKEN_CLIENT_CAPABILITIES: `${OPS_ONLY},flushAt,flushAfter` },
    message:
      /With flushAfterMs \d+ and fewer calls queued than flushAt \(100\), 0 of \d events were sent within \d+ ms of the last call/,
  },
  // Listing the knobs: every other clause then waits only a 1 s flushAfter backstop for the batch the bug holds back.
  {
    bug: 'flush-at-off-by-one',
    what: 'flushes one call after flushAt',
    fails: ['4.3.flush-at'],
    env: { BROKEN_CLIENT_CAPABILITIES: `${OPS_ONLY},flushAt,flushAfter` },
    message:
      /Only \d+ of the \d+ events due were sent within 1000 ms of the calls: with flushAt \d, \d+ calls make \d full batch/,
  },
  {
    bug: 'new-id-per-retry',
    what: 'gives the events new messageIds on each retry',
    fails: ['7.retry.5xx'],
    skips: RETRY_DEPENDENTS,
    message: /was retried under another messageId/,
  },
  {
    bug: 'crashes-on-reset',
    what: 'crashes on a connection reset (the socket error escapes)',
    fails: ['7.reset'],
    skips: ['4.3.delivered'],
    message:
      /The mock answered the first request\(s\) reset, and calls [^:]+ were never delivered: the batch was sent 1 time in all.* Note: the driver exited \(code 1\) during the run/,
  },
  {
    bug: 'limit-32000',
    what: 'refuses events of 32,000 bytes or more (analytics-go and analytics-php count the limit as 32,000)',
    fails: ['4.2.event-size.under-limit'],
    message:
      /an event of \d+ bytes as this client would send it \(its message plus the \d+ bytes it added to a small track in this run\).*within the 32768-byte limit, was refused: the event is \d+ bytes, over the 32 KiB limit\. .*against 32,768 bytes, not 32,000/,
  },
  {
    bug: 'php-style',
    what: "measures events as PHP's json_encode writes them (non-ASCII escaped) against 32,000 bytes, and drops a batch of 500 KB or more after taking it off its queue (analytics-php 3.8.2)",
    fails: ['4.2.event-size.under-limit', '4.2.batch-size'],
    env: { BROKEN_CLIENT_CAPABILITIES: `${OPS_ONLY},flushAt,flushAfter` },
    message: /within the 32768-byte limit, was refused/,
    also: {
      '4.2.batch-size':
        /The client dropped a batch: calls \d+ to \d+ .*The driver logged: Batch size is larger than 500KB/,
    },
  },
  {
    bug: 'close-does-not-wait',
    what: 'answers close before a batch it is retrying is delivered (the retry lands during a later run)',
    fails: ['4.3.delivered'],
    message: /never reached the service|arrived \d+ ms after close answered/,
  },
  {
    bug: 'ignores-flush-at',
    what: 'never sends on count: only its flushAfter timer, flush and close send',
    fails: ['4.3.flush-at'],
    env: { BROKEN_CLIENT_CAPABILITIES: `${OPS_ONLY},flushAt,flushAfter` },
    message: /Only 0 of the \d+ events due were sent within 1000 ms of the calls/,
  },
  {
    bug: 'flush-waits-for-timer',
    what: 'leaves the partial batch to its flushAfter timer when flush is called (SHOULD)',
    fails: ['4.3.flush'],
    env: { BROKEN_CLIENT_CAPABILITIES: `${OPS_ONLY},flushAt,flushAfter` },
    message:
      /did not answer within 5000 ms.*The partial batch was not sent when flush was called: flush means "send now"/,
  },
  {
    bug: 'flush-returns-early',
    what: 'returns from flush before the calls it sent are delivered (SHOULD)',
    fails: ['4.3.flush'],
    env: { BROKEN_CLIENT_CAPABILITIES: `${OPS_ONLY},flushAt,flushAfter` },
    message:
      /flush after \d+ calls .*answered, and \d+ of the \d+ events had been delivered\. flush returned before the calls it holds were delivered/,
  },
  {
    bug: 'no-backoff',
    what: 'retries at a fixed short interval (SHOULD: exponential backoff)',
    fails: ['7.backoff'],
    message:
      /the median wait before the third retry \(\d+ ms\) was not 1\.5 times the median wait before the first \(\d+ ms\); the waits were \[\d+, \d+, \d+\]/,
  },
];

/** The clauses a row runs: its failures and skips with every clause they require or are judged after, in suite order. */
export function clausesOf(broken: BrokenClient): string[] {
  const wanted = new Set([...broken.fails, ...(broken.skips ?? [])]);
  for (let grown = true; grown; ) {
    grown = false;
    for (const clause of clientClauses) {
      if (!wanted.has(clause.id)) continue;
      for (const id of [...(clause.requires ?? []), ...(clause.judgedAfter ?? [])]) {
        if (wanted.has(id)) continue;
        wanted.add(id);
        grown = true;
      }
    }
  }
  return clientClauses.map((c) => c.id).filter((id) => wanted.has(id));
}

export const BROKEN_SEED = 2_026;
export const BROKEN_RUNS = 3;

/** Runs the suite (whole, or the row's clauses) against one broken client and checks it is flagged exactly as the table says. */
export async function assertFlagged(t: ExecutionContext, broken: BrokenClient): Promise<void> {
  const target = brokenDriver(broken.bug, broken.env);
  const runs = broken.runs ?? BROKEN_RUNS;
  // The whole suite against one client: well over ava's default between results on a loaded machine.
  t.timeout(240_000);
  const only = broken.full === true ? [] : clausesOf(broken);
  const started = Date.now();
  const report = await runClientSuite({ target, seed: BROKEN_SEED, runs, only });
  // Within the default budget of a minute, whatever the client does (the run ends within it by construction).
  t.true(Date.now() - started < 60_000 + 10_000, `judged in ${Date.now() - started} ms`);
  t.deepEqual(
    report.clauses.map((c) => c.id),
    broken.full === true ? clientClauses.map((c) => c.id) : only,
  );
  const failed = report.clauses.filter((c) => c.status === 'fail');
  t.deepEqual(
    failed.map((c) => c.id),
    [...broken.fails],
  );
  t.deepEqual(
    report.clauses.filter((c) => c.status === 'skip').map((c) => c.id),
    [...(broken.skips ?? [])],
  );
  for (const skipped of report.clauses.filter((c) => c.status === 'skip'))
    t.regex(skipped.message ?? '', /^not checked: [\w.-]+ failed/);
  const first = failed[0]!;
  t.regex(first.message ?? '', broken.message);
  for (const [id, message] of Object.entries(broken.also ?? {}))
    t.regex(failed.find((c) => c.id === id)?.message ?? '', message, id);
  const counterexample = first.counterexample as { init: unknown; calls: unknown[]; faults: string[] };
  t.true(
    Array.isArray(counterexample.calls) && counterexample.calls.length > 0,
    'the counterexample lists the calls made',
  );
  t.true(Array.isArray(counterexample.faults), 'and the fault schedule');
  t.regex(
    first.replay ?? '',
    new RegExp(
      `^event-harness check client --seed ${BROKEN_SEED} --runs ${runs} --only ${first.id.replaceAll('.', '\\.')}( --path [\\d:]+)? -- `,
    ),
  );
  t.true(first.replay?.endsWith(` -- ${shellCommand(target.command)}`));
  t.is(report.passed, !failed.some((c) => c.level === 'MUST'));
}
