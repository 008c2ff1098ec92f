// `event-harness serve` ingesting POST /v1/batch (20-event batches) as users run it: the built CLI
// (`node dist/src/cli/main.js serve`, a config whose source has no webhooks, default log at info to a pipe, its
// default ingest threads where the Node line can run them), beside raw node:http (bench/raw-json-server.mjs: reads
// the body, parses the JSON, answers 200) on the same Node binary, and WireMock standalone (the npm package
// `wiremock`, its jar on the machine's java, with its defaults) answering a stubbed POST 200.
//
// Each Node binary of BENCH_NODES runs its own serve and raw (default: the one running the bench; e.g.
// BENCH_NODES=$(command -v node),/tmp/n24/node_modules/.bin/node measures the machine's Node and Node 24 in one run),
// at each connection count of BENCH_CONNECTIONS (default 10,100). Every server is a child process, and so is the load
// generator (wrk where installed, else autocannon: see http-load.ts), on CPU 1 where taskset runs (BENCH_PIN=0: not
// pinned); each server is warmed up until its req/s stops climbing (BENCH_WARM_UP_LOADS loads at least, of
// BENCH_WARM_UP_SECONDS each, for BENCH_WARM_UP_BOUND_SECONDS at most); then BENCH_ROUNDS rounds measure, for each
// connection count, each serve right beside its raw (the order swapped every round) and WireMock, each load once
// every server is idle. Prints, per Node binary and connection count: req/s, p99, CPU per request and the errors of
// each server, the ratios serve / raw and serve / WireMock, and each server's peak RSS, beside the targets.
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { supportsReusePort } from '../src/server/port-sharing-server.js';
import {
  basicAuth,
  type Command,
  cpuMicros,
  cpuPinning,
  fmt,
  ingestBatch,
  type ListeningChild,
  median,
  report,
  rssMb,
  startListening,
  untilIdle,
} from './bench-kit.js';
import { chooseLoadGenerator, httpLoad, type HttpLoadOptions } from './http-load.js';

const execFileAsync = promisify(execFile);
const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const main = path.join(root, 'dist/src/cli/main.js');
const list = (text: string | undefined, fallback: string) =>
  (text ?? fallback)
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
const NODES = list(process.env.BENCH_NODES, process.execPath);
const CONNECTIONS = list(process.env.BENCH_CONNECTIONS, '10,100').map(Number);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
/** A warm-up load lasts this long; every server gets at least WARM_UP_LOADS of them, then more until two gain < 5 %. */
const WARM_UP_SECONDS = Number(process.env.BENCH_WARM_UP_SECONDS ?? 8);
const WARM_UP_LOADS = Number(process.env.BENCH_WARM_UP_LOADS ?? 12);
/** A server still climbing after this long (a JVM may) is measured anyway. */
const WARM_UP_BOUND_MS = Number(process.env.BENCH_WARM_UP_BOUND_SECONDS ?? 300) * 1000;
const EVENTS_PER_BATCH = 20;
/** The bounds: serve at least 0.9 of raw at 10 connections, ahead of WireMock, p99 and peak RSS kept. */
const TARGETS = { rawRatioAt10: 0.9, p99Ms: 29, peakRssMb: 440 };

const body = JSON.stringify(ingestBatch(EVENTS_PER_BATCH));
const authorization = basicAuth('bench-key');
const pinning = process.env.BENCH_PIN === '0' ? 'BENCH_PIN=0' : cpuPinning();
const LOAD_CPU = 1;
const onLoadCpu = (command: Command): Command => (typeof pinning === 'string' ? command : pinning(LOAD_CPU, command));
const generator = chooseLoadGenerator();

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createNetServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** A Node binary measured: its version, and whether serve runs ingest threads on it (reusePort). */
interface NodeLine {
  readonly binary: string;
  readonly version: string;
  readonly threads: boolean;
}

function nodeLine(binary: string): NodeLine {
  const version = execFileSync(binary, ['-p', 'process.versions.node'], { encoding: 'utf8' }).trim();
  return { binary, version, threads: supportsReusePort(version) };
}

async function startWireMock(): Promise<ListeningChild | string> {
  const jar = path.join(root, 'node_modules/wiremock/build/wiremock-standalone-3.13.2.jar');
  if (!existsSync(jar)) return `no jar at ${path.relative(root, jar)} (npm install the wiremock package)`;
  try {
    await execFileAsync('java', ['-version']);
  } catch (error) {
    return `java could not be run: ${(error as Error).message}`;
  }
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-wiremock-'));
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
  const server = await startListening(
    'WireMock',
    'java',
    ['-jar', jar, '--port', String(port), '--bind-address', '127.0.0.1', '--root-dir', dir, '--disable-banner'],
    { pattern: /port:\s+(\d+)|started/i, url: () => `http://127.0.0.1:${port}`, cwd: root },
  );
  const stub = {
    request: { method: 'POST', url: '/v1/batch' },
    response: { status: 200, headers: { 'Content-Type': 'application/json' }, body: '{"success":true}' },
  };
  const answer = await fetch(`${server.url}/__admin/mappings`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(stub),
  });
  if (!answer.ok) throw new Error(`WireMock refused the stub: ${answer.status} ${await answer.text()}`);
  return server;
}

