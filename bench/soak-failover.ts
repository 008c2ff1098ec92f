// The failover soak of issue 34: two `serve --store` nodes on one real PostgreSQL under a steady load (a client that
// resends each batch, same messageIds, to the other node until one answers 200), while a node is killed at random
// (SIGKILL, then started again) and PostgreSQL is restarted; the receiver answers 500 to a tenth of the attempts, so
// retries are due through it all. Afterwards every acknowledged event is accounted for. It prints accepted,
// journaled, delivered, duplicated (receiver), takeovers (counted by the admin API), lost and stuck; the last two
// must be 0 (exit code 1 otherwise).
// Run: npm run soak:failover   (SOAK_FAILOVER_MS: how long the failures go on, default 60 s)
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startPostgres } from '../test/helpers/postgres.js';
import { steadyLoad } from '../test/helpers/steady-load.js';
import { fmt, report } from './bench-kit.js';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const FAILURES_MS = Number(process.env.SOAK_FAILOVER_MS ?? 60_000);
/** After the load stops: how long the deliveries get to finish before what is pending counts as stuck. */
const SETTLE_MS = Number(process.env.SOAK_FAILOVER_SETTLE_MS ?? 120_000);
const LEASE_MS = 3_000;
let finished = false;

interface Node {
  readonly id: string;
  url: string;
  child: ChildProcess | undefined;
}

function startNode(node: Node, store: string, config: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        import.meta.resolve('tsx'),
        path.join(root, 'src/cli/main.ts'),
        'serve',
        '--port',
        node.url === '' ? '0' : new URL(node.url).port,
        '--quiet',
        '--config',
        config,
        '--store',
        store,
        '--node-id',
        node.id,
        '--lease-ms',
        String(LEASE_MS),
      ],
      { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-5_000)));
    child.stdout?.on('data', (chunk: Buffer) => {
      const match = /listening on (http:\/\/\S+)/.exec(chunk.toString());
      if (match?.[1] === undefined) return;
      node.url = match[1];
      node.child = child;
      resolve();
    });
    child.on('exit', (code, signal) => {
      if (node.child === undefined)
        reject(new Error(`${node.id} exited (${code ?? signal}) before listening: ${stderr}`));
      else if (signal !== 'SIGKILL' && !finished)
        console.error(`${node.id} exited by itself (${code ?? signal}): ${stderr}`);
    });
  });
}

async function getJson<T>(url: string): Promise<T> {
  return (await (await fetch(url, { signal: AbortSignal.timeout(30_000) })).json()) as T;
}

const postgres = await startPostgres();
const store = await postgres.createDatabase('soak_failover');
// The receiver: 500 to a tenth of the attempts at random, 200 otherwise; counts the 200s per messageId.
const delivered = new Map<string, number>();
let receiverRequests = 0;
const receiver = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    receiverRequests++;
    if (Math.random() < 0.1) {
      res.writeHead(500).end();
      return;
    }
    const { messageId } = JSON.parse(Buffer.concat(chunks).toString()) as { messageId: string };
    delivered.set(messageId, (delivered.get(messageId) ?? 0) + 1);
    res.writeHead(200).end();
  });
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const dir = mkdtempSync(path.join(os.tmpdir(), 'eh-soak-failover-'));
const config = path.join(dir, 'harness.json');
writeFileSync(
  config,
  JSON.stringify({
    sources: [
      {
        writeKey: 'wk',
        destinations: {
          Webhooks: { webhooks: [{ url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook` }] },
        },
      },
    ],
  }),
);
const nodes: Node[] = [
  { id: 'n1', url: '', child: undefined },
  { id: 'n2', url: '', child: undefined },
];
await Promise.all(nodes.map((node) => startNode(node, store, config)));
const load = steadyLoad(
  nodes.map((node) => node.url),
  { writeKey: 'wk', senders: 4, batchSize: 5, prefix: 'soak' },
);

// The failures: every few seconds, a node killed (and started again 1-3 s later) or PostgreSQL restarted.
const started = Date.now();
const failures = { kills: 0, postgresRestarts: 0 };
while (Date.now() - started < FAILURES_MS) {
  await new Promise((resolve) => setTimeout(resolve, 3_000 + Math.random() * 4_000));
  if (Math.random() < 0.7) {
    const node = nodes[Math.floor(Math.random() * nodes.length)] as Node;
    node.child?.kill('SIGKILL');
    failures.kills++;
    await new Promise((resolve) => setTimeout(resolve, 1_000 + Math.random() * 2_000));
    node.child = undefined;
    await startNode(node, store, config);
  } else {
    await postgres.shutdown('fast');
    await new Promise((resolve) => setTimeout(resolve, 500 + Math.random() * 2_500));
    await postgres.start();
    failures.postgresRestarts++;
  }
}
await load.stop(120_000);

// Every acknowledged event must be journaled once and delivered; what is still pending after SETTLE_MS is stuck.
const [first] = nodes as [Node, Node];
const deadline = Date.now() + SETTLE_MS;
let pending = Number.POSITIVE_INFINITY;
while (Date.now() < deadline) {
  pending = (await getJson<{ total: number }>(`${first.url}/__harness/deliveries?state=pending&limit=1`)).total;
  if (pending === 0) break;
  await new Promise((resolve) => setTimeout(resolve, 1_000));
}
const events = await getJson<{ events: { event: { messageId: string } }[] }>(
  `${first.url}/__harness/events?status=accepted&limit=1000000`,
);
const journaled = new Map<string, number>();
for (const { event } of events.events) journaled.set(event.messageId, (journaled.get(event.messageId) ?? 0) + 1);
const deliveries = await getJson<{ takeovers: number; deliveries: { messageId: string; state: string }[] }>(
  `${first.url}/__harness/deliveries?limit=1000000`,
);
const acknowledged = [...load.acknowledged];
const lost = acknowledged.filter((id) => !journaled.has(id) || !delivered.has(id));
const journaledTwice = [...journaled.values()].filter((n) => n > 1).length;
const duplicated = [...delivered.values()].filter((n) => n > 1).length;
const answers = new Map<number, number>();
for (const answer of load.answers) answers.set(answer.status, (answers.get(answer.status) ?? 0) + 1);
report('failover soak: two nodes, node kills, PostgreSQL restarts, steady load', {
  'failures (s)': fmt(FAILURES_MS / 1_000),
  'nodes killed': failures.kills,
  'PostgreSQL restarts': failures.postgresRestarts,
  'answers by status': [...answers].map(([status, n]) => `${status}: ${fmt(n)}`).join(', '),
  'slowest answer (ms)': fmt(Math.max(...load.answers.map((a) => a.ms))),
  accepted: fmt(acknowledged.length),
  'journaled (accepted entries)': fmt(events.events.length),
  'journaled twice': journaledTwice,
  delivered: fmt(deliveries.deliveries.filter((d) => d.state === 'delivered').length),
  'receiver requests': fmt(receiverRequests),
  'duplicated (a messageId the receiver took twice)': duplicated,
  'takeovers (admin API)': deliveries.takeovers,
  'duplicated within the takeovers': duplicated <= deliveries.takeovers ? 'yes' : 'NO',
  lost: lost.length,
  stuck: pending,
});
if (lost.length > 0) console.error(`lost: ${lost.slice(0, 20).join(', ')}`);
finished = true;
for (const node of nodes) node.child?.kill('SIGTERM');
await new Promise((resolve) => setTimeout(resolve, 2_000));
receiver.close();
await postgres.stop();
process.exitCode =
  lost.length === 0 && pending === 0 && journaledTwice === 0 && duplicated <= deliveries.takeovers ? 0 : 1;
