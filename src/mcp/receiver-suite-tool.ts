import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { ServerNotification, ServerRequest } from '@modelcontextprotocol/sdk/types.js';
import {
  clauseTitles,
  DEFAULT_TIMEOUT_MS,
  exitCodeOf,
  receiverClauses,
  runReceiverSuite,
  summaryLines,
  type ReceiverSuiteOptions,
} from '../../conformance/index.js';
import type { McpContext } from './mcp-context.js';
import { allowedTarget } from './target-policy.js';
import { answer } from './tool-result.js';
import { given, staticHeaders, text, textList, toolArguments, wholeNumber } from './tool-arguments.js';

/** Defaults that finish within the 60 s most MCP clients wait for a tool by default. */
const DEFAULT_RUNS = 20;
const DEFAULT_BUDGET_MS = 45_000;

export function registerReceiverSuiteTool(server: McpServer, context: McpContext): void {
  const titles = clauseTitles(receiverClauses);
  server.registerTool(
    'check_receiver',
    {
      title: 'Run the receiver conformance suite',
      description: `Runs the receiver conformance suite against your webhook receiver at url (what \`event-harness check receiver\` runs): signed deliveries of every payload type with hostile content, forged signatures, redeliveries, concurrent deliveries, the 5-second deadline. Answers passed, the summary, and every clause (id, level MUST or SHOULD, pass, fail or skip, title, the rule, and for a failure the message with the fix, the counterexample request and the command that replays it). The url must be on loopback unless the user allowed its host. Defaults (runs ${DEFAULT_RUNS}, budgetMs ${DEFAULT_BUDGET_MS}) finish within a minute; raise them when your client waits longer. Clauses: ${receiverClauses.map((c) => c.id).join(', ')}.`,
      inputSchema: toolArguments({
        url: text('Your receiver, e.g. http://127.0.0.1:3000/hooks', 2_000),
        secret: text(
          'The shared secret your receiver verifies X-Signature with; enables the signature clauses',
        ).optional(),
        headers: staticHeaders('Static headers sent with every delivery').optional(),
        runs: wholeNumber(1, 1_000, `Runs per property clause (default ${DEFAULT_RUNS})`).optional(),
        seed: wholeNumber(
          -(2 ** 31),
          2 ** 31 - 1,
          'Seed of the run (default random; in the report, to replay)',
        ).optional(),
        only: textList('Run only these clause ids').optional(),
        skip: textList('Leave these clause ids out').optional(),
        waive: textList('Accept these clause ids as not run (listed in the report)').optional(),
        timeoutMs: wholeNumber(
          1,
          60_000,
          `The answer deadline of one delivery (default ${DEFAULT_TIMEOUT_MS})`,
        ).optional(),
        budgetMs: wholeNumber(
          1_000,
          600_000,
          `Real milliseconds the whole run may take (default ${DEFAULT_BUDGET_MS})`,
        ).optional(),
      }),
      annotations: { readOnlyHint: true, openWorldHint: true },
    },
    ({ url, secret, headers, runs, seed, only, skip, waive, timeoutMs, budgetMs }, extra) =>
      answer(async () => {
        const target = allowedTarget(url, 'url', context.targets);
        const budget = budgetMs ?? DEFAULT_BUDGET_MS;
        const report = await runReceiverSuite({
          target: { url: target.href, ...given({ secret, headers }) },
          runs: runs ?? DEFAULT_RUNS,
          budgetMs: budget,
          clauseTimeLimitMs: budget,
          ...given({ seed, only, skip, waive, timeoutMs }),
          ...progressNotifications(extra),
        });
        return {
          passed: report.passed,
          exitCode: exitCodeOf(report),
          summary: summaryLines(report),
          report: {
            ...report,
            clauses: report.clauses.map((clause) => ({
              ...clause,
              title: titles.get(clause.id)?.title,
              rule: titles.get(clause.id)?.spec,
            })),
          },
        };
      }),
  );
}

/**
 * A progress notification per clause when the client asked for progress (a progress token): a client that resets
 * its timeout on progress then waits for the whole run.
 */
function progressNotifications(
  extra: RequestHandlerExtra<ServerRequest, ServerNotification>,
): Pick<ReceiverSuiteOptions, 'onClause'> {
  const progressToken = extra._meta?.progressToken;
  if (progressToken === undefined) return {};
  return {
    onClause: (result, progress) =>
      void extra
        .sendNotification({
          method: 'notifications/progress',
          params: {
            progressToken,
            progress: progress.index + 1,
            total: progress.total,
            message: `${result.id}: ${result.status}`,
          },
        })
        .catch(() => undefined),
  };
}
