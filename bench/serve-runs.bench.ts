// What runs (tenants) cost `event-harness serve` on its ingest path, as users run it: the built CLI as a child
// process, a load generator in another (bench/load-generator.mjs, undici, keep-alive), POST /v1/batch of 20 events
// with unique messageIds. Baseline: the same serve with no run. Then the same server holding 100 runs, the load sent
// with one run's key in Basic auth (as SDKs send it: the fast path, one map read), and with the key only in the body
// (no Basic auth: Hapi's route reads the body's key to route it). The three are alternated over rounds.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { basicAuth, fmt, median, report, startListening, type ListeningChild } from './bench-kit.js';

const execFileAsync = promisify(execFile);
const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const main = path.join(root, 'dist/src/cli/main.js');
const generator = path.join(root, 'bench/load-generator.mjs');
const CONCURRENCY = Number(process.env.BENCH_CONNECTIONS ?? 32);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 4_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const RUNS = Number(process.env.BENCH_RUNS ?? 100);

const batch = (writeKey?: string) =>
  JSON.stringify({
    batch: Array.from({ length: 20 }, (_, i) => ({
      type: 'track',
      userId: `user-${i}`,
      event: 'Order Completed',
      messageId: '@@ID@@',
      properties: { orderId: `o-${i}`, revenue: 39.95 },
      timestamp: '2024-01-01T00:00:00.000Z',
    })),
    sentAt: '2024-01-01T00:00:01.000Z',
    ...(writeKey !== undefined ? { writeKey } : {}),
  });

function startServe(args: readonly string[]): Promise<ListeningChild> {
  return startListening('serve', process.execPath, [main, 'serve', '--port', '0', '--quiet', ...args], { cwd: root });
}

async function load(url: string, body: string, authorization: string): Promise<number> {
  const { stdout } = await execFileAsync(
    process.execPath,
    [
      generator,
      `${url}/v1/batch`,
      String(CONCURRENCY),
      String(REQUESTS),
      Buffer.from(body).toString('base64'),
      authorization,
    ],
    { cwd: root, timeout: 300_000 },
  );
  const result = JSON.parse(stdout) as { rps: number; non2xx: number };
  if (result.non2xx > 0) throw new Error(`${result.non2xx} answers were not 2xx`);
  return result.rps;
}

if (!existsSync(main)) throw new Error(`${path.relative(root, main)} is missing: run npm run build first`);
const dir = mkdtempSync(path.join(tmpdir(), 'bench-runs-'));
process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
const config = path.join(dir, 'ingest-only.json');
writeFileSync(config, JSON.stringify({ sources: [{ writeKey: 'bench-key' }], journal: { capacity: 10_000 } }));

const plain = await startServe(['--config', config]);
const tenanted = await startServe(['--config', config]);
process.on('exit', () => {
  plain.child.kill('SIGTERM');
  tenanted.child.kill('SIGTERM');
});
let runKey = '';
for (let i = 0; i < RUNS; i++) {
  const answer = await fetch(`${tenanted.url}/__harness/runs`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ config: { journal: { capacity: 10_000 } } }),
  });
  const run = (await answer.json()) as { writeKeys: string[] };
  if (answer.status !== 201) throw new Error(`creating run ${i}: ${answer.status} ${JSON.stringify(run)}`);
  if (i === Math.floor(RUNS / 2)) runKey = run.writeKeys[0] ?? '';
}

const cases = {
  'serve, no runs (baseline)': () => load(plain.url, batch(), basicAuth('bench-key')),
  [`serve, ${RUNS} runs, a run's key in Basic auth`]: () => load(tenanted.url, batch(), basicAuth(runKey)),
  [`serve, ${RUNS} runs, a run's key in the body only`]: () => load(tenanted.url, batch(runKey), ''),
};
const results = new Map<string, number[]>(Object.keys(cases).map((name) => [name, []]));
for (const run of Object.values(cases)) await run(); // warm-up, not counted
for (let round = 0; round < ROUNDS; round++)
  for (const [name, run] of Object.entries(cases)) results.get(name)?.push(await run());

const rows: Record<string, string> = {};
const baseline = median(results.get('serve, no runs (baseline)') ?? []);
for (const [name, values] of results) {
  const rps = median(values);
  rows[`${name} req/s (median of ${ROUNDS})`] = `${fmt(rps)} (events/s ${fmt(rps * 20)})`;
  if (!name.includes('baseline')) rows[`ratio ${name} / baseline`] = fmt(rps / baseline, 2);
}
report(`POST /v1/batch, 20 events, ${CONCURRENCY} connections, ${REQUESTS} requests per run`, rows);
plain.child.kill('SIGTERM');
tenanted.child.kill('SIGTERM');
