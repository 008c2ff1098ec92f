import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ServerUnreachableError } from '../errors/client-errors.js';
import type { McpContext } from './mcp-context.js';
import { answer } from './tool-result.js';
import { oneOf, runArgument, text, toolArguments, wholeNumber } from './tool-arguments.js';

/** The write key sample calls use on a run that has none of its own (the default run without a config). */
const SAMPLE_WRITE_KEY = 'mcp-sample-key';
/** Real milliseconds one sample request may take. */
const REQUEST_TIMEOUT_MS = 10_000;

interface RunView {
  readonly writeKeys: readonly string[];
}

interface SampleRequest {
  readonly url: string;
  readonly body: Record<string, unknown>;
  readonly writeKey?: string;
}

/** One sample request; a mock that does not answer is a ServerUnreachableError naming the request. */
async function post(request: SampleRequest): Promise<Response> {
  try {
    return await fetch(request.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(request.writeKey !== undefined
          ? { authorization: `Basic ${Buffer.from(`${request.writeKey}:`).toString('base64')}` }
          : {}),
      },
      body: JSON.stringify(request.body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).message;
    throw new ServerUnreachableError(`POST ${request.url} failed (${cause}); is the mock still running?`, {
      cause: error,
    });
  }
}

export function registerSampleCallTool(server: McpServer, context: McpContext): void {
  const { connection, samples } = context;
  const types = [...samples.types, 'batch', 'delete'] as const;

  /** The write key the calls go with: the one given, else the run's first, else the zero-config sample key. */
  async function writeKeyFor(run: string | undefined, writeKey: string | undefined): Promise<string> {
    if (writeKey !== undefined) return writeKey;
    const view = await connection.root.get<RunView>(`/runs/${encodeURIComponent(connection.runOf(run) ?? 'default')}`);
    return view.writeKeys[0] ?? SAMPLE_WRITE_KEY;
  }

  function requestFor(
    type: string,
    n: number,
    userId: string | undefined,
    writeKey: string,
    run: string | undefined,
  ): SampleRequest {
    const user = userId !== undefined ? { userId } : {};
    if (type === 'delete')
      return { url: `${connection.admin(run).base}/deletions`, body: { userIds: [userId ?? `user_${n}`] } };
    if (type === 'batch')
      return {
        url: `${connection.server}/v1/batch`,
        body: { batch: samples.types.map((each) => samples.call(each, { n, ...user })) },
        writeKey,
      };
    const { type: _route, ...call } = samples.call(type, { n, ...user });
    return { url: `${connection.server}/v1/${type}`, body: call, writeKey };
  }

  server.registerTool(
    'send_sample_calls',
    {
      title: 'Send sample calls to the mock',
      description: `Sends realistic sample calls to the mock's collection API, as an SDK would (HTTP Basic auth with the write key): ${samples.types.join(', ')}, batch (one of each in one /v1/batch request), or delete (a deletion request for the user, which notifies the webhooks). The events then show in query_journal and, through the Webhooks destination, in list_deliveries. Answers each request's status and the messageIds sent.`,
      inputSchema: toolArguments({
        run: runArgument,
        type: oneOf(types as unknown as [string, ...string[]], `One of ${types.join(', ')}`),
        count: wholeNumber(1, 100, 'How many calls (default 1)').optional(),
        userId: text('The user of the calls (default user_1, user_2, ...)').optional(),
        writeKey: text("The write key (default: the run's first write key)").optional(),
      }),
      annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: false },
    },
    ({ run, type, count, userId, writeKey }) =>
      answer(async () => {
        const key = await writeKeyFor(run, writeKey);
        const calls = [];
        for (let n = 1; n <= (count ?? 1); n++) {
          const request = requestFor(type, n, userId, key, run);
          const response = await post(request);
          const text = await response.text();
          let parsed: unknown = text;
          try {
            parsed = JSON.parse(text);
          } catch {
            // Not JSON: the text as it came.
          }
          const sent = Array.isArray(request.body.batch) ? request.body.batch : [request.body];
          calls.push({
            url: request.url,
            status: response.status,
            answer: parsed,
            messageIds: sent.flatMap((call) => {
              const id = (call as { messageId?: unknown }).messageId;
              return typeof id === 'string' ? [id] : [];
            }),
          });
        }
        return { writeKey: key, calls };
      }),
  );
}
