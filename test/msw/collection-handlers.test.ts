import test from 'ava';
import { Analytics } from '@segment/analytics-node';
import { createRequire } from 'node:module';
import { setupServer } from 'msw/node';
import { createCollectionHandlers } from '../../src/msw/index.js';
import { createServiceCore } from '../../src/core/service-core.js';

const require = createRequire(import.meta.url);
const LegacyAnalytics = require('analytics-node') as new (
  writeKey: string,
  options: object,
) => { track(m: object): void; flush(cb: (error?: Error) => void): void };
const BASE = 'https://api.collect.test';
const basic = (key: string) => `Basic ${Buffer.from(`${key}:`).toString('base64')}`;

const mock = createCollectionHandlers({ baseUrl: BASE, coreOptions: { clock: 'system' } });
const server = setupServer(...mock.handlers);
server.listen({ onUnhandledRequest: 'error' });
test.after.always(() => server.close());
test.beforeEach(() => mock.core.reset());

// Tests share one msw server (msw patches the process), so they run one at a time.
test.serial('the msw handlers answer like the server: success, auth, limits, validation', async (t) => {
  const ok = await fetch(`${BASE}/v1/track`, {
    method: 'POST',
    headers: { authorization: basic('k'), 'content-type': 'application/json' },
    body: JSON.stringify({ userId: 'u', event: 'E' }),
  });
  t.deepEqual([ok.status, await ok.json()], [200, { success: true }]);
  // No write key: 400 as the real API answered an empty key in 2026, nothing journaled.
  const anonymous = await fetch(`${BASE}/v1/batch`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ batch: [{ type: 'track', userId: 'u', event: 'NoKey' }] }),
  });
  t.deepEqual([anonymous.status, ((await anonymous.json()) as { code: string }).code], [400, 'MISSING_WRITE_KEY']);
  t.is(mock.core.journal.counts().all, 1);
  const bad = await fetch(`${BASE}/v1/b`, { method: 'POST', headers: { authorization: basic('k') }, body: '{' });
  t.is(bad.status, 400);
  t.is(mock.core.journal.counts().accepted, 1);
});

test.serial('faults work through msw too: status with Retry-After, and a network error for reset', async (t) => {
  mock.core.faults.add({ count: 1, status: 429, retryAfter: 2 });
  mock.core.faults.add({ count: 1, reset: true });
  const send = () =>
    fetch(`${BASE}/v1/track`, {
      method: 'POST',
      headers: { authorization: basic('k') },
      body: JSON.stringify({ userId: 'u', event: 'E' }),
    });
  const limited = await send();
  t.is(limited.status, 429);
  t.is(limited.headers.get('retry-after'), '2');
  await t.throwsAsync(send(), { instanceOf: TypeError });
  t.is((await send()).status, 200);
});

test.serial('real SDKs delivered through the msw handlers land accepted', async (t) => {
  const analytics = new Analytics({ writeKey: 'msw-key', host: BASE, flushAt: 5, flushInterval: 20 });
  for (let i = 0; i < 12; i++) analytics.track({ userId: `u${i}`, event: 'Signed Up' });
  await analytics.closeAndFlush({ timeout: 10_000 });
  const legacy = new LegacyAnalytics('legacy-msw', { host: BASE, flushAt: 5 });
  for (let i = 0; i < 7; i++) legacy.track({ userId: `l${i}`, event: 'Signed Up' });
  await new Promise<void>((resolve, reject) => legacy.flush((error) => (error ? reject(error) : resolve())));
  t.is(mock.core.journal.query({ writeKey: 'msw-key', status: 'accepted' }).total, 12);
  t.is(mock.core.journal.query({ writeKey: 'legacy-msw', status: 'accepted' }).total, 7);
});

test.serial(
  "handlers can share a core; an unknown route under /v1 is the service's 404, a path outside it falls through to msw",
  async (t) => {
    const core = createServiceCore();
    const shared = createCollectionHandlers({ baseUrl: `${BASE}/`, core });
    t.is(shared.core, core);
    server.use(...createCollectionHandlers({ baseUrl: 'https://other.test', core }).handlers);
    await fetch('https://other.test/v1/identify', {
      method: 'POST',
      headers: { authorization: basic('k') },
      body: JSON.stringify({ userId: 'u' }),
    });
    t.is(core.journal.counts().accepted, 1);
    const unknown = await fetch(`${BASE}/v1/nope`, { method: 'POST', body: '{}' });
    t.deepEqual([unknown.status, ((await unknown.json()) as { code: string }).code], [404, 'NOT_FOUND']);
    await t.throwsAsync(
      fetch(`${BASE}/elsewhere`, { method: 'POST', body: '{}' }),
      undefined,
      'onUnhandledRequest: error still catches what the handlers do not mock',
    );
  },
);

test.serial('the request log and the admin operations work through msw too', async (t) => {
  mock.core.faults.add({ count: 1, status: 503 });
  await fetch(`${BASE}/v1/track`, {
    method: 'POST',
    headers: { authorization: basic('logged') },
    body: JSON.stringify({ userId: 'u', event: 'E' }),
  });
  await fetch(`${BASE}/v1/track`, {
    method: 'POST',
    headers: { authorization: basic('logged') },
    body: JSON.stringify({ userId: 'u', event: 'E' }),
  });
  const { requests } = mock.admin.requests(10);
  t.like(requests[0], { method: 'POST', path: '/v1/track', status: 200, writeKey: 'logged', injected: false });
  t.like(requests[1], { status: 503, code: 'INJECTED_FAULT', injected: true });
  t.is(mock.admin.events({ writeKey: 'logged' }).total, 1, 'the faulted request journaled nothing');
  t.deepEqual(
    (await mock.admin.addFault({ count: 2, status: 500 })).faults.map((f) => f.remaining),
    [2],
  );
  t.deepEqual((await mock.admin.clearFaults()).faults, []);
});

test.serial(
  'the settings analytics.js loads point it back at the mocked base URL; 429 faults carry X-RateLimit-Reset',
  async (t) => {
    const response = await fetch(`${BASE}/v1/projects/browser-key/settings`);
    t.is(response.status, 200);
    const settings = (await response.json()) as {
      integrations: Record<string, { apiKey: string; apiHost: string; protocol: string }>;
    };
    t.deepEqual(
      settings.integrations['Segment.io'] && [
        settings.integrations['Segment.io'].apiKey,
        settings.integrations['Segment.io'].apiHost,
        settings.integrations['Segment.io'].protocol,
      ],
      ['browser-key', 'api.collect.test/v1', 'https'],
    );
    mock.core.faults.add({ count: 1, status: 429, retryAfter: 4 });
    const limited = await fetch(`${BASE}/v1/t`, {
      method: 'POST',
      headers: { authorization: basic('k') },
      body: JSON.stringify({ userId: 'u', event: 'E' }),
    });
    t.deepEqual(
      [limited.status, limited.headers.get('retry-after'), limited.headers.get('x-ratelimit-reset')],
      [429, '4', '4'],
    );
  },
);
