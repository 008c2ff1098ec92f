// SIGTERM in `serve` (issue 16, item 6): in-flight deliveries may finish; what is left is counted, never silent.
import test from 'ava';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { startServe } from '../helpers/spawn-cli.js';
import { startReceiver } from '../helpers/receiver.js';

async function configWith(hooks: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'eh-shutdown-'));
  const sources = Object.entries(hooks).map(([writeKey, url]) => ({
    writeKey,
    destinations: { Webhooks: { webhooks: [{ url }] } },
  }));
  await writeFile(path.join(dir, 'harness.json'), JSON.stringify({ sources }));
  return dir;
}

async function until(probe: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!probe()) {
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const track = (url: string, writeKey: string, messageId: string) =>
  fetch(`${url}/v1/track`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ writeKey, userId: 'u', event: 'E', messageId }),
  });

test('SIGTERM with a retry scheduled and a request hanging: exit 0 and a warning counting both, with their message ids', async (t) => {
  const failing = await startReceiver(t, () => ({ status: 503 }));
  const hanging = await startReceiver(t, () => ({ hang: true }));
  const dir = await configWith({ retry: failing.url, hang: hanging.url });
  const serve = await startServe(t, ['--config', 'harness.json', '--clock', 'fake', '--log-format', 'json'], {
    cwd: dir,
  });
  t.is((await track(serve.url, 'retry', 'm-retry')).status, 200);
  t.is((await track(serve.url, 'hang', 'm-hang')).status, 200);
  await until(() => failing.requests.length === 1 && hanging.requests.length === 1, 'both first attempts');
  const started = Date.now();
  t.is(await serve.stop('SIGTERM'), 0);
  t.true(Date.now() - started < 20_000, 'the drain is bounded');
  const warning = serve
    .stderr()
    .split('\n')
    .find((line) => line.includes('undelivered webhook deliveries'));
  t.truthy(warning, serve.stderr());
  const report = JSON.parse(warning ?? '{}') as Record<string, unknown>;
  t.like(report, { level: 40, kind: 'dropped', dropped: 2, inFlight: 1, scheduled: 1 }); // pino's level 40 is warn
  t.deepEqual([...(report.messageIds as string[])].sort(), ['m-hang', 'm-retry']);
});

test('SIGTERM while a slow receiver is answering: the delivery finishes first and nothing is reported dropped', async (t) => {
  let received = 0;
  const slow = createServer((req, res) => {
    req.resume();
    received++;
    setTimeout(() => res.writeHead(200).end('ok'), 700);
  });
  await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
  t.teardown(
    () =>
      new Promise<void>((resolve) => {
        slow.closeAllConnections();
        slow.close(() => resolve());
      }),
  );
  const dir = await configWith({ slow: `http://127.0.0.1:${(slow.address() as AddressInfo).port}/hook` });
  const serve = await startServe(t, ['--config', 'harness.json', '--log-level', 'info'], { cwd: dir });
  t.is((await track(serve.url, 'slow', 'm-slow')).status, 200);
  await until(() => received === 1, 'the request reaching the slow receiver');
  t.is(await serve.stop('SIGTERM'), 0);
  t.false(serve.stderr().includes('undelivered'), serve.stderr());
  t.regex(serve.stderr(), /every webhook delivery finished/);
});
