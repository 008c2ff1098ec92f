// `event-harness serve` ingesting POST /v1/batch (20-event batches) as users run it: the built CLI
// (`node dist/src/cli/main.js serve`, default log at info, to a pipe), beside a raw node:http server that only
// parses the JSON and answers 200, and WireMock standalone (the npm package `wiremock`, its jar run with the
// machine's java, with its defaults: it journals every request, unbounded) answering a stubbed POST 200. Every server is a child process, and so is the load generator
// (wrk where it is installed, else autocannon: see http-load.ts; 100 connections); each server is warmed up until
// its req/s stops climbing (a JVM takes a minute or more); the servers are alternated over rounds so drift in the machine's load hits all,
// and each load starts once every server is idle (the embedded default delivers its backlog after its own load).
// serve, raw and WireMock are measured as users run them, on every CPU (serve reads HTTP on its ingest threads,
// WireMock on its Jetty threads, raw on its one thread); where taskset runs on two CPUs or more, the load generator runs on
// CPU 1 for every load (BENCH_PIN=0: not pinned). Each round also measures CPU for CPU: serve with its main thread
// alone (--threads 0) and raw, both on CPU 0, and WireMock moved onto CPU 0. Prints req/s, p99 latency, CPU per
// request, peak RSS (VmHWM) of each server, and the ratios.
import { execFile } from 'node:child_process';
import { chooseLoadGenerator, httpLoad, type HttpLoadOptions } from './http-load.js';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import {
  basicAuth,
  type Command,
  cpuMicros,
  cpuPinning,
  ALL_CPUS,
  fmt,
  ingestBatch,
  type ListeningChild,
  median,
  moveToCpus,
  report,
  rssMb,
  startListening,
  untilIdle,
} from './bench-kit.js';

const execFileAsync = promisify(execFile);
const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const main = path.join(root, 'dist/src/cli/main.js');
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 100);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
/** serve and raw are measured this many times in each round, one right after the other: the ratio's samples. */
const PAIRS = Number(process.env.BENCH_PAIRS ?? 2);
const EVENTS_PER_BATCH = 20;

const body = JSON.stringify(ingestBatch(EVENTS_PER_BATCH));
// The servers measured against each other on one CPU, the load generator on another, so the scheduler does not
// move them between the two: one source of the spread between runs. The host's own load, another, stays.
const pinning = process.env.BENCH_PIN === '0' ? 'BENCH_PIN=0' : cpuPinning();
const SERVER_CPU = 0;
const LOAD_CPU = 1;
const onServerCpu = (command: Command): Command =>
  typeof pinning === 'string' ? command : pinning(SERVER_CPU, command);
const onLoadCpu = (command: Command): Command => (typeof pinning === 'string' ? command : pinning(LOAD_CPU, command));
const authorization = basicAuth('bench-key');

type Server = ListeningChild;

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

