import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { McpContext } from './mcp-context.js';
import { answer } from './tool-result.js';
import { given, oneOf, runArgument, text, toolArguments, wholeNumber } from './tool-arguments.js';

const MAX_PAGE = 200;

/** Webhook deliveries as the admin API shows them: shared secrets never, static header values and URL passwords redacted. */
export function registerDeliveryTools(server: McpServer, context: McpContext): void {
  server.registerTool(
    'list_deliveries',
    {
      title: 'List webhook deliveries',
      description:
        'Lists the webhook deliveries the mock made for accepted events, newest first: state (pending, delivered, failed, expired), every attempt (URL, virtual time, status or error code, duration) and the exact signed request (method, URL, headers with X-Signature, body bytes). Static header values and URL passwords are redacted as the admin API redacts them; the shared secret is never shown. Pages with limit and offset. Read-only.',
      inputSchema: toolArguments({
        run: runArgument,
        state: oneOf(['pending', 'delivered', 'failed', 'expired'], 'The delivery state').optional(),
        writeKey: text('The write key of the source').optional(),
        type: text('The call type, or delete', 50).optional(),
        messageId: text('The messageId of the event, exactly').optional(),
        text: text(
          'Free text: a case-insensitive substring of the id, message id, write key, body, URLs or attempt errors',
        ).optional(),
        limit: wholeNumber(1, MAX_PAGE, `Deliveries at most (default 20, at most ${MAX_PAGE})`).optional(),
        offset: wholeNumber(0, Number.MAX_SAFE_INTEGER, 'Deliveries to skip (default 0)').optional(),
      }),
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ run, text: q, limit, offset, ...filters }) =>
      answer(async () => {
        const from = offset ?? 0;
        const page = await context.connection.admin(run).get<{ total: number; deliveries: unknown[] }>('/deliveries', {
          ...given(filters),
          q,
          limit: limit ?? 20,
          offset: from,
        });
        const next = from + page.deliveries.length;
        return { ...page, offset: from, ...(next < page.total ? { nextOffset: next } : {}) };
      }),
  );

  server.registerTool(
    'get_delivery',
    {
      title: 'Get one webhook delivery',
      description:
        'One delivery by id (as list_deliveries names it, e.g. "d_1"): its state, every attempt and the exact signed request, redacted as the admin API redacts it. Read-only.',
      inputSchema: toolArguments({ run: runArgument, id: text('The delivery id, e.g. "d_1"', 200) }),
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ run, id }) =>
      answer(() => context.connection.admin(run).get<Record<string, unknown>>(`/deliveries/${encodeURIComponent(id)}`)),
  );
}
