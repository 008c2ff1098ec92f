import { readCaFiles } from '../../../conformance/framework/read-ca-files.js';
import type { CliIo, CommandModule } from '../command.js';
import { DELIVERY_TIMEOUT_MS, MAX_STATIC_HEADERS } from '../../contract/spec-limits.js';
import { UsageError } from '../../errors/config-errors.js';
import { integerOption, parseOptions } from '../parse-options.js';
import { SAMPLE_TYPES } from '../sample-calls.js';
import { postWebhook, type WebhookExchange } from '../post-webhook.js';
import { withUsageErrors } from '../usage-errors.js';
import { sampleWebhookRequest, webhookVerdict } from '../sample-webhook.js';
import { parseHeaderOption } from '../parse-header-option.js';

const HELP = `usage: event-harness send URL [--secret S] [--type TYPE] [options]

Delivers one webhook to your receiver exactly as the service does (the payload with "version": 1, the
User-Agent, Content-Type and, with --secret, the X-Signature over the exact body bytes), then prints the
request and your receiver's answer, and whether the service would count it delivered, retry it or give up.

options:
  --secret S          shared secret to sign with (no X-Signature without it, as the service does)
  --type TYPE         ${SAMPLE_TYPES.join(', ')} or delete (default track)
  --data JSON         fields merged over the sample payload, e.g. '{"userId":"u42"}'
  --header "K: V"     a static header, as a destination entry would add (repeatable, at most ${MAX_STATIC_HEADERS})
  --ca FILE           a PEM certificate to trust besides the system store (repeatable)
  --timeout MS        how long to wait for the whole answer (default ${DELIVERY_TIMEOUT_MS}, the service's limit)

exit code: 0 the receiver answered 2xx; 1 any other answer or none; 2 usage error.

examples:
  event-harness send http://localhost:3000/hooks --secret my-signing-secret
  event-harness send https://localhost:8443/hooks --secret s --type identify --ca dev-ca.pem
  event-harness send http://localhost:3000/hooks --type delete --data '{"userId":"u42"}'`;

function parseData(text: string | undefined): Record<string, unknown> {
  if (text === undefined) return {};
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new UsageError(
      `send: --data must be a JSON object; received ${JSON.stringify(text)} (${(error as Error).message})`,
    );
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data))
    throw new UsageError(`send: --data must be a JSON object; received ${JSON.stringify(text)}`);
  return data as Record<string, unknown>;
}

function prefixed(prefix: string, text: string): string {
  return text
    .split('\n')
    .map((line) => `${prefix} ${line}`.trimEnd())
    .join('\n');
}

/** The receiver's URL: the one positional argument, absolute, http or https. */
function receiverUrl(positionals: readonly string[]): URL {
  const [target, ...extra] = positionals;
  if (target === undefined) throw new UsageError('send: expected the URL of your webhook receiver; received nothing');
  if (extra.length > 0)
    throw new UsageError(
      `send: expected one URL; received also ${extra.map((item) => JSON.stringify(item)).join(', ')}`,
    );
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    throw new UsageError(`send: the URL must be absolute, with http or https; received ${JSON.stringify(target)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new UsageError(`send: the URL must use http or https; received ${JSON.stringify(target)}`);
  return url;
}

/** The static headers of --header, each by the rule of headers the service sends, and no more than it allows. */
function staticHeaders(options: readonly string[]): Record<string, string> {
  const headers = options.map((header) => parseHeaderOption('send', header));
  if (headers.length > MAX_STATIC_HEADERS)
    throw new UsageError(
      `send: at most ${MAX_STATIC_HEADERS} static headers per URL, as the service allows; received ${headers.length}`,
    );
  return Object.fromEntries(headers);
}

/** The receiver's answer as `<` lines (status, headers, body), or the error that stood for one. */
function answerLines(exchange: WebhookExchange): string {
  if (exchange.status === undefined) return `< no answer: ${exchange.error ?? 'error'} after ${exchange.durationMs} ms`;
  const answer = [
    `${exchange.status} (${exchange.durationMs} ms)`,
    ...Object.entries(exchange.headers ?? {}).map(
      ([name, value]) => `${name}: ${Array.isArray(value) ? value.join(', ') : String(value)}`,
    ),
    '',
    exchange.body ?? '',
  ];
  return prefixed('<', answer.join('\n'));
}

export function run(args: readonly string[], io: CliIo): Promise<number> {
  return withUsageErrors('send', io, async () => {
    const { values, positionals } = parseOptions(
      'send',
      args,
      {
        secret: { type: 'string' },
        type: { type: 'string' },
        data: { type: 'string' },
        header: { type: 'string', multiple: true },
        ca: { type: 'string', multiple: true },
        timeout: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      true,
    );
    if (values.help === true) {
      io.stdout.write(`${HELP}\n`);
      return 0;
    }
    const url = receiverUrl(positionals);
    const headers = staticHeaders(values.header ?? []);
    const timeoutMs = integerOption('send', 'timeout', values.timeout, 1, 600_000) ?? DELIVERY_TIMEOUT_MS;
    const ca = await readCaFiles('send', values.ca ?? [], io.cwd);
    const { headers: requestHeaders, body } = sampleWebhookRequest({
      url,
      type: values.type ?? 'track',
      data: parseData(values.data),
      headers,
      ...(values.secret !== undefined ? { secret: values.secret } : {}),
    });
    io.stdout.write(
      `${prefixed('>', [`POST ${url.href}`, ...Object.entries(requestHeaders).map(([name, value]) => `${name}: ${value}`), '', body].join('\n'))}\n\n`,
    );
    const exchange = await postWebhook(url, requestHeaders, body, { timeoutMs, ca });
    io.stdout.write(`${answerLines(exchange)}\n\n`);
    const verdict = webhookVerdict(exchange);
    io.stdout.write(`${verdict.line}\n`);
    return verdict.ok ? 0 : 1;
  });
}

export const summary = 'deliver one signed webhook to your receiver and print the exchange';
export const sendCommand: CommandModule = { run, summary };