interface Load {
  /** 2xx answers per second (refusals such as a 429 are not counted as ingested). */
  readonly rps: number;
  readonly p99: number;
  readonly non2xx: number;
  readonly errors: number;
  /** CPU time the server process spent per answered request during the run, in µs. */
  readonly cpuPerRequest: number;
}

const loadOptions = (url: string, connections: number, seconds: number): HttpLoadOptions => ({
  url: `${url}/v1/batch`,
  method: 'POST',
  headers: { 'content-type': 'application/json', authorization },
  body,
  connections,
  seconds,
  place: onLoadCpu,
});

async function load(server: ListeningChild, connections: number): Promise<Load> {
  const cpuBefore = cpuMicros(server.child.pid);
  const result = await httpLoad(generator.name, loadOptions(server.url, connections, SECONDS));
  const cpu = cpuMicros(server.child.pid) - cpuBefore;
  return {
    rps: result.rps,
    p99: result.p99Ms,
    non2xx: result.non2xx,
    errors: result.errors,
    cpuPerRequest: cpu / Math.max(1, result.requests),
  };
}

/** Every server idle before a load: a load must not share the CPU with work left from the previous one. */
function settle(all: readonly ListeningChild[]): Promise<void> {
  const total = () => all.reduce((sum, s) => sum + cpuMicros(s.child.pid), 0);
  return untilIdle(
    () => {
      const before = total();
      return () => total() - before;
    },
    120_000,
    'servers',
  );
}

/** Warm-up loads until the rate stops climbing (a JVM keeps compiling for a minute or more under load). */
async function warmUp(server: ListeningChild, connections: number): Promise<number[]> {
  const rates: number[] = [];
  const deadline = Date.now() + WARM_UP_BOUND_MS;
  let flat = 0;
  for (;;) {
    const { rps } = await httpLoad(generator.name, loadOptions(server.url, connections, WARM_UP_SECONDS));
    const best = Math.max(0, ...rates);
    rates.push(rps);
    flat = rps < best * 1.05 ? flat + 1 : 0;
    if (rates.length >= WARM_UP_LOADS && flat >= 2) return rates;
    if (Date.now() > deadline) {
      console.error(`${server.name} still warming up after ${WARM_UP_BOUND_MS / 1000} s; measuring anyway`);
      return rates;
    }
  }
}

if (!existsSync(main)) throw new Error(`${path.relative(root, main)} is missing: run npm run build first`);
const configDir = mkdtempSync(path.join(tmpdir(), 'bench-serve-'));
process.on('exit', () => rmSync(configDir, { recursive: true, force: true }));
const ingestOnly = path.join(configDir, 'ingest-only.json');
writeFileSync(ingestOnly, JSON.stringify({ sources: [{ writeKey: 'bench-key', name: 'bench' }] }));

/** The servers of one Node binary: serve with its default threads, and raw node:http. */
interface NodeServers {
  readonly line: NodeLine;
  readonly serve: ListeningChild;
  readonly raw: ListeningChild;
}

const lines = NODES.map(nodeLine);
const perNode: NodeServers[] = [];
for (const line of lines) {
  const serve = await startListening(
    `serve on Node ${line.version}`,
    line.binary,
    [main, 'serve', '--port', '0', '--config', ingestOnly],
    { cwd: root },
  );
  const raw = await startListening(`raw node:http on Node ${line.version}`, line.binary, [
    path.join(root, 'bench/raw-json-server.mjs'),
  ]);
  perNode.push({ line, serve, raw });
}
const wiremock = await startWireMock();
const servers: ListeningChild[] = perNode.flatMap(({ serve, raw }) => [serve, raw]);
if (typeof wiremock !== 'string') servers.push(wiremock);
const stopAll = () => {
  for (const server of servers) server.child.kill('SIGTERM');
};
process.on('exit', stopAll);

/** The loads of each server at each connection count, in the order measured. */
const runs = new Map<string, Load[]>();
const key = (server: ListeningChild, connections: number) => `${server.name} @ ${connections}`;
async function measure(server: ListeningChild, connections: number): Promise<void> {
  await settle(servers);
  const loads = runs.get(key(server, connections)) ?? [];
  loads.push(await load(server, connections));
  runs.set(key(server, connections), loads);
}

const warmUps = new Map<string, number[]>();
const best = (loads: readonly Load[] | undefined) =>
  (loads ?? []).reduce<Load | undefined>((a, b) => (a === undefined || b.rps > a.rps ? b : a), undefined);

