import { UsageError } from '../errors/config-errors.js';
import { buildEventPayload } from '../domain/delivery/build-payload.js';
import { classifyOutcome } from '../domain/delivery/classify-outcome.js';
import { WEBHOOKS_USER_AGENT, webhookHeaders } from '../domain/delivery/webhook-headers.js';
import { serializePayload } from '../domain/signing/serialize-payload.js';
import { signPayload } from '../domain/signing/sign-payload.js';
import { asAccepted, isSampleType, sampleCall, SAMPLE_TYPES } from './sample-calls.js';
import { postWebhook, type WebhookExchange } from './post-webhook.js';

/** The payload kinds one sample webhook can carry: every call type, and a deletion notification. */
export const SAMPLE_WEBHOOK_TYPES = [...SAMPLE_TYPES, 'delete'] as const;

export interface SampleWebhook {
  readonly url: URL;
  /** A call type or delete (default track). */
  readonly type?: string;
  /** Fields merged over the sample payload. */
  readonly data?: Readonly<Record<string, unknown>>;
  /** Signs with X-Signature when set, as the service does. */
  readonly secret?: string;
  /** Static headers, as a destination entry adds them. */
  readonly headers?: Readonly<Record<string, string>>;
  readonly timeoutMs: number;
  readonly ca?: readonly string[];
}

/** The request as it was written: the exact body bytes and every header, the signature among them. */
export interface SampleWebhookRequest {
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

/** What the service would make of the receiver's answer. */
export interface WebhookVerdict {
  readonly ok: boolean;
  readonly outcome: 'delivered' | 'retried' | 'given up';
  readonly line: string;
}

/** The payload of one sample delivery: an accepted call of `type` as the service forwards it, or a delete notification. */
export function samplePayload(type: string, data: Readonly<Record<string, unknown>>): Record<string, unknown> {
  if (type === 'delete') return { type: 'delete', userId: 'user_1', timestamp: new Date().toISOString(), ...data };
  if (!isSampleType(type))
    throw new UsageError(
      `send: --type must be one of ${SAMPLE_WEBHOOK_TYPES.join(', ')}; received ${JSON.stringify(type)}`,
    );
  return buildEventPayload({ ...asAccepted(sampleCall(type)), ...data });
}

/** The signed request of one sample delivery, built as the dispatcher builds its own (same body, headers, signature). */
export function sampleWebhookRequest(webhook: Omit<SampleWebhook, 'timeoutMs' | 'ca'>): SampleWebhookRequest {
  const body = serializePayload(samplePayload(webhook.type ?? 'track', webhook.data ?? {}));
  const signature = webhook.secret === undefined ? undefined : signPayload(webhook.secret, body);
  const headers = webhookHeaders({ ...(webhook.headers ?? {}) }, WEBHOOKS_USER_AGENT, signature);
  return { url: webhook.url.href, headers, body };
}

/** Whether the service counts the exchange delivered, retries it or gives up, in a sentence. */
export function webhookVerdict(exchange: WebhookExchange): WebhookVerdict {
  if (exchange.status === undefined) {
    const verdict = classifyOutcome({ kind: 'error', code: exchange.error ?? 'ERROR' });
    return verdict === 'retryable'
      ? {
          ok: false,
          outcome: 'retried',
          line: `no answer (${exchange.error ?? 'error'}); the service would retry it with backoff for up to 4 hours`,
        }
      : {
          ok: false,
          outcome: 'given up',
          line: `no answer (${exchange.error ?? 'error'}); the service would not retry it (a self-signed certificate is refused before any request is written)`,
        };
  }
  const verdict = classifyOutcome({ kind: 'response', status: exchange.status });
  if (verdict === 'success')
    return {
      ok: true,
      outcome: 'delivered',
      line: `delivered: ${exchange.status} is a 2xx, so the service counts the event as processed`,
    };
  if (verdict === 'retryable')
    return {
      ok: false,
      outcome: 'retried',
      line: `not delivered: the service would retry a ${exchange.status} with backoff for up to 4 hours`,
    };
  return {
    ok: false,
    outcome: 'given up',
    line: `not delivered: the service would not retry a ${exchange.status} (3xx and 4xx other than 408 and 429 are final)`,
  };
}

/** Builds one sample delivery, posts it as the service does, and says what the service would make of the answer. */
export async function sendSampleWebhook(
  webhook: SampleWebhook,
): Promise<{ request: SampleWebhookRequest; exchange: WebhookExchange; verdict: WebhookVerdict }> {
  const request = sampleWebhookRequest(webhook);
  const exchange = await postWebhook(webhook.url, request.headers, request.body, {
    timeoutMs: webhook.timeoutMs,
    ...(webhook.ca !== undefined ? { ca: webhook.ca } : {}),
  });
  return { request, exchange, verdict: webhookVerdict(exchange) };
}