async function startWireMock(): Promise<Server | string> {
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
  // The stub: POST /v1/batch answers 200 with the service's success body.
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

/**
 * Every server idle before a load: the embedded default keeps delivering its backlog of up to 100,000 webhooks
 * after its load ends, and without this wait the next server measured (raw node:http, in round order) shared the
 * CPU with that backlog.
 */
function settle(all: readonly Server[]): Promise<void> {
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

const generator = chooseLoadGenerator();
const loadOptions = (url: string, seconds: number): HttpLoadOptions => ({
  url: `${url}/v1/batch`,
  method: 'POST',
  headers: { 'content-type': 'application/json', authorization },
  body,
  connections: CONNECTIONS,
  seconds,
  place: onLoadCpu,
});

async function load(server: Server): Promise<Load> {
  const cpuBefore = cpuMicros(server.child.pid);
  const result = await httpLoad(generator.name, loadOptions(server.url, SECONDS));
  const cpu = cpuMicros(server.child.pid) - cpuBefore;
  return {
    rps: result.rps,
    p99: result.p99Ms,
    non2xx: result.non2xx,
    errors: result.errors,
    cpuPerRequest: cpu / Math.max(1, result.requests),
  };
}

if (!existsSync(main)) throw new Error(`${path.relative(root, main)} is missing: run npm run build first`);
// Two ways users run serve: with a config whose source has no webhooks (a load test of an SDK or a pipeline:
// ingestion only), and the embedded default, where every accepted event is also delivered, signed, to the
// built-in sample receiver in the same process (20 webhook requests per batch, which the dispatcher queues up
// to its capacity of 100,000 pending deliveries and then answers 429).
const configDir = mkdtempSync(path.join(tmpdir(), 'bench-serve-'));
process.on('exit', () => rmSync(configDir, { recursive: true, force: true }));
writeFileSync(
  path.join(configDir, 'ingest-only.json'),
  JSON.stringify({ sources: [{ writeKey: 'bench-key', name: 'bench' }] }),
);
/** A server of ours or the baseline, started on the servers' CPU. */
const startPinned = (name: string, args: readonly string[]) => {
  const { command, args: pinnedArgs } = onServerCpu({ command: process.execPath, args });
  return startListening(name, command, pinnedArgs, { cwd: root });
};
const startOnAllCpus = (name: string, args: readonly string[]) =>
  startListening(name, process.execPath, args, { cwd: root });
const ingestOnly = ['--config', path.join(configDir, 'ingest-only.json')];
// serve and raw first and next to each other: the embedded default leaves a backlog of deliveries that takes a while
// to settle, and between serve and raw it put a minute of the host's drift into the ratio of a round.
const serve = await startOnAllCpus('serve', [main, 'serve', '--port', '0', ...ingestOnly]);
const raw = await startOnAllCpus('raw node:http', [path.join(root, 'bench/raw-json-server.mjs')]);
const serveMainThread = await startPinned('serve --threads 0', [
  main,
  'serve',
  '--port',
  '0',
  '--threads',
  '0',
  ...ingestOnly,
]);
const sampled = await startOnAllCpus('serve + sample receiver', [main, 'serve', '--port', '0']);
const servers: Server[] = [serve, raw, serveMainThread, sampled];
const wiremock = await startWireMock();
if (typeof wiremock !== 'string') servers.push(wiremock);
const stopAll = () => {
  for (const server of servers) server.child.kill('SIGTERM');
};
process.on('exit', stopAll);

/** One measurement: a server, and the CPUs it is moved onto for it (it goes back onto all of them after). */
interface Target {
  readonly name: string;
  readonly server: Server;
  readonly cpus?: string;
}
const WIREMOCK_ON_SERVE_CPU = 'WireMock on CPU 0';
const RAW_ON_SERVE_CPU = 'raw node:http on CPU 0';
// CPU for CPU: serve's main thread alone and raw on one CPU, one right after the other.
const cpuForCpu: Target[] =
  typeof pinning === 'string'
    ? []
    : [
        { name: serveMainThread.name, server: serveMainThread },
        { name: RAW_ON_SERVE_CPU, server: raw, cpus: String(SERVER_CPU) },
      ];
const others: Target[][] = [cpuForCpu, [{ name: sampled.name, server: sampled }]];
if (typeof wiremock !== 'string') {
  const onAll = { name: wiremock.name, server: wiremock };
  others.push(
    typeof pinning === 'string'
      ? [onAll]
      : [onAll, { name: WIREMOCK_ON_SERVE_CPU, server: wiremock, cpus: String(SERVER_CPU) }],
  );
}
const targets: Target[] = [{ name: serve.name, server: serve }, { name: raw.name, server: raw }, ...others.flat()];

async function measure(target: Target): Promise<void> {
  await settle(servers);
  if (target.cpus !== undefined) moveToCpus(target.server.child.pid, target.cpus);
  try {
    runs.get(target.name)?.push(await load(target.server));
  } finally {
    if (target.cpus !== undefined) moveToCpus(target.server.child.pid, ALL_CPUS);
  }
}

const runs = new Map<string, Load[]>(targets.map((t) => [t.name, []]));
const warmUps = new Map<string, number[]>();
/**
 * A warm-up load lasts this long. The first FROM_START_LOADS of them are the rate a test run sees from the server's
 * start. Every server gets at least WARM_UP_LOADS (WireMock's JVM took 60-90 s of load to reach its plateau: 2,052,
 * 3,627, 3,568, 3,573 req/s in its first four loads, 8,819 a minute later), then more until two in a row gain under
 * 5% on the best so far, for at most 5 minutes.
 */
const WARM_UP_SECONDS = 8;
const FROM_START_LOADS = 5;
const WARM_UP_LOADS = 12;
const WARM_UP_BOUND_MS = 300_000;

async function warmUp(server: Server): Promise<number[]> {
  const rates: number[] = [];
  const deadline = Date.now() + WARM_UP_BOUND_MS;
  let flat = 0;
  for (;;) {
    const { rps } = await httpLoad(generator.name, loadOptions(server.url, WARM_UP_SECONDS));
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

try {
  // Each server warmed up (JIT, connection pools), not counted, until its req/s stops climbing: WireMock's JVM
  // keeps compiling for a minute or more under load (4,739, 7,592, then 9,086 req/s in three 8 s wrk loads after a
  // 90 s one), and a comparison with a JVM half warmed says nothing about it.
  for (const server of servers) {
    await settle(servers);
    warmUps.set(server.name, await warmUp(server));
  }
  for (let round = 0; round < ROUNDS; round++) {
    // serve and raw one right after the other, PAIRS times, swapping which goes first; then the others, whose
    // own order swaps every other round too.
    for (let pair = 0; pair < PAIRS; pair++) {
      const swap = (round * PAIRS + pair) % 2 === 1;
      for (const server of swap ? [raw, serve] : [serve, raw]) await measure({ name: server.name, server });
    }
    for (const group of others)
      for (const target of round % 2 === 0 ? group : [...group].reverse()) await measure(target);
  }
} finally {
  const best = (name: string) =>
    (runs.get(name) ?? []).reduce<Load | undefined>((a, b) => (a === undefined || b.rps > a.rps ? b : a), undefined);
  const cpu = (name: string) => Math.min(...(runs.get(name) ?? []).map((r) => r.cpuPerRequest));
  const rows: Record<string, string> = {};
  for (const { name, server } of targets) {
    const b = best(name);
    if (b === undefined) continue;
    const all = runs.get(name) ?? [];
    rows[`${name} req/s (best of ${all.length})`] = `${fmt(b.rps)} (events/s ${fmt(b.rps * EVENTS_PER_BATCH)})`;
    rows[`${name} req/s, each run`] = all.map((r) => fmt(r.rps)).join(', ');
    const warming = warmUps.get(server.name);
    if (warming !== undefined && server.name === name)
      rows[`${name} req/s while warming up, from its start (${WARM_UP_SECONDS} s loads)`] = warming
        .map((r) => fmt(r))
        .join(', ');
    rows[`${name} p99 ms${name === 'serve' ? ' (target < 60)' : ''}`] = fmt(b.p99);
    rows[`${name} CPU µs per request (least)`] = fmt(cpu(name));
    if (name !== WIREMOCK_ON_SERVE_CPU && name !== RAW_ON_SERVE_CPU)
      rows[`${name} peak RSS MB${name === 'serve' ? ' (target < 300)' : ''}`] = fmt(rssMb(server.child.pid, 'peak'));
    rows[`${name} non-2xx / errors`] =
      `${all.reduce((n, r) => n + r.non2xx, 0)} / ${all.reduce((n, r) => n + r.errors, 0)}`;
  }
  const serveBest = best(serve.name);
  const rawBest = best(raw.name);
  if (serveBest !== undefined && rawBest !== undefined) {
    rows['ratio serve / raw, best of each (target >= 0.70)'] = fmt(serveBest.rps / rawBest.rps, 2);
    // Each serve run beside the raw run measured right before or after it, to show the spread.
    const rawRuns = runs.get(raw.name) ?? [];
    const pairRatios = (runs.get(serve.name) ?? []).flatMap((r, i) => {
      const rawRun = rawRuns[i];
      return rawRun === undefined ? [] : [r.rps / rawRun.rps];
    });
    rows['ratio serve / raw, each pair'] = pairRatios.map((r) => fmt(r, 2)).join(', ');
    rows['ratio serve / raw, median of pairs'] = fmt(median(pairRatios), 2);
    // CPU time per request, all of serve's threads counted: what the threads cost beside what they gain.
    rows['CPU ratio raw / serve'] = fmt(cpu(raw.name) / cpu(serve.name), 2);
    // CPU for CPU: serve's main thread alone against raw, both on CPU 0 (on a shared machine, wall-clock rates swing
    // with the neighbours' load; CPU time per request less so).
    const mainBest = best(serveMainThread.name);
    const rawPinned = best(RAW_ON_SERVE_CPU);
    if (mainBest !== undefined && rawPinned !== undefined) {
      rows['ratio serve --threads 0 / raw, both on CPU 0'] = fmt(mainBest.rps / rawPinned.rps, 2);
      rows['CPU ratio raw / serve --threads 0'] = fmt(cpu(RAW_ON_SERVE_CPU) / cpu(serveMainThread.name), 2);
    }
    const sampledBest = best(sampled.name);
    if (sampledBest !== undefined) rows['ratio serve + sample receiver / raw'] = fmt(sampledBest.rps / rawBest.rps, 2);
  }
  const wmBest = best('WireMock');
  if (serveBest !== undefined && wmBest !== undefined) {
    // Three views of the same run, for neither is the whole story on a machine of two CPUs: from the start (what a
    // test run or a short load test sees: WireMock's JVM not yet compiled), on average over every load of the run,
    // and at each one's best load (WireMock's, after a minute or more of JIT; by default it journals every request
    // unbounded, and once that fills its heap its rate falls to a few hundred: see docs/decisions.md).
    const fromStart = (name: string) => (warmUps.get(name) ?? []).slice(0, FROM_START_LOADS).reduce((a, b) => a + b, 0);
    rows[
      `ratio serve / WireMock over the first ${FROM_START_LOADS * WARM_UP_SECONDS} s of load from start (target > 1)`
    ] = fmt(fromStart(serve.name) / fromStart('WireMock'), 2);
    const everyLoad = (name: string) => {
      const warming = warmUps.get(name) ?? [];
      const measured = (runs.get(name) ?? []).map((r) => r.rps);
      const answered =
        warming.reduce((a, b) => a + b * WARM_UP_SECONDS, 0) + measured.reduce((a, b) => a + b * SECONDS, 0);
      return {
        mean: answered / (warming.length * WARM_UP_SECONDS + measured.length * SECONDS),
        peak: Math.max(...warming, ...measured),
      };
    };
    rows['ratio serve / WireMock, mean req/s over every load of the run'] = fmt(
      everyLoad(serve.name).mean / everyLoad('WireMock').mean,
      2,
    );
    rows['ratio serve / WireMock, best load of each'] = fmt(everyLoad(serve.name).peak / everyLoad('WireMock').peak, 2);
    rows['ratio serve / WireMock on all CPUs, best round of each'] = fmt(serveBest.rps / wmBest.rps, 2);
    const wmPinned = best(WIREMOCK_ON_SERVE_CPU);
    const mainBest = best(serveMainThread.name);
    if (wmPinned !== undefined && mainBest !== undefined)
      rows['ratio serve --threads 0 / WireMock, both on CPU 0'] = fmt(mainBest.rps / wmPinned.rps, 2);
    rows['CPU ratio WireMock / serve'] = fmt(cpu('WireMock') / cpu(serve.name), 2);
  }
  if (typeof wiremock === 'string') rows['WireMock not run'] = wiremock;
  rows['pinned to CPUs'] =
    typeof pinning === 'string'
      ? `not pinned (${pinning})`
      : `${generator.name} on CPU ${LOAD_CPU}; serve, raw and WireMock on all CPUs, then serve --threads 0, raw and WireMock on CPU ${SERVER_CPU}`;
  report(
    `POST /v1/batch, ${EVENTS_PER_BATCH} events per batch, ${CONNECTIONS} connections, ${SECONDS} s per run, ${ROUNDS} rounds of ${PAIRS} serve/raw pairs, ${generator.name} in its own process (${generator.why}), each server warmed up first until its req/s stops climbing`,
    rows,
  );
  stopAll();
}