function serverRows(
  rows: Record<string, string>,
  label: string,
  loads: readonly Load[],
  peakMb: number,
): Load | undefined {
  const top = best(loads);
  if (top === undefined) return undefined;
  rows[`${label} req/s (best of ${loads.length}; each)`] =
    `${fmt(top.rps)} (events/s ${fmt(top.rps * EVENTS_PER_BATCH)}); ${loads.map((l) => fmt(l.rps)).join(', ')}`;
  rows[`${label} p99 ms (best run; each)`] = `${fmt(top.p99)}; ${loads.map((l) => fmt(l.p99)).join(', ')}`;
  rows[`${label} CPU µs per request (least)`] = fmt(Math.min(...loads.map((l) => l.cpuPerRequest)));
  rows[`${label} non-2xx / errors`] =
    `${loads.reduce((n, r) => n + r.non2xx, 0)} / ${loads.reduce((n, r) => n + r.errors, 0)}`;
  rows[`${label} peak RSS MB`] = fmt(peakMb);
  return top;
}

function ratioRows(rows: Record<string, string>, node: NodeServers, connections: number): void {
  const serveLoads = runs.get(key(node.serve, connections)) ?? [];
  const rawLoads = runs.get(key(node.raw, connections)) ?? [];
  const serveBest = best(serveLoads);
  const rawBest = best(rawLoads);
  const label = `Node ${node.line.version}, ${connections} connections`;
  if (serveBest !== undefined && rawBest !== undefined) {
    const pairs = serveLoads.flatMap((s, i) => {
      const r = rawLoads[i];
      return r === undefined ? [] : [s.rps / r.rps];
    });
    const target = connections === 10 && node.line.threads ? ` (target >= ${TARGETS.rawRatioAt10})` : '';
    rows[`${label}: serve / raw, best of each${target}`] = fmt(serveBest.rps / rawBest.rps, 2);
    rows[`${label}: serve / raw, each pair; median`] =
      `${pairs.map((r) => fmt(r, 2)).join(', ')}; ${fmt(median(pairs), 2)}`;
  }
  const wmBest = typeof wiremock === 'string' ? undefined : best(runs.get(key(wiremock, connections)));
  if (serveBest !== undefined && wmBest !== undefined) {
    const mean = (loads: readonly Load[]) => loads.reduce((a, l) => a + l.rps, 0) / Math.max(1, loads.length);
    const wmLoads = runs.get(key(wiremock as ListeningChild, connections)) ?? [];
    rows[`${label}: serve / WireMock, best of each (target > 1)`] = fmt(serveBest.rps / wmBest.rps, 2);
    rows[`${label}: serve / WireMock, mean of rounds`] = fmt(mean(serveLoads) / mean(wmLoads), 2);
  }
}

try {
  const warmAt = Math.max(...CONNECTIONS);
  for (const server of servers) {
    await settle(servers);
    warmUps.set(server.name, await warmUp(server, warmAt));
  }
  for (let round = 0; round < ROUNDS; round++) {
    for (const connections of CONNECTIONS) {
      for (const node of perNode) {
        const pair = round % 2 === 0 ? [node.serve, node.raw] : [node.raw, node.serve];
        for (const server of pair) await measure(server, connections);
      }
      if (typeof wiremock !== 'string') await measure(wiremock, connections);
    }
  }
} finally {
  const rows: Record<string, string> = {};
  for (const node of perNode)
    rows[`Node ${node.line.version} (${node.line.binary})`] = node.line.threads
      ? 'serve runs its default ingest threads (reusePort)'
      : 'serve runs on its main thread (no reusePort on this Node line)';
  const peaks = new Map(servers.map((server) => [server.name, rssMb(server.child.pid, 'peak')]));
  for (const connections of CONNECTIONS) {
    for (const node of perNode) {
      for (const server of [node.serve, node.raw]) {
        const top = serverRows(
          rows,
          `${server.name}, ${connections} conn.`,
          runs.get(key(server, connections)) ?? [],
          peaks.get(server.name) ?? 0,
        );
        if (server === node.serve && top !== undefined)
          rows[`${server.name}, ${connections} conn. within p99 ${TARGETS.p99Ms} ms and RSS ${TARGETS.peakRssMb} MB`] =
            top.p99 <= TARGETS.p99Ms && (peaks.get(server.name) ?? 0) <= TARGETS.peakRssMb ? 'yes' : 'no';
      }
      ratioRows(rows, node, connections);
    }
    if (typeof wiremock !== 'string')
      serverRows(
        rows,
        `WireMock, ${connections} conn.`,
        runs.get(key(wiremock, connections)) ?? [],
        peaks.get(wiremock.name) ?? 0,
      );
  }
  for (const [name, rates] of warmUps)
    rows[`${name} warm-up req/s (${WARM_UP_SECONDS} s loads)`] = rates.map((r) => fmt(r)).join(', ');
  if (typeof wiremock === 'string') rows['WireMock not run'] = wiremock;
  rows['pinned to CPUs'] =
    typeof pinning === 'string'
      ? `not pinned (${pinning})`
      : `${generator.name} on CPU ${LOAD_CPU}; servers on all CPUs`;
  report(
    `POST /v1/batch, ${EVENTS_PER_BATCH} events per batch, ${CONNECTIONS.join(' and ')} connections, ${SECONDS} s per run, ${ROUNDS} rounds, ${generator.name} in its own process (${generator.why}), each server warmed up first until its req/s stops climbing`,
    rows,
  );
  stopAll();
}
