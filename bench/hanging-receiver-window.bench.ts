// The real cost of the 4-hour retry window against a receiver that never answers, as users run it: the built CLI
// (`serve --clock fake`) as a child process, one track, then the README's `POST /__harness/clock/advance
// {"ms": 14400000}` (with a budget large enough to finish). Under the rule of virtual time (docs/rules.md, "Virtual
// time"), a timeout is no answer within 5 s of real time, so each attempt costs 5 s: the floor is attempts x 5 s,
// and the ratio says what the harness adds to it. Baseline in the same run: the same window against a receiver that
// answers 503 at once. Then the default budget: the same advance answers 504 at its 30 s, naming what remains.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { basicAuth, fmt, report, startListening } from './bench-kit.js';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const main = path.join(root, 'dist/src/cli/main.js');
if (!existsSync(main)) throw new Error('dist/ is missing: run `npm run build` first');
const WINDOW_MS = 14_400_000;
const TIMEOUT_MS = 5_000;

async function receiver(hang: boolean): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    req.resume();
    if (!hang) req.on('end', () => res.writeHead(503).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, server };
}

interface Outcome {
  readonly wallMs: number;
  readonly status: number;
  readonly attempts: { error?: string; status?: number; realDurationMs?: number }[];
  readonly message?: string;
}

async function window(receiverUrl: string, budgetMs: number | undefined): Promise<Outcome> {
  const dir = mkdtempSync(path.join(tmpdir(), 'eh-hang-bench-'));
  const config = path.join(dir, 'harness.json');
  writeFileSync(
    config,
    JSON.stringify({ sources: [{ writeKey: 'wk', destinations: { Webhooks: { webhooks: [{ url: receiverUrl }] } } }] }),
  );
  const serve = await startListening('serve', process.execPath, [
    main,
    'serve',
    '--port',
    '0',
    '--clock',
    'fake',
    '--config',
    config,
    '--quiet',
  ]);
  try {
    const post = (route: string, body: unknown, headers: Record<string, string> = {}) =>
      fetch(`${serve.url}${route}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });
    await (await post('/v1/track', { userId: 'u', event: 'E' }, { authorization: basicAuth('wk') })).arrayBuffer();
    const began = performance.now();
    const answer = await post('/__harness/clock/advance', {
      ms: WINDOW_MS,
      ...(budgetMs !== undefined ? { budgetMs } : {}),
    });
    const body = (await answer.json()) as { message?: string };
    const wallMs = performance.now() - began;
    const listed = (await (await fetch(`${serve.url}/__harness/deliveries`)).json()) as {
      deliveries: { attempts: Outcome['attempts'] }[];
    };
    return {
      wallMs,
      status: answer.status,
      attempts: listed.deliveries[0]?.attempts ?? [],
      ...(body.message !== undefined ? { message: body.message } : {}),
    };
  } finally {
    serve.child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  }
}

const hanging = await receiver(true);
const failing = await receiver(false);
const ours = await window(hanging.url, 600_000);
const baseline = await window(failing.url, 600_000);
const defaultBudget = await window(hanging.url, undefined);
hanging.server.closeAllConnections();
hanging.server.close();
failing.server.close();
const floorMs = ours.attempts.length * TIMEOUT_MS;
report('4-hour window against a receiver that never answers (serve --clock fake, one advance)', {
  'advance answered': `${ours.status} after ${fmt(ours.wallMs / 1000, 1)} s of real time`,
  attempts: `${ours.attempts.length}, ${ours.attempts.filter((a) => a.error === 'ETIMEDOUT').length} timed out`,
  'shortest real timeout (ms)': fmt(Math.min(...ours.attempts.map((a) => a.realDurationMs ?? 0)), 0),
  'floor: attempts x 5 s (s)': fmt(floorMs / 1000, 1),
  'ratio ours / floor': fmt(ours.wallMs / floorMs, 3),
  'baseline: a fast 503 receiver (s)': `${fmt(baseline.wallMs / 1000, 2)} for ${baseline.attempts.length} attempts (${baseline.status})`,
  'with the default budget': `${defaultBudget.status} after ${fmt(defaultBudget.wallMs / 1000, 1)} s, ${defaultBudget.attempts.length} attempts recorded`,
  'its answer': (defaultBudget.message ?? '').slice(0, 160),
});
