import type { DeliveryView } from '../../actors/dispatcher/webhook-dispatcher.js';
import { redactHeaders, redactUrlPasswords } from '../../contract/secret-redaction.js';
import { ACTIONS_USER_AGENT } from '../../domain/delivery/actions-request.js';
import { WEBHOOKS_USER_AGENT } from '../../domain/delivery/webhook-headers.js';

/**
 * Headers a delivery shows as sent (here and in `event-harness mcp`'s send_webhook): the ones the dispatcher sets (the signature is derived, not the secret).
 * A static header that replaces User-Agent is redacted with the rest: its value is the user's.
 */
const DISPATCHER_HEADERS: ReadonlySet<string> = new Set(['content-type', 'x-signature']);
// The user agents the dispatcher sets itself (classic Webhooks, Webhooks (Actions)) are not the user's.
const DISPATCHER_USER_AGENTS: ReadonlySet<string> = new Set([WEBHOOKS_USER_AGENT, ACTIONS_USER_AGENT]);

export function shownHeaders(headers: Readonly<Record<string, string>>): Record<string, string> {
  const redacted = redactHeaders(headers, DISPATCHER_HEADERS);
  for (const [name, value] of Object.entries(headers))
    if (name === 'User-Agent' && DISPATCHER_USER_AGENTS.has(value)) redacted[name] = value;
  return redacted;
}

/** A delivery as the admin API and the inspector show it: static header values and URL passwords redacted. */
export function redactDelivery(view: DeliveryView): DeliveryView {
  return {
    ...view,
    attempts: view.attempts.map((attempt) => ({ ...attempt, url: redactUrlPasswords(attempt.url) })),
    request: {
      ...view.request,
      url: redactUrlPasswords(view.request.url),
      headers: shownHeaders(view.request.headers),
    },
    targets: view.targets.map((target) => ({
      ...target,
      url: redactUrlPasswords(target.url),
      headers: shownHeaders(target.headers),
    })),
  };
}
