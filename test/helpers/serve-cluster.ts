import type { ExecutionContext } from 'ava';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { getJson } from './harness.js';
import type { PostgresServer } from './postgres.js';
import { startReceiver, type Receiver, type ReceiverBehaviour } from './receiver.js';
import { startServe, type ServeProcess } from './spawn-cli.js';

/** `serve --store` child processes on one fresh database of a real PostgreSQL, with one webhook receiver. */
export interface ServeCluster {
  readonly receiver: Receiver;
  readonly store: string;
  readonly config: string;
  start(nodeId: string, extra?: readonly string[]): Promise<ServeProcess>;
}

export interface DeliveryRow {
  readonly id: string;
  readonly messageId: string;
  readonly state: string;
  readonly nextAttemptAt?: string;
  readonly attempts: readonly { readonly at: string; readonly status?: number; readonly error?: string }[];
  readonly takeovers?: number;
}

let clusters = 0;

/** A database on `postgres`, a config file sending write key `wk` to a receiver answering `behaviour`. */
export async function serveCluster(
  t: ExecutionContext,
  postgres: PostgresServer | undefined,
  behaviour: ReceiverBehaviour,
  prefix: string,
): Promise<ServeCluster> {
  if (postgres === undefined) throw new Error('PostgreSQL did not start');
  const receiver = await startReceiver(t, behaviour);
  // Numbered before any await: the tests of a file run at once.
  const number = ++clusters;
  const store = await postgres.createDatabase(`${prefix}_${number}`);
  const dir = mkdtempSync(path.join(tmpdir(), 'event-harness-cluster-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const config = path.join(dir, 'config.json');
  writeFileSync(
    config,
    JSON.stringify({
      sources: [{ writeKey: 'wk', destinations: { Webhooks: { webhooks: [{ url: receiver.url }] } } }],
    }),
  );
  return {
    receiver,
    store,
    config,
    // --quiet unless the node is given a log level of its own.
    start: (nodeId, extra = []) =>
      startServe(t, [
        '--clock',
        'fake',
        ...(extra.includes('--log-level') ? [] : ['--quiet']),
        '--config',
        config,
        '--store',
        store,
        '--node-id',
        nodeId,
        ...extra,
      ]),
  };
}

export async function deliveriesOf(url: string): Promise<DeliveryRow[]> {
  return ((await getJson(`${url}/__harness/deliveries`)).body as { deliveries: DeliveryRow[] }).deliveries;
}

export async function waitUntil(
  check: () => Promise<boolean> | boolean,
  what: string,
  boundMs = 30_000,
): Promise<void> {
  const deadline = Date.now() + boundMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${what} within ${boundMs} ms`);
}

/** One statement on its own connection. */
export async function sql(url: string, text: string, values: unknown[] = []): Promise<Record<string, unknown>[]> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => undefined);
  await client.connect();
  try {
    return (await client.query(text, values)).rows as Record<string, unknown>[];
  } finally {
    await client.end();
  }
}

export function messageIdOf(body: string): string {
  return (JSON.parse(body) as { messageId: string }).messageId;
}

/** Requests the receiver got, per messageId. */
export function requestsPerMessage(receiver: Receiver): Map<string, number> {
  const counts = new Map<string, number>();
  for (const request of receiver.requests) {
    const id = messageIdOf(request.body);
    counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  return counts;
}
