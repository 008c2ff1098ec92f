// How cheap is a harness per test? Warm: createHarness() start-to-first-response and stop, in this process
// after the first one (median of many). Cold: a fresh `node` child that imports the package, starts a
// harness and gets its first answer. Both against a one-route Hapi server measured the same way, same run.
// The cold case runs the built package (dist/, from `npm run build`), as users get it.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import Hapi from '@hapi/hapi';
import { createHarness } from '../src/index.js';
import { fmt, median, percentile, report } from './bench-kit.js';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const WARM_RUNS = Number(process.env.BENCH_RUNS ?? 60);
const COLD_RUNS = Number(process.env.BENCH_COLD_RUNS ?? 7);
const execFileAsync = promisify(execFile);

/** One POST over a fresh connection with node:http (fetch would add its own lazy loading to the cold case). */
function firstResponse(url: string, pathname: string, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${url}${pathname}`,
      {
        method: 'POST',
        agent: false,
        headers: {
          'content-type': 'application/json',
          authorization: `Basic ${Buffer.from('startup:').toString('base64')}`,
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const EVENT = JSON.stringify({ userId: 'u1', event: 'Started' });

async function warmHarness(): Promise<{ start: number; stop: number }> {
  const t0 = performance.now();
  const harness = await createHarness();
  const status = await firstResponse(harness.url, '/v1/track', EVENT);
  const t1 = performance.now();
  await harness.stop();
  const t2 = performance.now();
  if (status !== 200 || harness.journal.counts().accepted !== 1) throw new Error(`the harness answered ${status}`);
  return { start: t1 - t0, stop: t2 - t1 };
}

async function warmHapi(): Promise<{ start: number; stop: number }> {
  const t0 = performance.now();
  const server = Hapi.server({ host: '127.0.0.1', port: 0 });
  server.route({ method: 'POST', path: '/v1/track', handler: () => ({ success: true }) });
  await server.start();
  const status = await firstResponse(server.info.uri, '/v1/track', EVENT);
  const t1 = performance.now();
  await server.stop({ timeout: 0 });
  const t2 = performance.now();
  if (status !== 200) throw new Error(`hapi answered ${status}`);
  return { start: t1 - t0, stop: t2 - t1 };
}

async function measureWarm(fn: () => Promise<{ start: number; stop: number }>) {
  for (let i = 0; i < 5; i++) await fn();
  const totals: number[] = [];
  const starts: number[] = [];
  const stops: number[] = [];
  for (let i = 0; i < WARM_RUNS; i++) {
    const { start, stop } = await fn();
    starts.push(start);
    stops.push(stop);
    totals.push(start + stop);
  }
  return { start: median(starts), stop: median(stops), total: median(totals), p90: percentile(totals, 90) };
}

const http = `const { request } = await import('node:http');
const first = (url) => new Promise((resolve, reject) => { const req = request(url + '/v1/track', { method: 'POST', agent: false, headers: { 'content-type': 'application/json', authorization: 'Basic ' + Buffer.from('startup:').toString('base64') } }, (res) => { res.resume(); res.on('end', () => resolve(res.statusCode)); }); req.on('error', reject); req.end(${JSON.stringify(EVENT)}); });`;
const distIndex = path.join(root, 'dist/src/index.js');
// performance.now() in the child counts from its process start: node's own boot is included in both.
const coldHarness = `${http}
const { createHarness } = await import(${JSON.stringify(pathToFileURL(distIndex).href)});
const harness = await createHarness();
const status = await first(harness.url);
const ms = performance.now();
const cpu = process.cpuUsage();
await harness.stop();
console.log(JSON.stringify({ ms, cpu: (cpu.user + cpu.system) / 1000, status }));`;
const coldHapiScript = `${http}
const { default: Hapi } = await import(${JSON.stringify(pathToFileURL(path.join(root, 'node_modules/@hapi/hapi/lib/index.js')).href)});
const server = Hapi.server({ host: '127.0.0.1', port: 0 });
server.route({ method: 'POST', path: '/v1/track', handler: () => ({ success: true }) });
await server.start();
const status = await first(server.info.uri);
const ms = performance.now();
const cpu = process.cpuUsage();
await server.stop({ timeout: 0 });
console.log(JSON.stringify({ ms, cpu: (cpu.user + cpu.system) / 1000, status }));`;
const bareNode = `const cpu = process.cpuUsage(); console.log(JSON.stringify({ ms: performance.now(), cpu: (cpu.user + cpu.system) / 1000, status: 200 }));`;

interface ColdRun {
  /** Wall time from process start to the first answer. */
  readonly ms: number;
  /** CPU time the process used by then: steadier than wall time on a machine shared with other work. */
  readonly cpu: number;
}

async function cold(script: string): Promise<ColdRun> {
  const { stdout } = await execFileAsync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: root,
    encoding: 'utf8',
    timeout: 30_000,
  });
  const { ms, cpu, status } = JSON.parse(stdout) as { ms: number; cpu: number; status: number };
  if (status !== 200) throw new Error(`cold start answered ${status}`);
  return { ms, cpu };
}

async function measureCold(script: string): Promise<ColdRun> {
  await cold(script); // fills the OS file cache
  const runs: ColdRun[] = [];
  for (let i = 0; i < COLD_RUNS; i++) runs.push(await cold(script));
  return { ms: median(runs.map((r) => r.ms)), cpu: median(runs.map((r) => r.cpu)) };
}

const ours = await measureWarm(warmHarness);
const hapi = await measureWarm(warmHapi);
report(`warm: createHarness() start -> first response -> stop, median of ${WARM_RUNS} (target < 10 ms)`, {
  'event-harness start+first response': `${fmt(ours.start, 2)} ms`,
  'event-harness stop': `${fmt(ours.stop, 2)} ms`,
  'event-harness total (p90)': `${fmt(ours.total, 2)} ms (${fmt(ours.p90, 2)} ms)`,
  'one-route Hapi total (p90)': `${fmt(hapi.total, 2)} ms (${fmt(hapi.p90, 2)} ms)`,
  'ratio (ours / Hapi)': fmt(ours.total / hapi.total, 2),
});

if (existsSync(distIndex)) {
  const node = await measureCold(bareNode);
  const coldOurs = await measureCold(coldHarness);
  const coldHapi = await measureCold(coldHapiScript);
  report(`cold: fresh node process, import + start + first response, median of ${COLD_RUNS} (target < 300 ms)`, {
    'bare node boot': `${fmt(node.ms, 1)} ms (CPU ${fmt(node.cpu, 1)} ms)`,
    'event-harness (dist)': `${fmt(coldOurs.ms, 1)} ms (CPU ${fmt(coldOurs.cpu, 1)} ms)`,
    'one-route Hapi': `${fmt(coldHapi.ms, 1)} ms (CPU ${fmt(coldHapi.cpu, 1)} ms)`,
    'ratio (ours / Hapi)': fmt(coldOurs.ms / coldHapi.ms, 2),
    'CPU ratio (ours / Hapi)': fmt(coldOurs.cpu / coldHapi.cpu, 2),
  });
} else {
  console.log(`cold: skipped, ${distIndex} is missing; run npm run build first`);
}
