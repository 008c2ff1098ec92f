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
  for (const key of Object.keys(value).sort())
    Object.defineProperty(sorted, key, {
      value: sortKeys((value as Record<string, unknown>)[key]),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  return sorted;
}

const escapeNonAscii = (json: string) =>
  json.replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/**
 * How Python writes a number that JSON.stringify wrote as `text`: a text without ".", "e" or "E" parses as an
 * int and comes back unchanged; any other parses as a float, whose repr has the same shortest digits but its own
 * layout (fixed for exponents -4..15 with at least ".0", else "1e-07" / "1.5e+16").
 */
function pythonNumber(text: string, value: number): string {
  if (!/[.eE]/.test(text)) return text;
  const [mantissa = '', exponentText = '0'] = value.toExponential().split('e');
  const exponent = Number(exponentText);
  if (exponent < -4 || exponent >= 16)
    return `${mantissa}e${exponent < 0 ? '-' : '+'}${String(Math.abs(exponent)).padStart(2, '0')}`;
  const negative = mantissa.startsWith('-');
  const digits = mantissa.replace(/^-/, '').replace('.', '');
  const fixed =
    exponent < 0
      ? `0.${'0'.repeat(-exponent - 1)}${digits}`
      : `${digits.slice(0, exponent + 1).padEnd(exponent + 1, '0')}.${digits.slice(exponent + 1) || '0'}`;
  return `${negative ? '-' : ''}${fixed}`;
}

interface PythonDumpsOptions {
  /** json.dumps's separators: (", ", ": ") by default, (",", ":") for the compact form. */
  readonly compact: boolean;
  /** json.dumps's ensure_ascii (default True): every character outside space..~ written as \uXXXX. */
  readonly ensureAscii: boolean;
}

/** Python's json.dumps of the parsed body: its separators, its ASCII escaping and its float repr. */
function pythonDumps(value: unknown, options: PythonDumpsOptions): string {
  const [item, pair] = options.compact ? [',', ':'] : [', ', ': '];
  const text = (json: string) => (options.ensureAscii ? escapeNonAscii(json) : json);
  if (Array.isArray(value)) return `[${value.map((v) => pythonDumps(v, options)).join(item)}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.entries(value)
      .map(([k, v]) => `${text(JSON.stringify(k))}${pair}${pythonDumps(v, options)}`)
      .join(item)}}`;
  }
  if (typeof value === 'number') return pythonNumber(JSON.stringify(value), value);
  return text(JSON.stringify(value) ?? 'null');
}

/** Go's json.Marshal of a map: keys sorted and <, >, &, U+2028, U+2029 escaped. */
const goMarshal = (value: unknown) =>
  JSON.stringify(sortKeys(value)).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );

const parse = (body: string): unknown => JSON.parse(body);

const decodedSecret = (secret: string, encoding: 'hex' | 'base64'): Buffer | undefined => {
  if (encoding === 'hex') return /^(?:[0-9a-fA-F]{2})+$/.test(secret) ? Buffer.from(secret, 'hex') : undefined;
  return /^[A-Za-z0-9+/]+={0,2}$/.test(secret) && secret.length % 4 === 0 ? Buffer.from(secret, 'base64') : undefined;
};

const FIX =
  'compute HMAC-SHA1 keyed with the shared secret (its UTF-8 bytes) over the raw request body exactly as received, and compare lowercase hex in constant time (rule 5.1)';

