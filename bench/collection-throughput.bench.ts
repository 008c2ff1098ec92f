// Events/s of POST /v1/batch (20-event batches) at concurrency 10 and 100, against a raw node:http server
// that only parses JSON and answers 200, in the same run. The journal is on and bounded.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createHarness } from '../src/index.js';
import { basicAuth, fmt, ingestBatch, report } from './bench-kit.js';
import { createRawJsonServer } from './raw-json-server.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const EVENTS_PER_BATCH = 20;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 20_000);
const CAPACITY = Number(process.env.BENCH_JOURNAL_CAPACITY ?? 50_000);

// BENCH_MESSAGE_IDS=1: each event carries a client messageId, new in every request (as SDKs send them), so the
// per-source dedup memory is exercised too; by default the server generates them.
const CLIENT_IDS = process.env.BENCH_MESSAGE_IDS === '1';
const batch = ingestBatch(EVENTS_PER_BATCH, CLIENT_IDS ? '@@ID@@' : undefined);
// Without client messageIds the server adds unique ones, so every batch is accepted (no dedup shortcut).
const body = Buffer.from(JSON.stringify(batch)).toString('base64');
const authorization = basicAuth('bench-key');

const execFileAsync = promisify(execFile);

interface Run {
  readonly rps: number;
  readonly non2xx: number;
  /** CPU time this process (the server under test; the generator is a child) spent per request, in µs. */
  readonly cpuPerRequest: number;
}

// The generator is a child process (async, so this process's event loop keeps serving while it runs).
async function load(url: string, concurrency: number): Promise<Run> {
  const cpu = process.cpuUsage();
  const { stdout } = await execFileAsync(
    process.execPath,
    [path.join(here, 'load-generator.mjs'), url, String(concurrency), String(REQUESTS), body, authorization],
    { encoding: 'utf8', timeout: 120_000 },
  );
  const used = process.cpuUsage(cpu);
  // The generator's warm-up sends one request per connection besides the timed ones.
  const cpuPerRequest = (used.user + used.system) / (REQUESTS + concurrency);
  return { ...(JSON.parse(stdout) as { rps: number; non2xx: number }), cpuPerRequest };
}

const raw = createRawJsonServer();
await new Promise<void>((resolve) => raw.listen(0, '127.0.0.1', resolve));
const rawUrl = `http://127.0.0.1:${(raw.address() as AddressInfo).port}/v1/batch`;
const harness = await createHarness({ config: { journal: { capacity: CAPACITY } } });
const oursUrl = `${harness.url}/v1/batch`;

for (const concurrency of [10, 100]) {
  // Alternate the two servers so drift in machine load hits both.
  const rawRuns = [await load(rawUrl, concurrency)];
  const ourRuns = [await load(oursUrl, concurrency)];
  rawRuns.push(await load(rawUrl, concurrency));
  ourRuns.push(await load(oursUrl, concurrency));
  const rawRps = Math.max(...rawRuns.map((r) => r.rps));
  const ourRps = Math.max(...ourRuns.map((r) => r.rps));
  const failures = ourRuns.reduce((n, r) => n + r.non2xx, 0);
  // On a machine shared with other work, wall-clock rates swing with the neighbours' load; the server's own
  // CPU time per request does much less, so its ratio is printed too (raw CPU / ours = the throughput ratio
  // a server bound by its own CPU would reach).
  const rawCpu = Math.min(...rawRuns.map((r) => r.cpuPerRequest));
  const ourCpu = Math.min(...ourRuns.map((r) => r.cpuPerRequest));
  report(
    `POST /v1/batch, ${EVENTS_PER_BATCH} events per batch${CLIENT_IDS ? ' with client messageIds' : ''}, concurrency ${concurrency}, ${fmt(REQUESTS)} requests per run`,
    {
      'raw node:http events/s': fmt(rawRps * EVENTS_PER_BATCH),
      'event-harness events/s': fmt(ourRps * EVENTS_PER_BATCH),
      'ratio (ours / raw)': fmt(ourRps / rawRps, 2),
      'server CPU µs/request raw / ours': `${fmt(rawCpu)} / ${fmt(ourCpu)}`,
      'CPU ratio (raw / ours)': fmt(rawCpu / ourCpu, 2),
      'non-2xx answers': failures,
    },
  );
}
const counts = harness.journal.counts();
// Heap after a full collection (the runner passes --expose-gc): what the bounded journal really holds.
(globalThis as { gc?: () => void }).gc?.();
report('journal', {
  'events recorded': fmt(counts.all),
  'accepted / duplicate': `${fmt(counts.accepted)} / ${fmt(counts.duplicate)}`,
  [`entries held (capacity ${fmt(CAPACITY)})`]: fmt(harness.journal.size),
  'heap used MB': fmt(process.memoryUsage().heapUsed / 1e6),
});
await harness.stop();
raw.close();
