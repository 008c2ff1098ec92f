// The client suite as users run it: the built CLI, `check client` at default settings (20 runs, --quiet),
// against our own client (`event-harness driver`) and against @segment/analytics-node (`--client segment-node`).
// Baseline, in the same run: one plain client session through the same driver, process start included
// (ready line, init, 20 tracks, close, against a harness), so the ratio says how many sessions the suite costs.
// Targets (issue 13): our client under 15 s, @segment/analytics-node under 60 s. Run `npm run build` first.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { createHarness } from '../src/index.js';
import { fmt, report } from './bench-kit.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const cli = path.join(root, 'dist/src/cli/main.js');

function runSuite(client: string): Promise<{ ms: number; code: number | null; stdout: string }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, 'check', 'client', '--seed', '1', '--quiet', '--reporter', 'json', '--', process.execPath, cli, 'driver', '--client', client], { cwd: root });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ ms: performance.now() - started, code, stdout }));
  });
}

async function oneSession(client: string): Promise<number> {
  const harness = await createHarness({ clock: 'system' });
  try {
    const started = performance.now();
    const child = spawn(process.execPath, [cli, 'driver', '--client', client], { cwd: root, env: { ...process.env, EVENT_HARNESS_ENDPOINT: harness.url, EVENT_HARNESS_WRITE_KEY: 'bench' } });
    const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
    await lines.next();
    const ask = async (line: object) => {
      child.stdin.write(`${JSON.stringify(line)}\n`);
      await lines.next();
    };
    await ask({ id: 0, op: 'init', config: { flushAt: 20, flushAfterMs: 5_000 } });
    for (let i = 1; i <= 20; i++) await ask({ id: i, op: 'track', message: { userId: `u${i}`, event: 'Bench' } });
    await ask({ id: 21, op: 'close' });
    child.stdin.end();
    await new Promise((resolve) => child.once('close', resolve));
    return performance.now() - started;
  } finally {
    await harness.stop();
  }
}

for (const [client, target] of [['reference', 15_000], ['segment-node', 60_000]] as const) {
  const session = await oneSession(client);
  const suite = await runSuite(client);
  const parsed = JSON.parse(suite.stdout) as { passed: boolean; clauses: { status: string }[] };
  report(`client suite, default settings, ${client} driver (exit ${suite.code}, ${parsed.clauses.length} clauses, ${parsed.clauses.filter((c) => c.status === 'fail').length} failed)`, {
    'suite wall time, built CLI (ms)': fmt(suite.ms),
    'one plain session through the driver (ms)': fmt(session),
    'ratio (suite / session)': fmt(suite.ms / session, 1),
    target: suite.ms < target ? `met (< ${target / 1000} s)` : `MISSED (>= ${target / 1000} s)`,
  });
}
