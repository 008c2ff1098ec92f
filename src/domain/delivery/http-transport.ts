import { Agent as HttpAgent, request as httpRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { rootCertificates } from 'node:tls';
import type { Clock } from '../../clock/clock.js';
import type { AttemptOutcome } from './classify-outcome.js';
import { publicOnlyLookup, refusedLiteral, TARGET_ADDRESS_REFUSED } from './outbound-policy.js';

export interface OutgoingRequest {
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
  /** Default POST (the classic Webhooks destination); Webhooks (Actions) may use PUT or PATCH. */
  readonly method?: string;
  /** Headers and the whole body must arrive within this (rule 4.1: 5 s), on the transport's clock. */
  readonly timeoutMs: number;
}

/** How much of a failure answer's body is kept for inspection. */
const ANSWER_BYTES = 1024;

/** Sends one webhook POST and reports the outcome; never throws. */
export type WebhookTransport = (request: OutgoingRequest) => Promise<AttemptOutcome>;

export interface HttpTransportOptions {
  /** The clock the timeout runs on: real time (the dispatcher hands it its real clock; docs/rules.md, "Virtual time"). */
  readonly clock: Clock;
  /** Extra PEM certificates trusted besides the system store. */
  readonly ca?: readonly string[];
  readonly maxSockets?: number;
  /** Refuse targets whose address (after DNS) is private, loopback or link-local (see outbound-policy). */
  readonly blockPrivateTargets?: boolean;
}

/** The transport over node:http and node:https with keep-alive, TLS verified against system + extra CAs. */
export function createHttpTransport(options: HttpTransportOptions): WebhookTransport & { close(): void } {
  const { clock } = options;
  const blockPrivate = options.blockPrivateTargets === true;
  const maxSockets = options.maxSockets ?? 64;
  const httpAgent = new HttpAgent({ keepAlive: true, maxSockets });
  const httpsAgent = new HttpsAgent({
    keepAlive: true,
    maxSockets,
    ca: [...rootCertificates, ...(options.ca ?? [])],
    rejectUnauthorized: true,
  });
  // Parsed once per URL: a dispatcher sends to the same few URLs many times.
  const targets = new Map<string, ParsedTarget | undefined>();
  const targetFor = (raw: string): ParsedTarget | undefined => {
    if (targets.has(raw)) return targets.get(raw);
    const parsed = parseTarget(raw);
    if (targets.size >= 1_000) targets.clear();
    targets.set(raw, parsed);
    return parsed;
  };
  const send: WebhookTransport = (outgoing) =>
    new Promise<AttemptOutcome>((resolve) => {
      let done = false;
      const finish = (outcome: AttemptOutcome) => {
        if (done) return;
        done = true;
        clock.clearTimeout(timer);
        resolve(outcome);
      };
      const target = targetFor(outgoing.url);
      if (target === undefined) {
        resolve({ kind: 'error', code: 'ERR_INVALID_URL' });
        return;
      }
      const { options } = target;
      if (blockPrivate && refusedLiteral(options.hostname)) {
        resolve({ kind: 'error', code: TARGET_ADDRESS_REFUSED });
        return;
      }
      const req = (target.secure ? httpsRequest : httpRequest)({
        ...(blockPrivate ? { lookup: publicOnlyLookup as never } : {}),
        protocol: options.protocol,
        hostname: options.hostname,
        port: options.port,
        path: options.path,
        method: outgoing.method ?? 'POST',
        agent: target.secure ? httpsAgent : httpAgent,
        headers: rawHeaders(target, outgoing.headers, outgoing.body),
      });
      const giveUp = () => {
        finish({ kind: 'error', code: 'ETIMEDOUT' });
        req.destroy();
      };
      const timer = clock.setTimeout(giveUp, outgoing.timeoutMs);
      req.on('response', (res) => {
        res.on('error', (error: NodeJS.ErrnoException) => finish({ kind: 'error', code: error.code ?? 'ECONNRESET' }));
        const status = res.statusCode ?? 0;
        // A failure's answer is kept (its start) so the inspector can show why; a success's body is drained unread.
        const kept: Buffer[] = [];
        let keptBytes = 0;
        if (status >= 200 && status < 300) res.resume();
        else {
          res.on('data', (chunk: Buffer) => {
            if (keptBytes >= ANSWER_BYTES) return;
            kept.push(chunk.subarray(0, ANSWER_BYTES - keptBytes));
            keptBytes += Math.min(chunk.length, ANSWER_BYTES - keptBytes);
          });
        }
        res.on('end', () => {
          const retryAfter = res.headers['retry-after'];
          const body = keptBytes > 0 ? Buffer.concat(kept).toString('utf8') : undefined;
          finish({
            kind: 'response',
            status,
            retryAfter: Array.isArray(retryAfter) ? retryAfter[0] : retryAfter,
            ...(body !== undefined ? { body } : {}),
          });
        });
      });
      req.on('error', (error: NodeJS.ErrnoException) => finish({ kind: 'error', code: error.code ?? 'ECONNRESET' }));
      req.end(outgoing.body, 'utf8');
    });
  return Object.assign(send, {
    close() {
      httpAgent.destroy();
      httpsAgent.destroy();
    },
  });
}

interface ParsedTarget {
  readonly secure: boolean;
  readonly options: {
    readonly protocol: string;
    readonly hostname: string;
    readonly port: number | undefined;
    readonly path: string;
  };
  /** Host, and Authorization from the URL's user info: what node:http adds itself for an object of headers. */
  readonly implied: readonly string[];
}

// Headers go to node:http as a flat [name, value, ...] list (the shape of rawHeaders): it writes them as
// given, without setHeader's per-header bookkeeping, which is a good share of a request's cost here. In
// that shape node:http adds neither Host nor Authorization, so they are added here, unless given.
const IMPLIED_BY_CALLER = new Set(['host', 'authorization', 'content-length']);

function rawHeaders(target: ParsedTarget, headers: Readonly<Record<string, string>>, body: string): string[] {
  const out: string[] = [];
  let given: Set<string> | undefined;
  for (const name in headers) {
    const lower = name.length === 4 || name.length === 13 || name.length === 14 ? name.toLowerCase() : '';
    if (IMPLIED_BY_CALLER.has(lower)) {
      // Content-Length always counts the body sent; Host and Authorization given by the caller win.
      if (lower === 'content-length') continue;
      (given ??= new Set()).add(lower);
    }
    out.push(name, headers[name] as string);
  }
  const { implied } = target;
  for (let i = 0; i < implied.length; i += 2)
    if (given === undefined || !given.has((implied[i] as string).toLowerCase()))
      out.push(implied[i] as string, implied[i + 1] as string);
  out.push('Content-Length', String(Buffer.byteLength(body, 'utf8')));
  return out;
}

function parseTarget(raw: string): ParsedTarget | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return undefined;
  }
  // Brackets stay off IPv6 literals for node:http, as urlToHttpOptions does.
  const hostname = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  // url.host leaves out the scheme's default port, as node:http's own Host header does.
  const implied = ['Host', url.host];
  if (url.username !== '' || url.password !== '')
    implied.push(
      'Authorization',
      `Basic ${Buffer.from(`${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`).toString('base64')}`,
    );
  return {
    secure: url.protocol === 'https:',
    options: {
      protocol: url.protocol,
      hostname,
      port: url.port === '' ? undefined : Number(url.port),
      path: `${url.pathname}${url.search}`,
    },
    implied,
  };
}
