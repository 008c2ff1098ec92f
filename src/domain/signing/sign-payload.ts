import { createHmac } from 'node:crypto';

/**
 * The X-Signature value (rule 5.1): lowercase hex HMAC-SHA1 of the exact body bytes, keyed with the shared
 * secret as UTF-8. The body must be the bytes sent, so serialise once and sign and send that string.
 */
export function signPayload(secret: string, body: string | Uint8Array): string {
  return createHmac('sha1', secret).update(body).digest('hex');
}
