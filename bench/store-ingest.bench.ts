// `event-harness serve --store postgres://...` ingesting POST /v1/batch (20-event batches), as users run it (the
// built CLI, --quiet, a config whose source has no webhooks: ingestion only), beside `serve` with the in-memory
// store in the same run, and two PostgreSQL nodes on one database beside one. Load from autocannon child
// processes. The memory and one-node PostgreSQL servers are warmed up, then measured alternately over rounds
// (best of each), each load once every server and PostgreSQL are idle: a single cold run of each, one after the
// other, swung the memory baseline between about 120,000 and 246,000 events/s from one run to the next. Then the replication latency: an event accepted by node 1 until node 2's inspector stream (fed by
// NOTIFY and the catch-up, not by an admin read) counts it. PostgreSQL is a real server (Debian's binaries) in a
// temp directory, as in the tests.
import { execFile, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { startPostgres } from '../test/helpers/postgres.js';
import { cpuMicros, fmt, median, percentile, report, startListening, untilIdle } from './bench-kit.js';
import { deliveryThroughput, startCountingReceiver } from './delivery-throughput.js';

const execFileAsync = promisify(execFile);
const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const main = path.join(root, 'dist/src/cli/main.js');
const autocannon = path.join(root, 'node_modules/autocannon/autocannon.js');
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const LATENCY_SAMPLES = Number(process.env.BENCH_SAMPLES ?? 50);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
// As long as a measured run: after a 3 s warm-up the first PostgreSQL round was still the slowest by far.
const WARM_UP_SECONDS = Number(process.env.BENCH_WARM_UP_SECONDS ?? SECONDS);
const authorization = `Basic ${Buffer.from('bench-key:').toString('base64')}`;
const body = JSON.stringify({
  batch: Array.from({ length: 20 }, (_, i) => ({
    type: 'track',
    userId: `user-${i}`,
    event: 'Order Completed',
    properties: { orderId: `o-${i}`, revenue: 39.95, currency: 'EUR' },
    timestamp: '2024-01-01T00:00:00.000Z',
  })),
  sentAt: '2024-01-01T00:00:01.000Z',
});

interface Serve {
  readonly url: string;
  readonly child: ChildProcess;
}

function startServe(args: readonly string[]): Promise<Serve> {
  return startListening('serve', process.execPath, [main, 'serve', '--quiet', ...args], { cwd: root });
}

/** Events/s accepted (2xx batches x 20) by autocannon runs against the given URLs at once, connections split. */
async function ingest(
  urls: readonly string[],
  seconds = SECONDS,
): Promise<{ eventsPerSecond: number; p99: number; non2xx: number }> {
  const runs = await Promise.all(
    urls.map(async (url) => {
      const { stdout } = await execFileAsync(
        process.execPath,
        [
          autocannon,
          '--json',
          '-c',
          String(Math.max(1, Math.round(CONNECTIONS / urls.length))),
          '-d',
          String(seconds),
          '-m',
          'POST',
          '-H',
          'content-type=application/json',
          '-H',
          `authorization=${authorization}`,
          '-b',
          body,
          `${url}/v1/batch`,
        ],
        { cwd: root, timeout: (seconds + 60) * 1000, maxBuffer: 16 * 1024 * 1024 },
      );
      return JSON.parse(stdout) as { '2xx': number; non2xx: number; duration: number; latency: { p99: number } };
    }),
  );
  return {
    eventsPerSecond: runs.reduce((sum, run) => sum + (run['2xx'] * 20) / run.duration, 0),
    p99: Math.max(...runs.map((run) => run.latency.p99)),
    non2xx: runs.reduce((sum, run) => sum + run.non2xx, 0),
  };
}

/** CPU used so far (µs) by each process of PostgreSQL: the postmaster and its children (backends, WAL writer...). */
function postgresCpu(postmaster: number | undefined): Map<number, number> {
  const used = new Map<number, number>();
  if (postmaster === undefined) return used;
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (Number(name) === postmaster || parent === postmaster) used.set(Number(name), cpuMicros(Number(name)));
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return used;
}

/** CPU (µs) PostgreSQL used between two readings (a backend that ended in between is not counted). */
function postgresCpuSince(before: Map<number, number>, postmaster: number | undefined): number {
  let spent = 0;
  for (const [pid, now] of postgresCpu(postmaster)) spent += now - (before.get(pid) ?? 0);
  return spent;
}

/** The serve processes and PostgreSQL idle (a store writing behind, the checkpointer, autovacuum) before a load. */
function settle(nodes: readonly Serve[], postmaster: number | undefined): Promise<void> {
  const serveTotal = () => nodes.reduce((sum, node) => sum + cpuMicros(node.child.pid), 0);
  return untilIdle(
    () => {
      const serveBefore = serveTotal();
      const postgresBefore = postgresCpu(postmaster);
      return () => serveTotal() - serveBefore + postgresCpuSince(postgresBefore, postmaster);
    },
    60_000,
    'serve and PostgreSQL',
  );
}

/** An ingest run with the CPU each serve node and PostgreSQL spent on it, per accepted event (µs). */
async function measuredIngest(nodes: readonly Serve[], postmaster: number | undefined) {
  const serveBefore = nodes.map((node) => cpuMicros(node.child.pid));
  const postgresBefore = postgresCpu(postmaster);
  const run = await ingest(nodes.map((node) => node.url));
  const events = run.eventsPerSecond * SECONDS;
  const serveCpu = nodes.reduce((sum, node, i) => sum + cpuMicros(node.child.pid) - (serveBefore[i] ?? 0), 0);
  return {
    ...run,
    serveCpuPerEvent: serveCpu / events,
    postgresCpuPerEvent: postgresCpuSince(postgresBefore, postmaster) / events,
  };
}

/** Milliseconds from node 1's 200 to node 2's stream counting the event, over LATENCY_SAMPLES events one at a time. */
async function replicationLatency(node1: string, node2: string): Promise<number[]> {
  const stream = await fetch(`${node2}/__harness/stream`);
  const reader = stream.body?.getReader();
  if (reader === undefined) throw new Error('node 2 answered no stream');
  let seen = 0;
  let text = '';
  let waiter: { target: number; resolve: () => void } | undefined;
  void (async () => {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      text += Buffer.from(value).toString();
      for (let end = text.indexOf('\n\n'); end >= 0; end = text.indexOf('\n\n')) {
        const data = /^data: (.*)$/m.exec(text.slice(0, end))?.[1];
        text = text.slice(end + 2);
        if (data !== undefined) seen = (JSON.parse(data) as { events: { counts: { all: number } } }).events.counts.all;
        if (waiter !== undefined && seen >= waiter.target) waiter.resolve();
      }
    }
  })();
  const samples: number[] = [];
  for (let i = 0; i < LATENCY_SAMPLES; i++) {
    const target = seen + 1;
    const visible = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`event ${i} not visible on node 2 within 10 s`)), 10_000);
      waiter = {
        target,
        resolve: () => {
          clearTimeout(timer);
          resolve();
        },
      };
    });
    const answer = await fetch(`${node1}/v1/track`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization },
      body: JSON.stringify({ userId: `latency-${i}`, event: 'Replicated' }),
    });
    if (answer.status !== 200) throw new Error(`node 1 answered ${answer.status}`);
    const accepted = performance.now();
    await visible;
    samples.push(performance.now() - accepted);
    // Apart from the stream's 50 ms batching, so each sample is its own leading edge.
    await new Promise((resolve) => setTimeout(resolve, 60));
  }
  await reader.cancel();
  return samples;
}