export const SIGNATURE_MISTAKES: readonly SignatureMistake[] = [
  {
    id: 'indented-json',
    diagnosis: `it signs the body re-serialised with indentation (JSON.stringify(body, null, 2)); ${FIX}`,
    signature: (secret, body) => signPayload(secret, JSON.stringify(parse(body), null, 2)),
  },
  {
    id: 'python-json-dumps',
    diagnosis: `it signs the body re-serialised with Python's json.dumps defaults (", " and ": " separators, non-ASCII escaped, Python's float layout such as 1e-07); ${FIX}`,
    signature: (secret, body) => signPayload(secret, pythonDumps(parse(body), { compact: false, ensureAscii: true })),
  },
  {
    id: 'python-json-dumps-compact',
    diagnosis: `it signs the body re-serialised with Python's json.dumps(body, separators=(",", ":")): non-ASCII still escaped and floats in Python's layout (1e-07, 1e+16, 1.0), so any such body differs from the bytes that were signed; ${FIX}`,
    signature: (secret, body) => signPayload(secret, pythonDumps(parse(body), { compact: true, ensureAscii: true })),
  },
  {
    id: 'python-json-dumps-compact-unicode',
    diagnosis: `it signs the body re-serialised with Python's json.dumps(body, separators=(",", ":"), ensure_ascii=False): floats come out in Python's layout (1e-07 for 1e-7, 1e-05 for 0.00001, 1.5e+16 for 15000000000000000.5), so the bytes differ from those that were signed; ${FIX}`,
    signature: (secret, body) => signPayload(secret, pythonDumps(parse(body), { compact: true, ensureAscii: false })),
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
    diagnosis: `it decodes the shared secret as hex before keying the HMAC; the key is the secret string's UTF-8 bytes as configured (rule 5.1)`,
    signature: (secret, body) => {
      const key = decodedSecret(secret, 'hex');
      return key === undefined ? undefined : hmac('sha1', key, body).digest('hex');
    },
  },
  {
    id: 'base64-decoded-secret',
    diagnosis: `it decodes the shared secret as base64 before keying the HMAC; the key is the secret string's UTF-8 bytes as configured (rule 5.1)`,
    signature: (secret, body) => {
      const key = decodedSecret(secret, 'base64');
      return key === undefined ? undefined : hmac('sha1', key, body).digest('hex');
    },
  },
  {
    id: 'uppercase-digest',
    diagnosis:
      'it compares case-sensitively against an uppercase hex digest; X-Signature is lowercase hex: compare lowercase (or case-insensitively)',
    signature: (secret, body) => signPayload(secret, body).toUpperCase(),
  },
  {
    id: 'sha256',
    diagnosis: 'it computes HMAC-SHA256; rule 5.1 signs with HMAC-SHA1',
    signature: (secret, body) => hmac('sha256', secret, body).digest('hex'),
  },
  {
    id: 'base64-digest',
    diagnosis: 'it expects the digest in base64; X-Signature is the hex digest (rule 5.1)',
    signature: (secret, body) => hmac('sha1', secret, body).digest('base64'),
  },
  {
    id: 'sha1-prefix',
    diagnosis: 'it expects a "sha1=" prefix (as GitHub sends); X-Signature is the bare hex digest',
    signature: (secret, body) => `sha1=${signPayload(secret, body)}`,
  },
];

/**
 * Sends `body` signed each mistaken way and names the first mistake (in the order of SIGNATURE_MISTAKES) whose
 * signature the receiver accepts, or says that none fits. `accepts` delivers the body with the given
 * X-Signature; up to `concurrency` of them are in flight at once (default 1: one after another), and no
 * group is sent after the one holding an accepted signature.
 */
export async function diagnoseSignatureRefusal(
  secret: string,
  body: string,
  accepts: (signature: string) => Promise<boolean>,
  concurrency = 1,
): Promise<string> {
  const correct = signPayload(secret, body);
  // Each distinct signature once, under the first mistake that yields it (the one named when it is accepted).
  const seen = new Set<string>([correct]);
  const candidates = SIGNATURE_MISTAKES.flatMap((mistake) => {
    const signature = mistake.signature(secret, body);
    if (signature === undefined || seen.has(signature)) return [];
    seen.add(signature);
    return [{ mistake, signature }];
  });
  const size = Math.max(1, Math.floor(concurrency));
  let found: (typeof candidates)[number] | undefined;
  for (let start = 0; start < candidates.length && found === undefined; start += size) {
    const group = candidates.slice(start, start + size);
    const verdicts = await Promise.all(group.map(({ signature }) => accepts(signature)));
    found = group.find((_candidate, index) => verdicts[index] === true);
  }
  if (found !== undefined) {
    const { mistake, signature } = found;
    // On this body other mistakes may yield the same bytes (no float, no non-ASCII text): name them too.
    const alike = SIGNATURE_MISTAKES.filter(
      (other) => other !== mistake && other.signature(secret, body) === signature,
    ).map((other) => `"${other.id}"`);
    const also =
      alike.length === 0
        ? ''
        : ` (on this body that is also what ${alike.join(' and ')} would sign; the same fix applies)`;
    return `Signature forensics: the receiver accepted this body signed the mistaken way "${mistake.id}"${also}, so ${mistake.diagnosis}.`;
  }
  return `Signature forensics: none of the common mistakes (${SIGNATURE_MISTAKES.map((m) => m.id).join(', ')}) made the receiver accept this body, so if the refusal comes from the signature check: ${FIX}. Otherwise look at what the receiver logged for this body.`;
}
