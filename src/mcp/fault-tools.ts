import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { McpContext } from './mcp-context.js';
import { answer } from './tool-result.js';
import { flag, fraction, given, runArgument, textList, toolArguments, wholeNumber } from './tool-arguments.js';

const ONE_DAY_S = 86_400;

export function registerFaultTools(server: McpServer, context: McpContext): void {
  const { connection } = context;
  const pending = async (run: string | undefined) => connection.admin(run).get<{ faults: unknown[] }>('/faults');

  server.registerTool(
    'inject_fault',
    {
      title: 'Inject a collection API fault',
      description:
        'Makes the mock\'s collection API misbehave for the next requests from your app or SDK, to test its retries: answer a status (300-599, e.g. 503), 429 with Retry-After (retryAfter seconds), a delay (delayMs on the mock\'s clock, then handle), or a dropped connection (reset: true). count: the next N requests (default 1); share: instead, this share (0-1] of matching requests. routes: only these collection routes (e.g. ["batch"]). Answers the pending faults. Affects only the collection API, not webhook deliveries.',
      inputSchema: toolArguments({
        run: runArgument,
        count: wholeNumber(
          1,
          1_000_000,
          'How many requests get the fault (default 1 unless share is given)',
        ).optional(),
        share: fraction(
          'Instead of the next N: this share of matching requests, drawn from the seeded PRNG',
        ).optional(),
        status: wholeNumber(
          300,
          599,
          'Answer this HTTP status with a JSON error body instead of handling the request',
        ).optional(),
        retryAfter: wholeNumber(
          0,
          ONE_DAY_S,
          'Seconds for Retry-After (status 429 when no status is given)',
        ).optional(),
        delayMs: wholeNumber(
          0,
          ONE_DAY_S * 1000,
          "Wait this long on the mock's clock, then handle (or answer status)",
        ).optional(),
        reset: flag('Drop the connection without an answer').optional(),
        routes: textList(
          'Only requests to these routes, e.g. ["batch"] or ["track", "identify"]; default every collection route',
          20,
        ).optional(),
      }),
      annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: false },
    },
    ({ run, ...rule }) =>
      answer(async () => {
        await connection.admin(run).post('/faults', given(rule));
        return pending(run);
      }),
  );

  server.registerTool(
    'list_faults',
    {
      title: 'List pending faults',
      description:
        'The collection API faults still waiting for requests, each with how many requests it has left. Read-only.',
      inputSchema: toolArguments({ run: runArgument }),
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ run }) => answer(() => pending(run)),
  );

  server.registerTool(
    'clear_faults',
    {
      title: 'Clear faults',
      description: 'Forgets every pending collection API fault of the run, so requests are handled normally again.',
      inputSchema: toolArguments({ run: runArgument }),
      annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
    },
    ({ run }) =>
      answer(async () => {
        await connection.admin(run).delete('/faults');
        return pending(run);
      }),
  );
}
