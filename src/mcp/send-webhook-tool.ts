import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { DELIVERY_TIMEOUT_MS } from '../contract/spec-limits.js';
import { WEBHOOKS_USER_AGENT } from '../domain/delivery/webhook-headers.js';
import { shownHeaders } from '../core/admin/redact-delivery.js';
import { redactUrlPasswords } from '../errors/redact-url-passwords.js';
import type { McpContext, SentWebhook } from './mcp-context.js';
import { allowedTarget } from './target-policy.js';
import { answer } from './tool-result.js';
import { given, jsonObject, oneOf, staticHeaders, text, toolArguments, wholeNumber } from './tool-arguments.js';

/** Characters of the receiver's answer body shown; a receiver may answer anything. */
const SHOWN_BODY_CHARS = 4_000;

export function registerSendWebhookTool(server: McpServer, context: McpContext): void {
  const { webhooks, targets } = context;
  server.registerTool(
    'send_webhook',
    {
      title: 'Send one signed webhook',
      description: `Delivers one webhook to your receiver at url exactly as the service does (a sample payload of the type with "version": 1, User-Agent ${WEBHOOKS_USER_AGENT}, Content-Type application/json and, with secret, X-Signature = hex HMAC-SHA1 of the exact body bytes), then answers the request as written (static header values redacted; the secret is never shown), the receiver's answer, and whether the service would count it delivered, retry it (5xx, 408, 429, no answer in time) or give up. The url must be on loopback (127.0.0.1, localhost, ::1) unless the user allowed its host.`,
      inputSchema: toolArguments({
        url: text('Your receiver, e.g. http://127.0.0.1:3000/hooks', 2_000),
        secret: text(
          'The shared secret to sign with; without it no X-Signature is sent, as the service does',
        ).optional(),
        type: oneOf(webhooks.types, `The payload: ${webhooks.types.join(', ')} (default track)`).optional(),
        data: jsonObject('Fields merged over the sample payload, e.g. {"userId": "u42"}').optional(),
        headers: staticHeaders('Static headers, as a destination entry adds them').optional(),
        timeoutMs: wholeNumber(
          1,
          30_000,
          `How long to wait for the whole answer (default ${DELIVERY_TIMEOUT_MS}, the service's limit)`,
        ).optional(),
      }),
      annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: true },
    },
    ({ url, secret, type, data, headers, timeoutMs }) =>
      answer(async () => {
        const target = allowedTarget(url, 'url', targets);
        const sent = await webhooks.send({
          url: target,
          type: type ?? 'track',
          timeoutMs: timeoutMs ?? DELIVERY_TIMEOUT_MS,
          ...given({ secret, data, headers }),
        });
        return {
          request: {
            method: 'POST',
            url: redactUrlPasswords(sent.request.url),
            headers: shownHeaders(sent.request.headers),
            body: sent.request.body,
          },
          answer: shownAnswer(sent.exchange),
          verdict: sent.verdict,
        };
      }),
  );
}

/** The receiver's answer as the tool shows it (a long body cut short), or the error that stood for one. */
function shownAnswer(exchange: SentWebhook['exchange']) {
  if (exchange.status === undefined) return { error: exchange.error ?? 'error', durationMs: exchange.durationMs };
  const body = exchange.body ?? '';
  return {
    status: exchange.status,
    headers: exchange.headers ?? {},
    body:
      body.length > SHOWN_BODY_CHARS
        ? `${body.slice(0, SHOWN_BODY_CHARS)}... (${body.length} characters in all)`
        : body,
    durationMs: exchange.durationMs,
  };
}