const DELIVERY_EVENTS = Number(process.env.BENCH_DELIVERY_EVENTS ?? 4_000);

/**
 * Deliveries/s through `nodes` serve processes (each given its own extra arguments) to a fresh loopback
 * receiver: every accepted event delivered, timed to the last delivery, and the messages sent twice counted.
 */
async function deliveriesThrough(nodeArgs: readonly (readonly string[])[], tag: string) {
  const receiver = await startCountingReceiver();
  const deliverTo = path.join(configDir, `deliver-${tag}.json`);
  writeFileSync(
    deliverTo,
    JSON.stringify({
      sources: [
        { writeKey: 'bench-key', name: 'bench', destinations: { Webhooks: { webhooks: [{ url: receiver.url }] } } },
      ],
    }),
  );
  const nodes = await Promise.all(nodeArgs.map((args) => startServe(['--config', deliverTo, ...args])));
  children.push(...nodes.map((node) => node.child));
  try {
    return await deliveryThroughput(
      nodes.map((node) => node.url),
      receiver,
      { events: DELIVERY_EVENTS, concurrency: 10, writeKey: 'bench-key', tag },
    );
  } finally {
    for (const node of nodes) node.child.kill('SIGKILL');
    await receiver.close();
  }
}

if (!existsSync(main)) throw new Error(`${path.relative(root, main)} is missing: run npm run build first`);
const configDir = mkdtempSync(path.join(tmpdir(), 'bench-store-'));
const config = path.join(configDir, 'ingest-only.json');
writeFileSync(config, JSON.stringify({ sources: [{ writeKey: 'bench-key', name: 'bench' }] }));
const postgres = await startPostgres();
const children: ChildProcess[] = [];
try {
  const memory = await startServe(['--config', config]);
  const oneStore = await postgres.createDatabase('bench_one');
  const single = await startServe(['--config', config, '--store', oneStore]);
  children.push(memory.child, single.child);
  const pair = [memory, single];
  for (const node of pair) {
    await settle(pair, postgres.pid);
    await ingest([node.url], WARM_UP_SECONDS);
  }
  const memoryRuns: Awaited<ReturnType<typeof measuredIngest>>[] = [];
  const singleRuns: Awaited<ReturnType<typeof measuredIngest>>[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    await settle(pair, postgres.pid);
    memoryRuns.push(await measuredIngest([memory], undefined));
    await settle(pair, postgres.pid);
    singleRuns.push(await measuredIngest([single], postgres.pid));
  }
  memory.child.kill('SIGKILL');
  single.child.kill('SIGKILL');
  const best = (runs: typeof memoryRuns) => runs.reduce((a, b) => (b.eventsPerSecond > a.eventsPerSecond ? b : a));
  const memoryRun = best(memoryRuns);
  const singleRun = best(singleRuns);
  const twoStore = await postgres.createDatabase('bench_two');
  const a = await startServe(['--config', config, '--store', twoStore, '--node-id', 'a']);
  const b = await startServe(['--config', config, '--store', twoStore, '--node-id', 'b']);
  children.push(a.child, b.child);
  await settle([a, b], postgres.pid);
  await ingest([a.url, b.url], WARM_UP_SECONDS);
  await settle([a, b], postgres.pid);
  const pairRun = await measuredIngest([a, b], postgres.pid);
  const latency = await replicationLatency(a.url, b.url);
  a.child.kill('SIGKILL');
  b.child.kill('SIGKILL');
  const memoryDeliveries = await deliveriesThrough([[]], 'memory');
  const oneNode = await postgres.createDatabase('bench_deliver_one');
  const singleDeliveries = await deliveriesThrough([['--store', oneNode]], 'one');
  const twoNodes = await postgres.createDatabase('bench_deliver_two');
  const pairDeliveries = await deliveriesThrough(
    [
      ['--store', twoNodes, '--node-id', 'a'],
      ['--store', twoNodes, '--node-id', 'b'],
    ],
    'two',
  );
  const rates = (runs: typeof memoryRuns) => runs.map((run) => fmt(run.eventsPerSecond)).join(', ');
  report(`serve ingest, 20-event batches, ${CONNECTIONS} connections, ${SECONDS} s each`, {
    [`memory store (baseline), best of ${ROUNDS}`]: `${fmt(memoryRun.eventsPerSecond)} events/s, p99 ${memoryRun.p99} ms`,
    [`postgres store, one node, best of ${ROUNDS}`]: `${fmt(singleRun.eventsPerSecond)} events/s, p99 ${singleRun.p99} ms`,
    'memory store, each round': rates(memoryRuns),
    'postgres store, one node, each round': rates(singleRuns),
    'ratio of each round (postgres / memory)': singleRuns
      .map((run, i) => fmt(run.eventsPerSecond / (memoryRuns[i]?.eventsPerSecond ?? Number.NaN), 2))
      .join(', '),
    'postgres store, two nodes': `${fmt(pairRun.eventsPerSecond)} events/s, p99 ${pairRun.p99} ms`,
    'ratio postgres / memory': fmt(singleRun.eventsPerSecond / memoryRun.eventsPerSecond, 2),
    'ratio two nodes / one node': fmt(pairRun.eventsPerSecond / singleRun.eventsPerSecond, 2),
    'non-2xx answers (all runs)': [...memoryRuns, ...singleRuns, pairRun].reduce((n, run) => n + run.non2xx, 0),
  });
  report('CPU per accepted event (user + system from /proc, 10 ms ticks)', {
    'memory store: serve': `${fmt(memoryRun.serveCpuPerEvent, 1)} us`,
    'postgres, one node: serve': `${fmt(singleRun.serveCpuPerEvent, 1)} us`,
    'postgres, one node: PostgreSQL': `${fmt(singleRun.postgresCpuPerEvent, 1)} us`,
    'postgres, two nodes: both serves': `${fmt(pairRun.serveCpuPerEvent, 1)} us`,
    'postgres, two nodes: PostgreSQL': `${fmt(pairRun.postgresCpuPerEvent, 1)} us`,
  });
  report(`replication, accepted on node 1 -> counted on node 2's stream (${LATENCY_SAMPLES} events)`, {
    median: `${fmt(median(latency), 1)} ms`,
    p99: `${fmt(percentile(latency, 99), 1)} ms`,
  });
  report(`deliveries to a loopback receiver, ${fmt(DELIVERY_EVENTS)} events, timed to the last delivery`, {
    'memory store (baseline)': `${fmt(memoryDeliveries.deliveriesPerSecond)} deliveries/s`,
    'postgres store, one node': `${fmt(singleDeliveries.deliveriesPerSecond)} deliveries/s`,
    'postgres store, two nodes': `${fmt(pairDeliveries.deliveriesPerSecond)} deliveries/s`,
    'ratio postgres / memory': fmt(singleDeliveries.deliveriesPerSecond / memoryDeliveries.deliveriesPerSecond, 2),
    'ratio two nodes / one node': fmt(pairDeliveries.deliveriesPerSecond / singleDeliveries.deliveriesPerSecond, 2),
    'delivered / sent (all runs)': `${fmt(memoryDeliveries.delivered + singleDeliveries.delivered + pairDeliveries.delivered)} / ${fmt(3 * DELIVERY_EVENTS)}`,
    'messages sent twice (must be 0)':
      memoryDeliveries.duplicates + singleDeliveries.duplicates + pairDeliveries.duplicates,
  });
} finally {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  await postgres.stop();
  rmSync(configDir, { recursive: true, force: true });
}
