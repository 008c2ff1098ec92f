import type { ExecutionContext } from 'ava';
import {
  createServer as createHttpServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { Certificate } from './tls.js';

export interface ReceivedRequest {
  readonly method: string;
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  /** Names and values as they came, duplicates kept. */
  readonly rawHeaders: readonly string[];
  readonly body: string;
}

/** How the receiver answers one request: a status (default 200), headers, or no answer at all. */
export interface ReceiverReply {
  readonly status?: number;
  readonly headers?: Record<string, string>;
  readonly body?: string;
  /** Never answer (a receiver slower than any timeout). */
  readonly hang?: boolean;
  /** Answer after this many milliseconds of real time. */
  readonly delayMs?: number;
}

export type ReceiverBehaviour = (request: ReceivedRequest, index: number) => ReceiverReply;

export interface Receiver {
  readonly url: string;
  readonly requests: ReceivedRequest[];
  /** TLS handshakes that completed, and those that failed (self-signed refusal shows up here). */
  readonly tls: { secureConnections: number; clientErrors: number };
}

/** A real HTTP or HTTPS receiver on 127.0.0.1, port 0, closed when the test ends. */
export async function startReceiver(
  t: ExecutionContext,
  behaviour: ReceiverBehaviour = () => ({}),
  options: { tls?: Certificate; path?: string } = {},
): Promise<Receiver> {
  const requests: ReceivedRequest[] = [];
  const tls = { secureConnections: 0, clientErrors: 0 };
  const hanging = new Set<ServerResponse>();
  const onRequest = (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const received: ReceivedRequest = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        rawHeaders: req.rawHeaders,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(received);
      const reply = behaviour(received, requests.length - 1);
      if (reply.hang === true) {
        hanging.add(res);
        return;
      }
      const answer = () => {
        if (res.destroyed) return;
        res.writeHead(reply.status ?? 200, reply.headers ?? {});
        res.end(reply.body ?? '');
      };
      if (reply.delayMs === undefined) answer();
      else {
        hanging.add(res);
        setTimeout(answer, reply.delayMs);
      }
    });
  };
  const server: Server =
    options.tls === undefined
      ? createHttpServer(onRequest)
      : createHttpsServer({ key: options.tls.key, cert: options.tls.cert }, onRequest);
  server.on('secureConnection', () => tls.secureConnections++);
  server.on('tlsClientError', () => tls.clientErrors++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(
    () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  const { port } = server.address() as AddressInfo;
  const host = options.tls === undefined ? '127.0.0.1' : 'localhost';
  return {
    url: `${options.tls === undefined ? 'http' : 'https'}://${host}:${port}${options.path ?? '/hook'}`,
    requests,
    tls,
  };
}
