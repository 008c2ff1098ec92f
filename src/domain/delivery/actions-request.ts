import { signPayload } from '../signing/sign-payload.js';
import { addForwardedFields } from './forwarded-fields.js';

/** The Webhooks (Actions) request client's User-Agent (@segment/actions-core create-request-client.ts). */
export const ACTIONS_USER_AGENT = 'Segment (Actions)';
/** The actions request client's default timeout (@segment/actions-core request-client.ts). */
export const ACTIONS_TIMEOUT_MS = 10_000;
/** Events per batch: the documented default and maximum of a Webhooks (Actions) mapping. */
export const ACTIONS_DEFAULT_BATCH_SIZE = 1_000;
export const ACTIONS_MAX_BATCH_SIZE = 4_000;

/**
 * A mapping's `data` for one event: the default mapping `{ "@path": "$." }` is the whole event, as the service
 * holds it with the fields it adds (no `version`, which only the classic Webhooks payloads carry), and with
 * `projectId`, the source's id, when given (the action-destinations README's sample event carries it).
 */
export function actionsData(event: Record<string, unknown>, projectId?: string): Record<string, unknown> {
  const data = addForwardedFields({ ...event });
  delete data.version;
  if (projectId !== undefined) data.projectId = projectId;
  return data;
}

/**
 * X-Signature as the action-destinations webhook computes it (destinations/webhook/index.ts, extendRequest):
 * hex HMAC-SHA1 of `JSON.stringify(data)` of the single event, or of the FIRST event of a batch, not of the
 * request body. Serialised exactly as the body serialises that event, so a receiver can verify either way.
 */
export function actionsSignature(secret: string, first: Record<string, unknown>): string {
  return signPayload(secret, JSON.stringify(first));
}

/** The request headers: the client's defaults, then the mapping's own, then the signature. */
export function actionsHeaders(
  mappingHeaders: Readonly<Record<string, string>> | undefined,
  signature: string | undefined,
): Record<string, string> {
  const headers: Record<string, string> = { 'User-Agent': ACTIONS_USER_AGENT };
  let ownAgent = false;
  for (const name in mappingHeaders) {
    if (name.toLowerCase() === 'user-agent') {
      ownAgent = true;
      delete headers['User-Agent'];
    }
    headers[name] = mappingHeaders[name] as string;
  }
  if (!ownAgent) headers['User-Agent'] = ACTIONS_USER_AGENT;
  headers['Content-Type'] = 'application/json';
  if (signature !== undefined) headers['X-Signature'] = signature;
  return headers;
}
