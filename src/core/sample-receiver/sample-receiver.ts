import { verifySignature } from '../../domain/signing/verify-signature.js';
import { redactHeaders } from '../../contract/secret-redaction.js';
import type { InProcessTargets } from '../../domain/delivery/in-process-targets.js';
import type { AttemptOutcome } from '../../domain/delivery/classify-outcome.js';
import type { OutgoingRequest } from '../../domain/delivery/http-transport.js';

/** Headers the sample receiver lists as they came; any other (a static header) is shown redacted. */
const SHOWN_HEADERS: ReadonlySet<string> = new Set([
  'host',
  'user-agent',
  'content-type',
  'content-length',
  'x-signature',
  'connection',
]);

/** How much of a failure answer's body an attempt keeps (as the HTTP transport does). */
const ANSWER_BYTES = 1024;

export interface SampleReceiverOptions {
  /** The shared secret the sample source signs with; the receiver verifies X-Signature against it. */
  readonly secret: string;
  /** Deliveries remembered (oldest dropped). Default 1,000. */
  readonly capacity?: number;
}

export interface SampleReceiverAnswer {
  readonly status: number;
  readonly body: { readonly received: true; readonly signatureValid: boolean };
}

export interface ReceivedDelivery {
  readonly signatureValid: boolean;
  readonly headers: Record<string, string>;
  readonly body: unknown;
}

/**
 * The built-in webhook receiver of the embedded default: it verifies the signature over the raw body, as a
 * receiver should, and lists what it got. The Hapi route answers HTTP requests with it; deliveries the
 * dispatcher sends to this server's own receiver URL reach it in process (see `send`), so the embedded
 * default's deliveries do not cost a loopback HTTP exchange each.
 */
export class SampleReceiver implements InProcessTargets {
  readonly #secret: string;
  readonly #capacity: number;
  readonly #received: ReceivedDelivery[] = [];
  readonly #urls = new Set<string>();

  constructor(options: SampleReceiverOptions) {
    this.#secret = options.secret;
    this.#capacity = options.capacity ?? 1_000;
  }

  /** Verifies and records one delivery; the answer is 200, or 401 when the signature does not match. */
  receive(headers: Readonly<Record<string, unknown>>, raw: Uint8Array | string): SampleReceiverAnswer {
    const signature = headers['x-signature'];
    const signatureValid = verifySignature(this.#secret, raw, typeof signature === 'string' ? signature : undefined);
    const text = typeof raw === 'string' ? raw : Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength).toString();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
    this.#received.push({ signatureValid, headers: redactHeaders(headers, SHOWN_HEADERS), body });
    if (this.#received.length > this.#capacity) this.#received.shift();
    return { status: signatureValid ? 200 : 401, body: { received: true, signatureValid } };
  }

  list(): { total: number; received: readonly ReceivedDelivery[] } {
    return { total: this.#received.length, received: this.#received };
  }

  /** From now on a delivery to `url` (this server's own receiver URL, known once it listens) is handed over in process. */
  servesAt(url: string): void {
    this.#urls.add(url);
  }

  accepts(url: string): boolean {
    return this.#urls.has(url);
  }

  /**
   * One delivery in process: the receiver gets the body's bytes and the headers node:http would have written
   * for it (names in lower case, as a server reads them, with Host, Content-Length and Connection), and the
   * dispatcher gets the outcome the HTTP transport would have reported for its answer.
   */
  readonly send = (outgoing: OutgoingRequest): Promise<AttemptOutcome> =>
    // Answered in a later turn of the event loop, as a socket's answer would be: a walk resolving at once
    // would chain the next delivery in the same microtask queue, and a backlog would starve the collection
    // API's requests until it was empty.
    new Promise((resolve) => setImmediate(() => resolve(this.#deliver(outgoing))));

  #deliver(outgoing: OutgoingRequest): AttemptOutcome {
    const headers: Record<string, string> = { host: new URL(outgoing.url).host };
    for (const [name, value] of Object.entries(outgoing.headers)) headers[name.toLowerCase()] = value;
    const raw = Buffer.from(outgoing.body, 'utf8');
    headers['content-length'] = String(raw.byteLength);
    headers.connection = 'keep-alive';
    const answer = this.receive(headers, raw);
    if (answer.status >= 200 && answer.status < 300) return { kind: 'response', status: answer.status };
    return { kind: 'response', status: answer.status, body: JSON.stringify(answer.body).slice(0, ANSWER_BYTES) };
  }
}
