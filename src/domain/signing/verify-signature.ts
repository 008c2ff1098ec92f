import { timingSafeEqual } from 'node:crypto';
import { signPayload } from './sign-payload.js';

/** Verifies an X-Signature header over the raw body bytes, in constant time. */
export function verifySignature(secret: string, body: string | Uint8Array, signature: string | undefined): boolean {
  if (typeof signature !== 'string' || !/^[0-9a-fA-F]{40}$/.test(signature)) return false;
  const expected = Buffer.from(signPayload(secret, body), 'hex');
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}
