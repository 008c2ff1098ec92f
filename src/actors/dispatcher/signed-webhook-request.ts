import { classifyOutcome } from '../../domain/delivery/classify-outcome.js';
import type { DispatchPayloadInput } from '../../domain/delivery/payload-sender.js';
import { webhookHeaders } from '../../domain/delivery/webhook-headers.js';
import { serializePayload } from '../../domain/signing/serialize-payload.js';
import { signPayload } from '../../domain/signing/sign-payload.js';
import type { DispatchRequestInput } from './dispatcher-options.js';

/**
 * The Webhooks request for a payload (rule 4.1, 5): serialized once, those bytes signed with the source's
 * shared secret, one target per configured URL with its own headers, the Webhooks retry classes.
 */
export function signedWebhookRequest(
  input: DispatchPayloadInput,
  userAgent: string,
  timeoutMs: number,
): DispatchRequestInput {
  const body = serializePayload(input.payload);
  const signature =
    input.settings.sharedSecret !== undefined ? signPayload(input.settings.sharedSecret, body) : undefined;
  const targets = input.settings.webhooks.map((hook) => ({
    url: hook.url,
    headers: webhookHeaders(hook.headers as Record<string, string> | undefined, userAgent, signature),
  }));
  return {
    writeKey: input.writeKey,
    destination: 'Webhooks',
    type: typeof input.payload.type === 'string' ? input.payload.type : 'unknown',
    messageId: input.messageId ?? (typeof input.payload.messageId === 'string' ? input.payload.messageId : ''),
    body,
    targets,
    timeoutMs,
    classify: classifyOutcome,
  };
}
