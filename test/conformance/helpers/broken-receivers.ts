import { createHmac } from 'node:crypto';
import secureJson from 'secure-json-parse';
import { verifySignature } from '../../../src/index.js';
import { referenceSteps, SECRET, STATIC_HEADERS, type ReceiverSteps } from './reference-receiver.js';

/**
 * The answer deadline the receiver tests run with: short, so a slow receiver costs little real time, yet
 * far above what a correct local receiver needs even on a loaded machine running the whole test suite.
 */
export const TEST_TIMEOUT_MS = 1_000;

const signatureOf = (headers: Record<string, string | string[] | undefined>) =>
  typeof headers['x-signature'] === 'string' ? headers['x-signature'] : '';
const hmac = (key: string | Buffer, data: string, algorithm = 'sha1') =>
  createHmac(algorithm, key).update(data).digest('hex');

function depthOf(value: unknown): number {
  if (value === null || typeof value !== 'object') return 0;
  return 1 + Math.max(0, ...Object.values(value).map(depthOf));
}

function hasSpacedKey(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return false;
  return Object.entries(value).some(([key, inner]) => key.includes(' ') || hasSpacedKey(inner));
}

const ok = { status: 200, body: '{"ok":true}' } as const;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const DOCUMENTED_FIELDS = new Set([
  'version',
  'type',
  'userId',
  'anonymousId',
  'messageId',
  'timestamp',
  'context',
  'integrations',
  'properties',
  'traits',
  'event',
  'name',
  'groupId',
  'previousId',
]);

export interface BrokenReceiver {
  /** What the integrator got wrong, in one line. */
  readonly bug: string;
  readonly secret?: string;
  readonly steps: Partial<ReceiverSteps>;
  /** Exactly the clauses this bug breaks. */
  readonly fails: readonly string[];
  /** What the message of the first failed clause must say for a person to act on it. */
  readonly message: RegExp;
  /** Fewer runs, for a receiver whose every large delivery costs a second of waiting. */
  readonly runs?: number;
}

