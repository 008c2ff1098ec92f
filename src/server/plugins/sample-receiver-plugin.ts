import type { Plugin } from '@hapi/hapi';
import { verifySignature } from '../../domain/signing/verify-signature.js';
import { redactHeaders } from '../../contract/secret-redaction.js';

/** Headers the sample receiver lists as they came; any other (a static header) is shown redacted. */
const SHOWN_HEADERS: ReadonlySet<string> = new Set([
  'host',
  'user-agent',
  'content-type',
  'content-length',
  'x-signature',
  'connection',
]);

export interface SampleReceiverOptions {
  /** The shared secret the sample source signs with; the receiver verifies X-Signature against it. */
  readonly secret: string;
  /** Deliveries remembered (oldest dropped). Default 1,000. */
  readonly capacity?: number;
}

export const SAMPLE_RECEIVER_PATH = '/__harness/sample-receiver';

/**
 * A built-in webhook receiver for the embedded default, so `event-harness serve` shows deliveries with no
 * setup: it verifies the signature over the raw body, as a receiver should, and lists what it got.
 */
export const sampleReceiverPlugin: Plugin<SampleReceiverOptions> = {
  name: 'event-harness-sample-receiver',
  register(server, { secret, capacity = 1_000 }) {
    const received: { signatureValid: boolean; headers: Record<string, unknown>; body: unknown }[] = [];
    server.route([
      {
        method: 'POST',
        path: SAMPLE_RECEIVER_PATH,
        options: { payload: { parse: false, output: 'data' } },
        handler(request, h) {
          const raw = (request.payload as Buffer | null) ?? Buffer.alloc(0);
          const signatureValid = verifySignature(secret, raw, request.headers['x-signature'] as string | undefined);
          let body: unknown;
          try {
            body = JSON.parse(raw.toString('utf8'));
          } catch {
            body = raw.toString('utf8');
          }
          received.push({ signatureValid, headers: redactHeaders(request.headers, SHOWN_HEADERS), body });
          if (received.length > capacity) received.shift();
          return h.response({ received: true, signatureValid }).code(signatureValid ? 200 : 401);
        },
      },
      { method: 'GET', path: SAMPLE_RECEIVER_PATH, handler: () => ({ total: received.length, received }) },
    ]);
  },
};
