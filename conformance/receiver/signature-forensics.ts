import { createHmac } from 'node:crypto';
import { signPayload } from '../../src/index.js';

/** A common way to get webhook signing wrong, and the signature a receiver with that bug would expect. */
export interface SignatureMistake {
  readonly id: string;
  /** What the receiver does wrong and what to do instead. */
  readonly diagnosis: string;
  /** The X-Signature such a receiver accepts, or undefined when the mistake does not apply to this secret/body. */
  signature(secret: string, body: string): string | undefined;
}

const hmac = (algorithm: string, key: string | Buffer, data: string) => createHmac(algorithm, key).update(data, 'utf8');

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== 'object') return value;
  const sorted: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) Object.defineProperty(sorted, key, { value: sortKeys((value as Record<string, unknown>)[key]), enumerable: true, writable: true, configurable: true });
  return sorted;
}

const escapeNonAscii = (json: string) => json.replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** Python's json.dumps defaults: ", " and ": " separators and \uXXXX for every non-ASCII character. */
function pythonDumps(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(pythonDumps).join(', ')}]`;
  if (value !== null && typeof value === 'object') return `{${Object.entries(value).map(([k, v]) => `${escapeNonAscii(JSON.stringify(k))}: ${pythonDumps(v)}`).join(', ')}}`;
  return escapeNonAscii(JSON.stringify(value) ?? 'null');
}

/** Go's json.Marshal of a map: keys sorted and <, >, &, U+2028, U+2029 escaped. */
const goMarshal = (value: unknown) => JSON.stringify(sortKeys(value)).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

const parse = (body: string): unknown => JSON.parse(body);

const decodedSecret = (secret: string, encoding: 'hex' | 'base64'): Buffer | undefined => {
  if (encoding === 'hex') return /^(?:[0-9a-fA-F]{2})+$/.test(secret) ? Buffer.from(secret, 'hex') : undefined;
  return /^[A-Za-z0-9+/]+={0,2}$/.test(secret) && secret.length % 4 === 0 ? Buffer.from(secret, 'base64') : undefined;
};

const FIX = 'compute HMAC-SHA1 keyed with the shared secret (its UTF-8 bytes) over the raw request body exactly as received, and compare lowercase hex in constant time (SPEC 5.1)';

export const SIGNATURE_MISTAKES: readonly SignatureMistake[] = [
  {
    id: 'indented-json',
    diagnosis: `it signs the body re-serialised with indentation (JSON.stringify(body, null, 2)); ${FIX}`,
    signature: (secret, body) => signPayload(secret, JSON.stringify(parse(body), null, 2)),
  },
  {
    id: 'python-json-dumps',
    diagnosis: `it signs the body re-serialised with Python's json.dumps defaults (", " and ": " separators, non-ASCII escaped); ${FIX}`,
    signature: (secret, body) => signPayload(secret, pythonDumps(parse(body))),
  },
  {
    id: 'sorted-keys',
    diagnosis: `it signs the body re-serialised with its keys sorted; ${FIX}`,
    signature: (secret, body) => signPayload(secret, JSON.stringify(sortKeys(parse(body)))),
  },
  {
    id: 'go-json-marshal',
    diagnosis: `it signs the body re-serialised the way Go's json.Marshal writes a map (sorted keys, <>& escaped); ${FIX}`,
    signature: (secret, body) => signPayload(secret, goMarshal(parse(body))),
  },
  {
    id: 'hex-decoded-secret',
    diagnosis: `it decodes the shared secret as hex before keying the HMAC; the key is the secret string's UTF-8 bytes as configured (SPEC 5.1)`,
    signature: (secret, body) => {
      const key = decodedSecret(secret, 'hex');
      return key === undefined ? undefined : hmac('sha1', key, body).digest('hex');
    },
  },
  {
    id: 'base64-decoded-secret',
    diagnosis: `it decodes the shared secret as base64 before keying the HMAC; the key is the secret string's UTF-8 bytes as configured (SPEC 5.1)`,
    signature: (secret, body) => {
      const key = decodedSecret(secret, 'base64');
      return key === undefined ? undefined : hmac('sha1', key, body).digest('hex');
    },
  },
  {
    id: 'uppercase-digest',
    diagnosis: 'it compares case-sensitively against an uppercase hex digest; X-Signature is lowercase hex: compare lowercase (or case-insensitively)',
    signature: (secret, body) => signPayload(secret, body).toUpperCase(),
  },
  {
    id: 'sha256',
    diagnosis: 'it computes HMAC-SHA256; SPEC 5.1 signs with HMAC-SHA1',
    signature: (secret, body) => hmac('sha256', secret, body).digest('hex'),
  },
  {
    id: 'base64-digest',
    diagnosis: 'it expects the digest in base64; X-Signature is the hex digest (SPEC 5.1)',
    signature: (secret, body) => hmac('sha1', secret, body).digest('base64'),
  },
  {
    id: 'sha1-prefix',
    diagnosis: 'it expects a "sha1=" prefix (as GitHub sends); X-Signature is the bare hex digest',
    signature: (secret, body) => `sha1=${signPayload(secret, body)}`,
  },
];

/**
 * Sends `body` signed each mistaken way and names the first mistake whose signature the receiver accepts,
 * or says that none fits. `accepts` delivers the body with the given X-Signature.
 */
export async function diagnoseSignatureRefusal(secret: string, body: string, accepts: (signature: string) => Promise<boolean>): Promise<string> {
  const correct = signPayload(secret, body);
  for (const mistake of SIGNATURE_MISTAKES) {
    const signature = mistake.signature(secret, body);
    if (signature === undefined || signature === correct) continue;
    if (await accepts(signature)) return `Signature forensics: the receiver accepted this body signed the mistaken way "${mistake.id}", so ${mistake.diagnosis}.`;
  }
  return `Signature forensics: none of the common mistakes (${SIGNATURE_MISTAKES.map((m) => m.id).join(', ')}) made the receiver accept this body, so if the refusal comes from the signature check: ${FIX}. Otherwise look at what the receiver logged for this body.`;
}