/** Realistic receiver bugs, each breaking one rule; the suite must name exactly the clauses listed. */
export const brokenReceivers: Readonly<Record<string, BrokenReceiver>> = {
  'no signature check': {
    bug: 'never verifies X-Signature',
    steps: { verify: () => true },
    // One finding with one hint, not three generic ones; 5.1.signature.valid is "not shown" (skipped), never ok.
    fails: ['5.1.signature.tampered'],
    message:
      /changed after it was signed.*expected a refusal \(a 4xx, e\.g\. 401\)\. Every forged signature was accepted: .*static header/,
  },
  'caches verified signatures': {
    bug: 'remembers signatures it verified and lets them through again unchecked',
    steps: {
      verify: (() => {
        const verified = new Set<string>();
        return (secret: string, body: string, headers: Record<string, string | string[] | undefined>) => {
          const signature = signatureOf(headers);
          if (verified.has(signature)) return true;
          const ok = verifySignature(secret, body, signature);
          if (ok) verified.add(signature);
          return ok;
        };
      })(),
    },
    fails: ['5.1.signature.replayed'],
    message: /to a modified body carrying the X-Signature of a body it had just accepted; expected a refusal/,
  },
  'refuses alias': {
    bug: 'answers 400 to every alias, whatever its size or content',
    steps: {
      handle: async (payload, body, state) =>
        payload.type === 'alias'
          ? { status: 400, body: '{"error":"unknown type alias"}' }
          : referenceSteps.handle(payload, body, state),
    },
    // Not 4.2.body-near-32kib, 2.2.unicode or 4.1.timeout: those leave out a kind that failed its own clause.
    fails: ['2.2.alias'],
    message: /answered 400 .* to a valid alias delivery/,
  },
  'crashes on a bad signature': {
    bug: 'throws on a signature that does not match (a 500 with a traceback)',
    steps: {
      verify: (secret, body, headers) => {
        if (!verifySignature(secret, body, signatureOf(headers)))
          throw new Error('SignatureMismatch: digest does not match');
        return true;
      },
    },
    fails: ['5.1.signature.refusal-4xx'],
    message:
      /answered 500 .* to a (delivery signed with another secret|delivery without an X-Signature header|body changed after it was signed)\. It did refuse it, but a 5xx .* Answer a failed signature check with 401 or 403/,
  },
  'signs indented JSON': {
    bug: 'verifies over JSON.stringify(JSON.parse(body), null, 2)',
    steps: {
      verify: (secret, body, headers) =>
        hmac(secret, JSON.stringify(JSON.parse(body), null, 2)) === signatureOf(headers),
    },
    fails: ['5.1.signature.valid'],
    message: /401.*mistaken way "indented-json".*JSON\.stringify\(body, null, 2\)/,
  },
  'uppercase digest': {
    bug: 'compares against an uppercase digest, case-sensitively',
    steps: { verify: (secret, body, headers) => hmac(secret, body).toUpperCase() === signatureOf(headers) },
    fails: ['5.1.signature.valid'],
    message: /mistaken way "uppercase-digest"/,
  },
  'hex-decoded secret': {
    bug: 'keys the HMAC with the secret decoded from hex',
    secret: 'a1b2c3d4e5f60718',
    steps: { verify: (secret, body, headers) => hmac(Buffer.from(secret, 'hex'), body) === signatureOf(headers) },
    fails: ['5.1.signature.valid'],
    message: /mistaken way "hex-decoded-secret"/,
  },
  'sha256 instead of sha1': {
    bug: 'computes HMAC-SHA256',
    steps: { verify: (secret, body, headers) => hmac(secret, body, 'sha256') === signatureOf(headers) },
    fails: ['5.1.signature.valid'],
    message: /mistaken way "sha256".*HMAC-SHA1/,
  },
  'missing signature passes': {
    bug: 'only verifies when an X-Signature header is present',
    steps: {
      verify: (secret, body, headers) =>
        headers['x-signature'] === undefined || verifySignature(secret, body, signatureOf(headers)),
    },
    fails: ['5.1.signature.missing'],
    message: /without an X-Signature header.*missing header as a failed check/,
  },
  '5xx on keys with spaces': {
    bug: 'maps property names to SQL columns unescaped',
    steps: {
      handle: async (payload) =>
        hasSpacedKey(payload) ? { status: 500, body: '{"error":"syntax error at or near \\"billed\\""}' } : ok,
    },
    fails: ['2.2.keys-with-spaces'],
    message: /500.*key with a space.*column names/,
  },
  'crashes on unicode': {
    bug: 'dies on any non-ASCII byte in the body',
    steps: { handle: async (_payload, body) => (/[^\x00-\x7f]/.test(body) ? 'crash' : ok) },
    fails: ['2.2.unicode'],
    message: /closed the connection without an answer \(ECONNRESET\).*probably crashed/,
  },
  '500 on deep nesting': {
    bug: 'flattens recursively and gives up past 10 levels',
    steps: {
      handle: async (payload) => (depthOf(payload) > 10 ? { status: 500, body: '{"error":"max depth exceeded"}' } : ok),
    },
    fails: ['2.2.deep-nesting'],
    message: /500.*nest 12 or more levels/,
  },
  '16 KiB body limit': {
    bug: 'caps bodies at 16 KiB (express.json({ limit: "16kb" }))',
    steps: {
      handle: async (_payload, body) =>
        Buffer.byteLength(body) > 16_384 ? { status: 413, body: '{"error":"request entity too large"}' } : ok,
    },
    fails: ['4.2.body-near-32kib'],
    message: /413.*body-size limit/,
  },
  'slow on large bodies': {
    bug: 'processes large bodies before answering',
    steps: {
      handle: async (_payload, body) => {
        if (Buffer.byteLength(body) > 16_384) await sleep(TEST_TIMEOUT_MS + 300);
        return ok;
      },
    },
    fails: ['4.1.timeout'],
    message: /no complete answer within 1000 ms.*Answer first/,
    runs: 4,
  },
  'refuses delete': {
    bug: 'only knows the six call types',
    steps: {
      handle: async (payload) =>
        payload.type === 'delete' ? { status: 400, body: '{"error":"unknown type delete"}' } : ok,
    },
    fails: ['2.2.delete'],
    message: /400.*delete notification.*only type, userId and timestamp/,
  },
  'redirects to a trailing slash': {
    bug: 'redirects /hooks/segment to /hooks/segment/ (a framework default)',
    steps: { handle: async () => ({ status: 308, headers: { location: '/hooks/segment/' }, body: '' }) },
    fails: ['4.1.no-redirect'],
    message: /308.*Location: \/hooks\/segment\/.*does not follow redirects/,
  },
  'not idempotent': {
    bug: 'inserts every messageId under a unique constraint',
    steps: {
      handle: async (payload, _body, state) => {
        const id = payload.messageId;
        if (typeof id !== 'string') return ok;
        if (state.seen.has(id))
          return { status: 409, body: '{"error":"duplicate key value violates unique constraint"}' };
        state.seen.add(id);
        return ok;
      },
    },
    fails: ['7.redelivery.idempotent'],
    message: /200.*first time and 409.*second.*messageId already processed as success/,
  },
  'ignores its static header': {
    bug: 'has X-Api-Key configured but never checks it',
    steps: { checkStaticHeaders: () => true },
    fails: ['2.1.static-headers.required'],
    message: /static header X-\w+-?\w* was (left out|set to).*check it on every request/,
  },
  'strict schema': {
    bug: 'validates bodies with additionalProperties: false',
    steps: {
      handle: async (payload) =>
        Object.keys(payload).every((key) => DOCUMENTED_FIELDS.has(key))
          ? ok
          : { status: 422, body: '{"error":"additional properties"}' },
    },
    // Real deliveries carry projectId, writeKey and receivedAt, which the documented payloads do not show: the
    // MUST clause about that shape names it first; the SHOULD clause about fields in general too.
    fails: ['2.2.observed-fields', '2.2.unknown-fields'],
    message: /422.*in the shape real deliveries have.*ignore fields you do not use/,
  },
  'only version 1': {
    bug: 'refuses any payload whose version is not 1, as the documentation shows it',
    steps: {
      handle: async (payload) =>
        payload.version === undefined || payload.version === 1
          ? ok
          : { status: 400, body: `{"error":"unsupported version ${String(payload.version)}"}` },
    },
    fails: ['2.2.observed-fields'],
    message:
      /answered 400 .*unsupported version 2.* to a delivery in the shape real deliveries have.*Accept any integer version/,
  },
  "Fastify's default JSON parser": {
    bug: 'parses with secure-json-parse defaults (Fastify), answering 400 to __proto__ and constructor.prototype',
    steps: {
      handle: async (_payload, body) => {
        try {
          secureJson.parse(body);
          return ok;
        } catch (error) {
          return {
            status: 400,
            body: JSON.stringify({ statusCode: 400, error: 'Bad Request', message: (error as Error).message }),
          };
        }
      },
    },
    fails: ['2.2.prototype-keys'],
    message:
      /answered 400 .*forbidden prototype property.* hold the key "(properties|traits)(\.settings)?\.(__proto__|constructor)".*onProtoPoisoning/,
  },
  'busy when concurrent': {
    bug: 'holds one database connection and answers 503 while it is busy',
    steps: {
      handle: async (_payload, _body, state) => {
        if (state.inFlight > 1) return { status: 503, body: '{"error":"busy"}' };
        await sleep(5);
        return ok;
      },
    },
    fails: ['4.1.concurrent'],
    message: /503.*at the same time.*do not serialise/,
  },
};

export { referenceSteps, SECRET, STATIC_HEADERS };
