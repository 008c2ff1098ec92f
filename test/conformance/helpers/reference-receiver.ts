import type { ExecutionContext } from 'ava';
import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifySignature } from '../../../src/index.js';

export const SECRET = 'receiver-suite-secret';
export const STATIC_HEADERS = { 'X-Api-Key': 'k-123', 'X-Team': 'growth' } as const;

/** One step of handling a delivery; a broken receiver replaces exactly one of them with a realistic bug. */
export interface ReceiverSteps {
  /** Answers true when the request is authentic (SPEC 5.1: HMAC-SHA1 over the raw body, compared in constant time). */
  verify(secret: string, body: string, headers: IncomingHttpHeaders): boolean;
  /** Answers true when the configured static headers are there with their values. */
  checkStaticHeaders(headers: IncomingHttpHeaders, expected: Readonly<Record<string, string>>): boolean;
  /** Handles a verified, parsed delivery: the status to answer, after how long, or a crash (connection reset). */
  handle(
    payload: Record<string, unknown>,
    body: string,
    state: ReceiverState,
  ): Promise<{ status: number; headers?: Record<string, string>; body?: string } | 'crash'>;
}

export interface ReceiverState {
  readonly seen: Set<string>;
  inFlight: number;
}

export const referenceSteps: ReceiverSteps = {
  verify: (secret, body, headers) =>
    verifySignature(secret, body, typeof headers['x-signature'] === 'string' ? headers['x-signature'] : undefined),
  checkStaticHeaders: (headers, expected) =>
    Object.entries(expected).every(([key, value]) => headers[key.toLowerCase()] === value),
  async handle(payload, _body, state) {
    // Idempotent: a messageId seen before is acknowledged again without processing it twice.
    if (typeof payload.messageId === 'string') state.seen.add(payload.messageId);
    return { status: 200, headers: { 'content-type': 'application/json' }, body: '{"ok":true}' };
  },
};

export interface StartedReceiver {
  readonly url: string;
  readonly requests: { headers: IncomingHttpHeaders; body: string }[];
}

/** A receiver on 127.0.0.1, port 0, closed when the test ends; secret and static headers as given. */
export async function startSuiteReceiver(
  t: ExecutionContext,
  options: { secret?: string; headers?: Readonly<Record<string, string>>; steps?: Partial<ReceiverSteps> } = {},
): Promise<StartedReceiver> {
  const steps: ReceiverSteps = { ...referenceSteps, ...options.steps };
  const state: ReceiverState = { seen: new Set(), inFlight: 0 };
  const requests: StartedReceiver['requests'] = [];
  const answer = (res: ServerResponse, status: number, body: string) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(body);
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      requests.push({ headers: req.headers, body });
      let authentic = true;
      try {
        authentic = options.secret === undefined || steps.verify(options.secret, body, req.headers);
      } catch (error) {
        // What a framework does with an exception in the handler: 500 with the traceback.
        return answer(
          res,
          500,
          JSON.stringify({ error: 'Internal Server Error', traceback: String((error as Error).stack) }),
        );
      }
      if (!authentic) return answer(res, 401, '{"error":"invalid signature"}');
      if (options.headers !== undefined && !steps.checkStaticHeaders(req.headers, options.headers))
        return answer(res, 401, '{"error":"missing credentials"}');
      let payload: Record<string, unknown>;
      try {
        payload = JSON.parse(body) as Record<string, unknown>;
      } catch {
        return answer(res, 400, '{"error":"bad json"}');
      }
      state.inFlight++;
      steps.handle(payload, body, state).then(
        (reply) => {
          state.inFlight--;
          if (reply === 'crash') return res.socket?.destroy();
          res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
          res.end(reply.body ?? '');
        },
        () => {
          state.inFlight--;
          answer(res, 500, '{"error":"internal"}');
        },
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/segment`, requests };
}

export const hmacHex = (algorithm: string, key: string | Buffer, data: string) =>
  createHmac(algorithm, key).update(data).digest('hex');

/** The same receiver without an ava context, for files that start it at top level (test-runner injection). */
export async function startStandaloneReceiver(
  options: { secret?: string; headers?: Readonly<Record<string, string>>; steps?: Partial<ReceiverSteps> } = {},
): Promise<StartedReceiver & { close(): Promise<void> }> {
  const closers: (() => Promise<void>)[] = [];
  const fakeT = { teardown: (fn: () => Promise<void>) => closers.push(fn) } as unknown as ExecutionContext;
  const started = await startSuiteReceiver(fakeT, options);
  return { ...started, close: async () => void (await Promise.all(closers.map((fn) => fn()))) };
}
