import type { CliIo, CommandModule } from '../command.js';
import { UsageError } from '../../errors/config-errors.js';
import { integerOption, parseOptions } from '../parse-options.js';
import { sampleCall, SAMPLE_TYPES, type SampleType } from '../sample-calls.js';
import { adminPathForKey } from '../admin-path-for-key.js';
import { withUsageErrors } from '../usage-errors.js';

const HELP = `usage: event-harness trigger TYPE [--url URL] [--write-key K] [--count N] [--user-id U]

Sends sample calls to a running mock (event-harness serve), as a client would: TYPE is one of
${SAMPLE_TYPES.join(', ')}, batch (one of each in one /v1/batch request)
or delete (a deletion request for the user through the admin API). Prints each answer; the events then show
in the journal, the inspector and, through the Webhooks destination, as deliveries.

options:
  --url URL         base URL of the mock (default: $EVENT_HARNESS_URL)
  --write-key K     the source's write key (default "trigger-key": any key works without a config);
                    a run's key sends to that run (its deletions too)
  --count N         how many calls (default 1)
  --user-id U       the user of the calls (default user_1, user_2, ...)

exit code: 0 every call was answered 2xx; 1 one was not; 2 usage error or the mock does not answer.

examples:
  event-harness trigger track --url http://127.0.0.1:4010
  EVENT_HARNESS_URL=http://127.0.0.1:4010 event-harness trigger identify --count 5
  event-harness trigger delete --url http://127.0.0.1:4010 --user-id user_1`;

const TYPES = [...SAMPLE_TYPES, 'batch', 'delete'];

interface Call {
  readonly path: string;
  readonly body: unknown;
  readonly auth: boolean;
}

function callsFor(type: string, n: number, userId: string | undefined, admin: string): Call {
  const user = userId !== undefined ? { userId } : {};
  if (type === 'delete') return { path: `${admin}/deletions`, body: { userIds: [userId ?? `user_${n}`] }, auth: false };
  if (type === 'batch')
    return {
      path: '/v1/batch',
      body: { batch: SAMPLE_TYPES.map((each) => sampleCall(each, { n, ...user })) },
      auth: true,
    };
  const { type: _route, ...call } = sampleCall(type as SampleType, { n, ...user });
  return { path: `/v1/${type}`, body: call, auth: true };
}

function nothingAnswers(url: URL, error: unknown): UsageError {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  const why = cause?.code ?? cause?.message ?? (error as Error).message;
  return new UsageError(
    `trigger: nothing answers at ${url.origin} (${why}); start the mock with \`event-harness serve\` and pass the URL it prints`,
  );
}

/** The call type: the one positional argument, one of TYPES. */
function typeOf(positionals: readonly string[]): string {
  const [type, ...extra] = positionals;
  if (type === undefined || !TYPES.includes(type))
    throw new UsageError(
      `trigger: expected a TYPE, one of ${TYPES.join(', ')}; received ${type === undefined ? 'nothing' : JSON.stringify(type)}`,
    );
  if (extra.length > 0)
    throw new UsageError(
      `trigger: expected one TYPE; received also ${extra.map((item) => JSON.stringify(item)).join(', ')}`,
    );
  return type;
}

/** The mock's base URL: --url, else EVENT_HARNESS_URL. */
function mockUrl(given: string | undefined, env: CliIo['env']): URL {
  const base = given ?? env.EVENT_HARNESS_URL;
  if (base === undefined || base === '')
    throw new UsageError(
      'trigger: no mock to send to; give --url http://HOST:PORT (the URL `event-harness serve` prints) or set EVENT_HARNESS_URL',
    );
  try {
    return new URL(base);
  } catch {
    throw new UsageError(
      `trigger: --url must be an absolute http URL such as http://127.0.0.1:4010; received ${JSON.stringify(base)}`,
    );
  }
}

/** Sends one call and answers the mock's response; a mock that does not answer is a usage error saying so. */
async function send(url: URL, call: Call, writeKey: string): Promise<Response> {
  try {
    return await fetch(new URL(call.path, url), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(call.auth ? { authorization: `Basic ${Buffer.from(`${writeKey}:`).toString('base64')}` } : {}),
      },
      body: JSON.stringify(call.body),
      signal: AbortSignal.timeout(10_000),
    });
  } catch (error) {
    throw nothingAnswers(url, error);
  }
}

export function run(args: readonly string[], io: CliIo): Promise<number> {
  return withUsageErrors('trigger', io, async () => {
    const { values, positionals } = parseOptions(
      'trigger',
      args,
      {
        url: { type: 'string' },
        'write-key': { type: 'string' },
        count: { type: 'string' },
        'user-id': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      true,
    );
    if (values.help === true) {
      io.stdout.write(`${HELP}\n`);
      return 0;
    }
    const type = typeOf(positionals);
    const url = mockUrl(values.url, io.env);
    const count = integerOption('trigger', 'count', values.count, 1, 10_000) ?? 1;
    const writeKey = values['write-key'] ?? 'trigger-key';
    if (writeKey === '') throw new UsageError('trigger: --write-key must not be empty');
    const admin = await adminPathForKey(url, writeKey).catch((error: unknown) => {
      throw nothingAnswers(url, error);
    });
    let failed = 0;
    for (let n = 1; n <= count; n++) {
      const call = callsFor(type, n, values['user-id'], admin);
      const response = await send(url, call, writeKey);
      const text = await response.text();
      if (!response.ok) failed++;
      io.stdout.write(`POST ${new URL(call.path, url).pathname} -> ${response.status} ${text}\n`);
    }
    io.stdout.write(
      failed === 0
        ? `sent ${count} ${type} call${count > 1 ? 's' : ''}; see ${url.origin}${admin}/events and ${url.origin}${admin}/deliveries\n`
        : `${failed} of ${count} calls were not answered 2xx\n`,
    );
    return failed === 0 ? 0 : 1;
  });
}

export const summary = 'send sample calls (track, identify, ..., batch, delete) to a running mock';
export const triggerCommand: CommandModule = { run, summary };
