import test from 'ava';
import { request as httpRequest } from 'node:http';
import { runCli, startServe } from '../helpers/spawn-cli.js';

function statusWithHost(url: string, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers: { host } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}

test('--allow-host adds a name to the loopback Host allowlist; a bad name is a usage error', async (t) => {
  const serve = await startServe(t, ['--allow-host', 'mock.test']);
  const port = new URL(serve.url).port;
  t.is(await statusWithHost(`${serve.url}/__harness/health`, `mock.test:${port}`), 200);
  t.is(await statusWithHost(`${serve.url}/__harness/health`, `evil.test:${port}`), 403);
  t.is(await serve.stop(), 0);
  const bad = await runCli(['serve', '--allow-host', 'two words']);
  t.is(bad.code, 2);
  t.regex(bad.stderr, /--allow-host takes a host name .*; received "two words"/);
});

test('with the inspector\'s stream open, {"ms": 1e308} is a 400 and serve keeps answering', async (t) => {
  const serve = await startServe(t, ['--clock', 'fake']);
  const controller = new AbortController();
  const stream = await fetch(`${serve.url}/__harness/stream`, { signal: controller.signal });
  t.is(stream.status, 200);
  const advance = await fetch(`${serve.url}/__harness/clock/advance`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{"ms": 1e308}',
  });
  t.is(advance.status, 400);
  const track = await fetch(`${serve.url}/v1/track`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ writeKey: 'wk', userId: 'u', event: 'e' }),
  });
  t.is(track.status, 200);
  await new Promise((resolve) => setTimeout(resolve, 200));
  t.is((await fetch(`${serve.url}/__harness/health`)).status, 200);
  controller.abort();
  t.is(await serve.stop(), 0);
});

test('--block-private-targets refuses loopback targets, the sample receiver included', async (t) => {
  const serve = await startServe(t, ['--block-private-targets', '--clock', 'fake']);
  await fetch(`${serve.url}/v1/track`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ writeKey: 'wk', userId: 'u', event: 'e' }),
  });
  let deliveries: { state: string; attempts: { error?: string }[] }[] = [];
  for (let i = 0; i < 100 && deliveries[0]?.state !== 'failed'; i++) {
    deliveries = (
      (await (await fetch(`${serve.url}/__harness/deliveries`)).json()) as { deliveries: typeof deliveries }
    ).deliveries;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  t.is(deliveries[0]?.state, 'failed');
  t.deepEqual(
    deliveries[0]?.attempts.map((a) => a.error),
    ['TARGET_ADDRESS_REFUSED'],
  );
  t.is(await serve.stop(), 0);
});
