import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { basicAuth } from './bench-kit.js';

/** A loopback webhook receiver that answers 200 and counts each message id it is sent. */
export interface CountingReceiver {
  readonly url: string;
  /** Requests per messageId. */
  readonly seen: ReadonlyMap<string, number>;
  /** Resolves once `count` distinct messages arrived; rejects after `boundMs` saying how many did. */
  waitFor(count: number, boundMs: number): Promise<void>;
  close(): Promise<void>;
}

export async function startCountingReceiver(): Promise<CountingReceiver> {
  const seen = new Map<string, number>();
  let waiter: { count: number; resolve: () => void } | undefined;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const { messageId } = JSON.parse(Buffer.concat(chunks).toString()) as { messageId: string };
      seen.set(messageId, (seen.get(messageId) ?? 0) + 1);
      res.writeHead(200).end();
      if (waiter !== undefined && seen.size >= waiter.count) waiter.resolve();
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    seen,
    waitFor(count, boundMs) {
      if (seen.size >= count) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`only ${seen.size} of ${count} messages were delivered within ${boundMs} ms`)),
          boundMs,
        );
        waiter = {
          count,
          resolve: () => {
            clearTimeout(timer);
            resolve();
          },
        };
      });
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Sends `events` track events in 20-event batches (unique messageIds), `concurrency` requests at a time spread
 * over the nodes in turn, and times from the first send until the receiver has every accepted event. Answers
 * deliveries/s to the last delivery, and how many messages arrived more than once (must be 0). One receiver per
 * measurement: it counts every message it is sent.
 */
export async function deliveryThroughput(
  nodes: readonly string[],
  receiver: CountingReceiver,
  options: { readonly events: number; readonly concurrency: number; readonly writeKey: string; readonly tag: string },
): Promise<{ deliveriesPerSecond: number; delivered: number; duplicates: number }> {
  const batches = Math.ceil(options.events / 20);
  let next = 0;
  let accepted = 0;
  const start = performance.now();
  const sender = async () => {
    for (let b = next++; b < batches; b = next++) {
      const batch = Array.from({ length: 20 }, (_, i) => ({
        type: 'track',
        userId: `user-${i}`,
        event: 'Order Completed',
        messageId: `${options.tag}-${b}-${i}`,
        properties: { orderId: `o-${b}-${i}`, revenue: 39.95 },
      }));
      const answer = await fetch(`${nodes[b % nodes.length]}/v1/batch`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: basicAuth(options.writeKey) },
        body: JSON.stringify({ batch }),
      });
      await answer.arrayBuffer();
      if (answer.status !== 200) throw new Error(`batch ${b} answered ${answer.status}`);
      accepted += batch.length;
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, sender));
  await receiver.waitFor(accepted, 300_000);
  const seconds = (performance.now() - start) / 1000;
  // A second send of a message (a walk taken over, a claim lost) would come late: listen 2 s more, untimed.
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const mine = [...receiver.seen].filter(([id]) => id.startsWith(`${options.tag}-`));
  return {
    deliveriesPerSecond: mine.length / seconds,
    delivered: mine.length,
    duplicates: mine.filter(([, times]) => times > 1).length,
  };
}
