import type { DeliveryTarget, DeliveryView } from '../actors/dispatcher/webhook-dispatcher.js';
import { outgoingHeaderProblem } from '../contract/outgoing-headers.js';
import { redactUrlPasswords } from '../contract/secret-redaction.js';
import { ACTIONS_USER_AGENT } from '../domain/delivery/actions-request.js';
import { WEBHOOKS_USER_AGENT, webhookHeaders } from '../domain/delivery/webhook-headers.js';
import { signPayload } from '../domain/signing/sign-payload.js';
import { webhookSettingsOf } from '../domain/sources/source-registry.js';
import type { ServiceCore } from './service-core.js';

/**
 * Why an exported target's headers may not be imported, or undefined: every header by the one rule of headers the
 * service sends (contract/outgoing-headers), but Content-Type and X-Signature, which the dispatcher itself wrote and
 * an export holds; their values still by the rule.
 */
export function importedHeadersProblem(headers: Readonly<Record<string, unknown>>): string | undefined {
  for (const [name, value] of Object.entries(headers)) {
    if (typeof value !== 'string') return `the header ${JSON.stringify(name)} must have a string value`;
    const lower = name.toLowerCase();
    const problem = outgoingHeaderProblem(lower === 'content-type' || lower === 'x-signature' ? 'X-Own' : name, value);
    if (problem !== undefined) return problem.replace('"X-Own"', JSON.stringify(name));
  }
  return undefined;
}

/** The value of a header, whatever its letter case. */
function headerValue(headers: Readonly<Record<string, string>>, name: string): string | undefined {
  for (const [key, value] of Object.entries(headers)) if (key.toLowerCase() === name) return value;
  return undefined;
}

/**
 * The targets an imported delivery is sent to again (its retries, a redeliver): never its exported headers as given.
 * An export shows static header values and URL passwords redacted, and the file may have been written by anyone. A
 * Webhooks target whose source and URL this harness is configured with gets that configuration's static headers
 * and URL, and a signature from its shared secret; any other target gets only the headers the dispatcher sets
 * itself (Content-Type, its User-Agent, the exported X-Signature, which is derived from the body).
 */
export function importedTargets(core: ServiceCore, view: DeliveryView): DeliveryTarget[] {
  const actions = view.destination === 'Webhooks (Actions)';
  const userAgent = actions ? ACTIONS_USER_AGENT : (core.config.delivery?.userAgent ?? WEBHOOKS_USER_AGENT);
  const settings = actions ? undefined : webhookSettingsOf(core.sources.get(view.writeKey));
  const body = view.request.body;
  return view.targets.map((target) => {
    const hook = settings?.webhooks.find((h) => h.url === target.url || redactUrlPasswords(h.url) === target.url);
    const method = target.method !== undefined ? { method: target.method } : {};
    if (settings !== undefined && hook !== undefined) {
      const signature = settings.sharedSecret !== undefined ? signPayload(settings.sharedSecret, body) : undefined;
      const headers = webhookHeaders(hook.headers as Record<string, string> | undefined, userAgent, signature);
      return { url: hook.url, headers, ...method };
    }
    const headers: Record<string, string> = { 'User-Agent': userAgent, 'Content-Type': 'application/json' };
    const signature = headerValue(target.headers, 'x-signature');
    if (signature !== undefined) headers['X-Signature'] = signature;
    return { url: target.url, headers, ...method };
  });
}
