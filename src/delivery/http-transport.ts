import { Agent as HttpAgent, request as httpRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { rootCertificates } from 'node:tls';
import type { Clock } from '../clock/clock.js';
import type { AttemptOutcome } from './classify-outcome.js';

export interface OutgoingRequest {
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
  /** Headers and the whole body must arrive within this (SPEC 4.1: 5 s), on `clock`. */
  readonly timeoutMs: number;
  /** Called once the whole request has been handed to the network, so waiting starts to mean "the receiver is slow". */
  readonly onWritten?: () => void;
}

/** Sends one webhook POST and reports the outcome; never throws. */
export type WebhookTransport = (request: OutgoingRequest) => Promise<AttemptOutcome>;

export interface HttpTransportOptions {
  readonly clock: Clock;
  /** Extra PEM certificates trusted besides the system store. */
  readonly ca?: readonly string[];
  readonly maxSockets?: number;
}

/** The transport over node:http and node:https with keep-alive, TLS verified against system + extra CAs. */
export function createHttpTransport(options: HttpTransportOptions): WebhookTransport & { close(): void } {
  const { clock } = options;
  const maxSockets = options.maxSockets ?? 64;
  const httpAgent = new HttpAgent({ keepAlive: true, maxSockets });
  const httpsAgent = new HttpsAgent({ keepAlive: true, maxSockets, ca: [...rootCertificates, ...(options.ca ?? [])], rejectUnauthorized: true });
  const send: WebhookTransport = (outgoing) =>
    new Promise<AttemptOutcome>((resolve) => {
      let done = false;
      const finish = (outcome: AttemptOutcome) => {
        if (done) return;
        done = true;
        clock.clearTimeout(timer);
        resolve(outcome);
      };
      let url: URL;
      try {
        url = new URL(outgoing.url);
      } catch {
        resolve({ kind: 'error', code: 'ERR_INVALID_URL' });
        return;
      }
      const secure = url.protocol === 'https:';
      const body = Buffer.from(outgoing.body, 'utf8');
      const req = (secure ? httpsRequest : httpRequest)(url, {
        method: 'POST',
        agent: secure ? httpsAgent : httpAgent,
        headers: { ...outgoing.headers, 'content-length': String(body.byteLength) },
      });
      const timer = clock.setTimeout(() => {
        finish({ kind: 'error', code: 'ETIMEDOUT' });
        req.destroy();
      }, outgoing.timeoutMs);
      req.on('finish', () => outgoing.onWritten?.());
      req.on('response', (res) => {
        res.on('error', (error: NodeJS.ErrnoException) => finish({ kind: 'error', code: error.code ?? 'ECONNRESET' }));
        res.on('data', () => undefined);
        res.on('end', () => {
          const retryAfter = res.headers['retry-after'];
          finish({ kind: 'response', status: res.statusCode ?? 0, retryAfter: Array.isArray(retryAfter) ? retryAfter[0] : retryAfter });
        });
      });
      req.on('error', (error: NodeJS.ErrnoException) => finish({ kind: 'error', code: error.code ?? 'ECONNRESET' }));
      req.end(body);
    });
  return Object.assign(send, {
    close() {
      httpAgent.destroy();
      httpsAgent.destroy();
    },
  });
}
