import http from 'node:http';
import https from 'node:https';
import type { Clock, ClockHold } from '../../clock/clock.js';
import { realExchange } from '../../clock/real-exchange.js';
import { RequestTimeoutError } from '../../errors/client-errors.js';

/** What one POST came to: an answer (any status), or no answer (network error, timeout). */
export type PostOutcome =
  | { readonly kind: 'answer'; readonly status: number; readonly retryAfter: string | undefined; readonly body: string }
  | { readonly kind: 'no-answer'; readonly error: Error };

/** Most of an error body kept for messages; the rest is read and dropped. */
const BODY_KEPT = 512;

export interface BatchPoster {
  /** One POST; `hold` is the client's hold on its clock while it sends (see realExchange). */
  post(body: string, hold: ClockHold): Promise<PostOutcome>;
  close(): void;
}

/**
 * POSTs batch bodies over one keep-alive agent (a connection per batch would cost a handshake each). A request
 * times out when no answer came within the timeout in real time; on a fake clock that timeout lands at its virtual
 * deadline (realExchange, docs/rules.md "Virtual time"), so moving the client's clock never cuts a request off.
 */
export function createBatchPoster(
  url: URL,
  authorization: string,
  userAgent: string,
  timeoutMs: number,
  clocks: { readonly clock: Clock; readonly realClock: Clock },
): BatchPoster {
  const secure = url.protocol === 'https:';
  const agent = secure
    ? new https.Agent({ keepAlive: true, maxSockets: 4 })
    : new http.Agent({ keepAlive: true, maxSockets: 4 });
  const request = secure ? https.request : http.request;
  const target = url.toString();
  const base = {
    protocol: url.protocol,
    hostname: url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname,
    port: url.port === '' ? (secure ? 443 : 80) : Number(url.port),
    path: `${url.pathname}${url.search}`,
    method: 'POST',
    agent,
  };
  const { realClock } = clocks;
  const send = (body: string) =>
    new Promise<PostOutcome>((resolve) => {
      let done = false;
      const finish = (outcome: PostOutcome) => {
        if (done) return;
        done = true;
        realClock.clearTimeout(timer);
        resolve(outcome);
      };
      const req = request(
        {
          ...base,
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            authorization,
            'user-agent': userAgent,
          },
        },
        (res) => {
          let kept = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            if (kept.length < BODY_KEPT) kept += chunk.slice(0, BODY_KEPT - kept.length);
          });
          res.on('end', () => {
            const retryAfter = res.headers['retry-after'];
            finish({
              kind: 'answer',
              status: res.statusCode ?? 0,
              retryAfter: Array.isArray(retryAfter) ? retryAfter[0] : retryAfter,
              body: kept,
            });
          });
          res.on('error', (error) => finish({ kind: 'no-answer', error }));
        },
      );
      // The timeout is real time (realExchange lands it at its virtual deadline).
      const timer = realClock.setTimeout(() => {
        const error = new RequestTimeoutError(target, timeoutMs);
        req.destroy(error);
        finish({ kind: 'no-answer', error });
      }, timeoutMs);
      req.on('error', (error) => finish({ kind: 'no-answer', error }));
      req.end(body);
    });
  return {
    async post(body, hold) {
      const { value } = await realExchange<PostOutcome>(
        {
          ...clocks,
          hold,
          timeoutMs,
          isTimeout: (o) => o.kind === 'no-answer' && o.error instanceof RequestTimeoutError,
        },
        () => send(body),
      );
      return value ?? { kind: 'no-answer', error: new RequestTimeoutError(target, timeoutMs) };
    },
    close() {
      agent.destroy();
    },
  };
}
