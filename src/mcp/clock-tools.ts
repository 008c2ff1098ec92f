import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { MockConnection } from './mock-connection.js';
import type { McpContext } from './mcp-context.js';
import { answer } from './tool-result.js';
import { runArgument, toolArguments, wholeNumber } from './tool-arguments.js';

const DEFAULT_BUDGET_MS = 60_000;
/** Real time a clock move may take beyond its own budget before the admin request counts as unanswered. */
const ANSWER_MARGIN_MS = 5_000;

const budgetArgument = wholeNumber(
  1,
  600_000,
  `Real milliseconds the move may take at most (default ${DEFAULT_BUDGET_MS}); retries make real requests to the receivers while it runs`,
).optional();

/** How many deliveries of the run are in each state: what a clock move changed. */
async function deliveryStates(connection: MockConnection, run: string | undefined) {
  const admin = connection.admin(run);
  const states = ['pending', 'delivered', 'failed', 'expired'] as const;
  const totals = await Promise.all(
    states.map(async (state) => (await admin.get<{ total: number }>('/deliveries', { state, limit: 0 })).total),
  );
  return Object.fromEntries(states.map((state, index) => [state, totals[index] ?? 0]));
}

export function registerClockTools(server: McpServer, context: McpContext): void {
  const { connection } = context;
  server.registerTool(
    'get_clock',
    {
      title: 'Read the clock',
      description:
        "The run's clock: mode (fake: virtual time that moves only when told; system: real time) and now (ISO 8601). Read-only.",
      inputSchema: toolArguments({ run: runArgument }),
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ run }) => answer(() => connection.admin(run).get<Record<string, unknown>>('/clock')),
  );

  server.registerTool(
    'advance_clock',
    {
      title: 'Move the fake clock',
      description:
        'Moves the fake clock forward by ms (virtual milliseconds), firing what falls due on the way: delivery retries (5xx, 408, 429 and timeouts are retried with backoff for up to 4 hours = 14400000 ms), fault delays. The real request of each retry is answered (or times out after 5 s of real time) before time moves past it, so the records are those of a clock stepped timer by timer. Answers the clock and the deliveries per state afterwards. Refused with CLOCK_NOT_FAKE when the mock runs on the system clock.',
      inputSchema: toolArguments({
        run: runArgument,
        ms: wholeNumber(0, Number.MAX_SAFE_INTEGER, 'Virtual milliseconds to move forward (e.g. 3600000 for an hour)'),
        budgetMs: budgetArgument,
      }),
      annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: false },
    },
    ({ run, ms, budgetMs }) =>
      answer(async () => {
        const clock = await connection
          .admin(run, (budgetMs ?? DEFAULT_BUDGET_MS) + ANSWER_MARGIN_MS)
          .post<Record<string, unknown>>('/clock/advance', {
            ms,
            ...(budgetMs !== undefined ? { budgetMs } : {}),
          });
        return { clock, deliveries: await deliveryStates(connection, run) };
      }),
  );

  server.registerTool(
    'run_until_idle',
    {
      title: 'Run the fake clock until idle',
      description:
        'Fires every pending timer of the fake clock (retries, fault delays), letting real requests finish between them, until nothing is pending: every delivery ends delivered, failed or expired (after the 4-hour retry window). Bounded by budgetMs of real time; past it the error names what did not finish. Answers the clock and the deliveries per state. Refused with CLOCK_NOT_FAKE on the system clock.',
      inputSchema: toolArguments({ run: runArgument, budgetMs: budgetArgument }),
      annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: false },
    },
    ({ run, budgetMs }) =>
      answer(async () => {
        await connection
          .admin(run, (budgetMs ?? DEFAULT_BUDGET_MS) + ANSWER_MARGIN_MS)
          .post('/clock/run-until-idle', budgetMs !== undefined ? { budgetMs } : {});
        const clock = await connection.admin(run).get<Record<string, unknown>>('/clock');
        return { clock, deliveries: await deliveryStates(connection, run) };
      }),
  );
}
