// Signed deliveries/s from the WebhookDispatcher (serialize, sign, POST over keep-alive, classify, record) to
// a local receiver, against a raw undici loop that signs and POSTs the same payloads with the same
// concurrency, in the same run. The receiver is a child process so it does not share this process's CPU.
// Target: ours >= 0.8 of raw.
import { spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { once } from 'node:events';
import { Agent as HttpAgent, request as httpRequest } from 'node:http';
import { Agent, request } from 'undici';
import { createSystemClock } from '../src/clock/system-clock.js';
import { WebhookDispatcher } from '../src/actors/dispatcher/webhook-dispatcher.js';
import { fmt, median, report } from './bench-kit.js';

const DELIVERIES = Number(process.env.BENCH_DELIVERIES ?? 10_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const SECRET = 'bench-secret';

const receiverSource = `
const http = require('node:http');
const server = http.createServer((req, res) => { req.on('data', () => {}); req.on('end', () => { res.writeHead(200, { 'content-type': 'text/plain' }); res.end('ok'); }); });
server.keepAliveTimeout = 60000;
server.listen(0, '127.0.0.1', () => process.stdout.write(String(server.address().port) + '\\n'));
`;
const receiver = spawn(process.execPath, ['-e', receiverSource], { stdio: ['ignore', 'pipe', 'inherit'] });
const [portChunk] = (await once(receiver.stdout, 'data')) as [Buffer];
const url = `http://127.0.0.1:${portChunk.toString().trim()}/hook`;

/** What the raw loops send for event i: the signed webhook body and the headers the dispatcher sends. */
function signedDelivery(i: number): { body: string; headers: Record<string, string> } {
  const body = JSON.stringify({ version: 1, ...event(i) });
  const signature = createHmac('sha1', SECRET).update(body).digest('hex');
  return {
    body,
    headers: {
      'user-agent': 'Segment.io/1.0',
      'content-type': 'application/json',
      'x-signature': signature,
      'x-bench': '1',
    },
  };
}

function event(i: number): Record<string, unknown> {
  return {
    type: 'track',
    userId: `user-${i % 100}`,
    event: 'Order Completed',
    messageId: `m-${i}`,
    properties: { orderId: `o-${i}`, revenue: 39.95, currency: 'EUR', products: [{ sku: 'sku-1', quantity: 2 }] },
    context: { ip: '203.0.113.7', library: { name: 'bench', version: '1.0.0' } },
    timestamp: '2024-01-01T00:00:00.000Z',
  };
}

async function ours(count: number): Promise<number> {
  const dispatcher = new WebhookDispatcher({ clock: createSystemClock(), concurrency: CONCURRENCY });
  const settings = { sharedSecret: SECRET, webhooks: [{ url, headers: { 'X-Bench': '1' } }] };
  const began = performance.now();
  for (let i = 0; i < count; i++) dispatcher.dispatchEvent({ writeKey: 'bench', settings, event: event(i) });
  await dispatcher.settled();
  const elapsed = performance.now() - began;
  const delivered = dispatcher.list({ state: 'delivered' }).length;
  dispatcher.close();
  if (delivered !== count) throw new Error(`dispatcher delivered ${delivered} of ${count}`);
  return (count / elapsed) * 1000;
}

async function raw(count: number): Promise<number> {
  const dispatcher = new Agent({ connections: CONCURRENCY * 2, pipelining: 1, keepAliveTimeout: 60_000 });
  let next = 0;
  let ok = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      const { body, headers } = signedDelivery(i);
      const res = await request(url, { method: 'POST', dispatcher, body, headers });
      await res.body.dump();
      if (res.statusCode >= 200 && res.statusCode < 300) ok++;
    }
  };
  const began = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const elapsed = performance.now() - began;
  await dispatcher.close();
  if (ok !== count) throw new Error(`raw loop delivered ${ok} of ${count}`);
  return (count / elapsed) * 1000;
}

// Second baseline: the same loop over node:http with a keep-alive agent, the client our transport is built on,
// to separate the dispatcher's own cost from the HTTP client's.
async function rawNodeHttp(count: number): Promise<number> {
  const agent = new HttpAgent({ keepAlive: true, maxSockets: CONCURRENCY * 2 });
  const target = new URL(url);
  let next = 0;
  let ok = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      const { body, headers } = signedDelivery(i);
      const status = await new Promise<number>((resolve, reject) => {
        const req = httpRequest(
          {
            hostname: target.hostname,
            port: target.port,
            path: target.pathname,
            method: 'POST',
            agent,
            headers: { ...headers, 'content-length': Buffer.byteLength(body) },
          },
          (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode ?? 0));
          },
        );
        req.on('error', reject);
        req.end(body);
      });
      if (status >= 200 && status < 300) ok++;
    }
  };
  const began = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const elapsed = performance.now() - began;
  agent.destroy();
  if (ok !== count) throw new Error(`raw node:http loop delivered ${ok} of ${count}`);
  return (count / elapsed) * 1000;
}

try {
  // Warm every path, then run paired rounds, alternating which goes first, so drift on a shared machine hits
  // both alike; the ratio is the median of the per-round ratios (robust to one noisy round), beside best-of.
  await ours(1_000);
  await raw(1_000);
  await rawNodeHttp(1_000);
  const oursRuns: number[] = [];
  const rawRuns: number[] = [];
  const nodeHttpRuns: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    if (round % 2 === 0) {
      rawRuns.push(await raw(DELIVERIES));
      oursRuns.push(await ours(DELIVERIES));
    } else {
      oursRuns.push(await ours(DELIVERIES));
      rawRuns.push(await raw(DELIVERIES));
    }
    nodeHttpRuns.push(await rawNodeHttp(DELIVERIES));
  }
  const best = (values: number[]) => Math.max(...values);
  const paired = (base: number[]) => median(oursRuns.map((value, i) => value / (base[i] ?? Number.NaN)));
  report(
    `signed webhook deliveries to a local receiver: ${fmt(DELIVERIES)} per round, concurrency ${CONCURRENCY}, ${ROUNDS} paired rounds`,
    {
      'WebhookDispatcher (deliveries/s)': `best ${fmt(best(oursRuns))}, median ${fmt(median(oursRuns))}`,
      'raw undici sign-and-POST (req/s)': `best ${fmt(best(rawRuns))}, median ${fmt(median(rawRuns))}`,
      'ratio ours / raw (median of rounds)': fmt(paired(rawRuns), 2),
      'ratio ours / raw (best / best)': fmt(best(oursRuns) / best(rawRuns), 2),
      'target': '>= 0.80',
      'raw node:http sign-and-POST (req/s)': `best ${fmt(best(nodeHttpRuns))}, median ${fmt(median(nodeHttpRuns))}`,
      'ratio ours / raw node:http (median)': fmt(paired(nodeHttpRuns), 2),
    },
  );
} finally {
  receiver.kill();
}
