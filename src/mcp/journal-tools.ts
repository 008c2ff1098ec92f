import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { McpContext } from './mcp-context.js';
import { answer } from './tool-result.js';
import { given, jsonObject, oneOf, runArgument, text, toolArguments, wholeNumber } from './tool-arguments.js';

/** The keys an entry is matched on: the same as the journal's (and the harness's journal.waitFor's). */
const matchShape = {
  status: oneOf(
    ['accepted', 'rejected', 'duplicate', 'filtered'],
    'What became of the event: accepted, rejected (broke a rule; the entry says why), duplicate (messageId seen before), filtered (the integrations map kept it from Webhooks)',
  ).optional(),
  type: text('The call type: track, identify, page, screen, group or alias', 50).optional(),
  userId: text('The userId, exactly').optional(),
  anonymousId: text('The anonymousId, exactly').optional(),
  writeKey: text('The write key the event came with').optional(),
  messageId: text('The messageId, exactly').optional(),
  event: text("A track call's event name, exactly").optional(),
  name: text("A page or screen call's name, exactly").optional(),
  properties: jsonObject(
    'A deep partial of the properties: every key given must be there with a matching value, e.g. {"orderId": "o-1"}',
  ).optional(),
  traits: jsonObject("A deep partial of an identify or group call's traits").optional(),
  context: jsonObject(
    'A deep partial of the event\'s context, e.g. {"library": {"name": "analytics-node"}}',
  ).optional(),
};

const MAX_PAGE = 500;

export function registerJournalTools(server: McpServer, context: McpContext): void {
  server.registerTool(
    'query_journal',
    {
      title: 'Query the event journal',
      description:
        "Lists the events the mock's collection API received (every call your app or SDK sent), with what became of each: accepted, rejected (with the rule it broke), duplicate or filtered. Filter by the match keys (exact values; properties, traits and context are deep partials) and by free text (a case-insensitive substring of the entry as JSON, its reason too). Pages with limit and offset; answers total (all that matched) and nextOffset when more are left. Read-only.",
      inputSchema: toolArguments({
        run: runArgument,
        ...matchShape,
        text: text(
          'Free text: a case-insensitive substring of the entry as JSON (the rejection reason too)',
        ).optional(),
        order: oneOf(['oldest', 'newest'], 'oldest (default: arrival order) or newest first').optional(),
        limit: wholeNumber(1, MAX_PAGE, `Entries at most (default 20, at most ${MAX_PAGE})`).optional(),
        offset: wholeNumber(0, Number.MAX_SAFE_INTEGER, 'Entries to skip (default 0)').optional(),
      }),
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ run, limit, offset, ...query }) =>
      answer(async () => {
        const from = offset ?? 0;
        const page = await context.connection.journal(run).query({ ...given(query), limit: limit ?? 20, offset: from });
        const next = from + page.events.length;
        return {
          total: page.total,
          offset: from,
          events: page.events,
          ...(next < page.total ? { nextOffset: next } : {}),
        };
      }),
  );

  server.registerTool(
    'wait_for_event',
    {
      title: 'Wait for an event',
      description:
        'Waits until the journal holds an event matching the partial `match` (already there or arriving later) and answers that entry; gives up after timeoutMs of real time (default 5000, at most 60000) with an error saying how many entries the journal holds. Use it after making your app send something, instead of polling query_journal.',
      inputSchema: toolArguments({
        run: runArgument,
        match: z
          .strictObject(matchShape, {
            error: (issue) =>
              issue.code === 'unrecognized_keys'
                ? `unknown match key ${((issue as { keys?: string[] }).keys ?? []).map((key) => JSON.stringify(key)).join(', ')}; match on ${Object.keys(matchShape).join(', ')}`
                : 'expected an object of match keys, e.g. {"type": "track", "event": "Order Completed"}',
          })
          .describe(
            'What the event must match: any of status, type, userId, anonymousId, writeKey, messageId, event, name (exact) and properties, traits, context (deep partials), e.g. {"type": "track", "event": "Order Completed"}',
          ),
        timeoutMs: wholeNumber(1, 60_000, 'Real milliseconds to wait at most (default 5000)').optional(),
      }),
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ run, match, timeoutMs }, extra) =>
      answer(async () => {
        const entry = await context.connection
          .journal(run)
          .waitFor(given(match), { timeout: timeoutMs ?? 5_000, signal: extra.signal });
        return { entry };
      }),
  );
}
