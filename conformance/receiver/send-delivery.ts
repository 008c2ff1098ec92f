import { Agent as HttpAgent, request as httpRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { rootCertificates } from 'node:tls';
import type { Clock } from '../../src/index.js';

/** What came back for one delivery: an answer, silence past the wait, or a transport error. */
export type DeliveryOutcome =
  | {
      readonly kind: 'answer';
      readonly status: number;
      readonly statusText: string;
      readonly location?: string;
      readonly snippet: string;
      readonly elapsedMs: number;
    }
  | {
      readonly kind: 'no-answer';
      readonly waitedMs: number;
      /** Whether the connection (and TLS) was up when the wait ended: false when the receiver never accepted it. */
      readonly connected: boolean;
    }
  | { readonly kind: 'error'; readonly code: string };

export interface DeliverySender {
  send(url: string, headers: Readonly<Record<string, string>>, body: string, waitMs: number): Promise<DeliveryOutcome>;
  close(): void;
}

const SNIPPET_CHARS = 200;

/**
 * POSTs over node:http(s), one connection per request (no keep-alive: a reused socket the receiver just
 * closed would show up as a false ECONNRESET). Never throws; the wait is on the given clock.
 */
export function createDeliverySender(options: { clock: Clock; ca?: readonly string[] }): DeliverySender {
  const { clock } = options;
  const httpAgent = new HttpAgent({ keepAlive: false });
  const httpsAgent = new HttpsAgent({
    keepAlive: false,
    ca: [...rootCertificates, ...(options.ca ?? [])],
    rejectUnauthorized: true,
  });
  return {
    send: (url, headers, body, waitMs) =>
      new Promise<DeliveryOutcome>((resolve) => {
        const started = clock.now();
        let done = false;
        const finish = (outcome: DeliveryOutcome) => {
          if (done) return;
          done = true;
          clock.clearTimeout(timer);
          resolve(outcome);
        };
        let target: URL;
        try {
          target = new URL(url);
        } catch {
          resolve({ kind: 'error', code: 'ERR_INVALID_URL' });
          return;
        }
        const secure = target.protocol === 'https:';
        const bytes = Buffer.from(body, 'utf8');
        const req = (secure ? httpsRequest : httpRequest)(target, {
          method: 'POST',
          agent: secure ? httpsAgent : httpAgent,
          headers: { ...headers, 'Content-Length': String(bytes.byteLength) },
        });
        let connected = false;
        req.on('socket', (socket) => {
          socket.once(secure ? 'secureConnect' : 'connect', () => {
            connected = true;
          });
        });
        const timer = clock.setTimeout(() => {
          finish({ kind: 'no-answer', waitedMs: waitMs, connected });
          req.destroy();
        }, waitMs);
        req.on('response', (res) => {
          const chunks: Buffer[] = [];
          let kept = 0;
          res.on('data', (chunk: Buffer) => {
            if (kept < 4 * SNIPPET_CHARS) chunks.push(chunk);
            kept += chunk.byteLength;
          });
          res.on('error', (error: NodeJS.ErrnoException) =>
            finish({ kind: 'error', code: error.code ?? 'ECONNRESET' }),
          );
          res.on('end', () => {
            const location = res.headers.location;
            const snippet = Buffer.concat(chunks).toString('utf8').replace(/\s+/g, ' ').trim().slice(0, SNIPPET_CHARS);
            finish({
              kind: 'answer',
              status: res.statusCode ?? 0,
              statusText: res.statusMessage ?? '',
              ...(location !== undefined ? { location } : {}),
              snippet,
              elapsedMs: clock.now() - started,
            });
          });
        });
        req.on('error', (error: NodeJS.ErrnoException) => finish({ kind: 'error', code: error.code ?? 'ECONNRESET' }));
        req.end(bytes);
      }),
    close() {
      httpAgent.destroy();
      httpsAgent.destroy();
    },
  };
}

/** 2xx, 3xx, 4xx, 5xx, no-answer or error: what "the same answer" means for redelivery. */
export function answerClass(outcome: DeliveryOutcome): string {
  if (outcome.kind === 'answer') return `${Math.floor(outcome.status / 100)}xx`;
  return outcome.kind;
}

export const isAccepted = (outcome: DeliveryOutcome) =>
  outcome.kind === 'answer' && outcome.status >= 200 && outcome.status < 300;

/** "answered 500 ...", "gave no answer within N ms", "closed the connection ...": the subject is the receiver. */
export function describeReaction(outcome: DeliveryOutcome): string {
  if (outcome.kind === 'no-answer')
    return outcome.connected
      ? `gave no answer within ${outcome.waitedMs} ms`
      : `did not accept the connection within ${outcome.waitedMs} ms`;
  if (outcome.kind === 'error') return `closed the connection without an answer (${outcome.code})`;
  return `answered ${describeOutcome(outcome)}`;
}

/** One line for people, without timings, so reports stay identical from run to run. */
export function describeOutcome(outcome: DeliveryOutcome): string {
  if (outcome.kind === 'no-answer')
    return outcome.connected
      ? `no answer within ${outcome.waitedMs} ms`
      : `connection not accepted within ${outcome.waitedMs} ms`;
  if (outcome.kind === 'error') return `connection failed without an answer (${outcome.code})`;
  const status = `${outcome.status}${outcome.statusText !== '' ? ` ${outcome.statusText}` : ''}`;
  const location = outcome.location !== undefined ? ` (Location: ${outcome.location})` : '';
  return `${status}${location}${outcome.snippet !== '' ? `: ${outcome.snippet}` : ''}`;
}
