import test from 'ava';
import fc from 'fast-check';
import { createHmac } from 'node:crypto';

import { createFakeClock, type FakeClock } from '../../../src/clock/index.js';
import type { WebhookSettings } from '../../../src/contract/index.js';
import { WebhookDispatcher, type WebhookDispatcherOptions } from '../../../src/actors/dispatcher/index.js';
import { signPayload } from '../../../src/domain/signing/index.js';
import { startReceiver } from '../../helpers/receiver.js';

const HOUR = 60 * 60 * 1000;
const event = {
  type: 'track',
  userId: 'u1',
  event: 'Order Completed',
  messageId: 'm-1',
  timestamp: '2024-01-01T00:00:00Z',
  properties: { 'total billed': 830, emoji: '😀' },
};

function makeDispatcher(
  t: { teardown(fn: () => void): void },
  options: Partial<WebhookDispatcherOptions> = {},
): { clock: FakeClock; dispatcher: WebhookDispatcher } {
  const clock = createFakeClock({ now: Date.UTC(2024, 0, 1) });
  const dispatcher = new WebhookDispatcher({ clock, seed: 7, ...options });
  t.teardown(() => dispatcher.close());
  return { clock, dispatcher };
}

test('delivers the event with version 1, compact JSON, the documented headers, static headers and X-Signature', async (t) => {
  const receiver = await startReceiver(t);
  const { dispatcher } = makeDispatcher(t);
  const settings: WebhookSettings = {
    sharedSecret: 's3cret',
    webhooks: [{ url: receiver.url, headers: { Authorization: 'Bearer abc', 'X-Team': 'growth' } }],
  };
  const view = dispatcher.dispatchEvent({ writeKey: 'wk', settings, event });
  await dispatcher.settled();
  t.is(receiver.requests.length, 1);
  const [request] = receiver.requests;
  const body = request?.body ?? '';
  const at = '2024-01-01T00:00:00.000Z';
  t.is(
    body,
    JSON.stringify({
      version: 1,
      ...event,
      timestamp: at,
      context: { library: { name: 'unknown', version: 'unknown' } },
      integrations: {},
      channel: 'server',
    }),
  );
  t.is(JSON.stringify(JSON.parse(body)), body);
  t.is(request?.method, 'POST');
  t.is(request?.headers['user-agent'], 'Segment.io/1.0');
  t.is(request?.headers['content-type'], 'application/json');
  t.is(request?.headers['x-signature'], signPayload('s3cret', body));
  t.is(request?.headers.authorization, 'Bearer abc');
  t.is(request?.headers['x-team'], 'growth');
  const record = dispatcher.get(view?.id ?? '');
  t.is(record.state, 'delivered');
  t.is(record.messageId, 'm-1');
  t.deepEqual(
    record.attempts.map((a) => [a.url, a.status, a.at]),
    [[receiver.url, 200, '2024-01-01T00:00:00.000Z']],
  );
  t.is(record.request.body, body);
});

test('no shared secret: no X-Signature header', async (t) => {
  const receiver = await startReceiver(t);
  const { dispatcher } = makeDispatcher(t);
  dispatcher.dispatchEvent({ writeKey: 'wk', settings: { webhooks: [{ url: receiver.url }] }, event });
  await dispatcher.settled();
  t.is(receiver.requests.length, 1);
  t.false('x-signature' in (receiver.requests[0]?.headers ?? {}));
});

test('a receiver slower than 5 s times out at exactly 5 s of virtual time and is retried', async (t) => {
  let calls = 0;
  const receiver = await startReceiver(t, () => (++calls === 1 ? { hang: true } : { status: 204 }));
  const { clock, dispatcher } = makeDispatcher(t);
  const view = dispatcher.dispatchEvent({ writeKey: 'wk', settings: { webhooks: [{ url: receiver.url }] }, event });
  while (receiver.requests.length === 0) await new Promise((resolve) => setImmediate(resolve));
  await clock.advance(4_999);
  t.is(dispatcher.get(view?.id ?? '').attempts.length, 0, 'no timeout before 5 s');
  await clock.advance(1);
  await dispatcher.settled();
  const afterTimeout = dispatcher.get(view?.id ?? '');
  t.deepEqual(
    afterTimeout.attempts.map((a) => [a.error, a.durationMs]),
    [['ETIMEDOUT', 5_000]],
  );
  t.is(afterTimeout.state, 'pending');
  t.truthy(afterTimeout.nextAttemptAt);
  await dispatcher.runUntilIdle();
  const final = dispatcher.get(view?.id ?? '');
  t.is(final.state, 'delivered');
  t.deepEqual(
    final.attempts.map((a) => a.status ?? a.error),
    ['ETIMEDOUT', 204],
  );
});

test('5xx forever: attempts spread over exactly the 4-hour window, with growing gaps, then expired', async (t) => {
  const receiver = await startReceiver(t, () => ({ status: 503 }));
  const { dispatcher } = makeDispatcher(t);
  const view = dispatcher.dispatchEvent({ writeKey: 'wk', settings: { webhooks: [{ url: receiver.url }] }, event });
  await dispatcher.runUntilIdle();
  const record = dispatcher.get(view?.id ?? '');
  t.is(record.state, 'expired');
  const times = record.attempts.map((a) => Date.parse(a.at));
  t.is((times.at(-1) ?? 0) - (times[0] ?? 0), 4 * HOUR);
  t.true(times.length >= 8, `${times.length} attempts`);
  t.is(receiver.requests.length, times.length);
  const gaps = times.slice(1).map((time, i) => time - (times[i] ?? 0));
  // Exponential backoff with jitter in [50%, 100%]: below the cap each gap is at least the one before it.
  t.true(
    gaps.slice(0, 10).every((gap, i) => i === 0 || gap >= (gaps[i - 1] ?? 0)),
    `gaps grow: ${gaps.join(', ')}`,
  );
  t.true(times.length < 40, `${times.length} attempts: backoff, not a fixed interval`);
  t.false('nextAttemptAt' in record);
});

test('the same seed gives the same retry schedule', async (t) => {
  const receiver = await startReceiver(t, () => ({ status: 500 }));
  const schedule = async (seed: number) => {
    const { dispatcher } = makeDispatcher(t, { seed });
    const view = dispatcher.dispatchEvent({ writeKey: 'wk', settings: { webhooks: [{ url: receiver.url }] }, event });
    await dispatcher.runUntilIdle();
    return dispatcher.get(view?.id ?? '').attempts.map((a) => a.at);
  };
  const a = await schedule(3);
  t.deepEqual(await schedule(3), a);
  t.notDeepEqual(await schedule(4), a);
});

test('5xx then 2xx is delivered on the retry; 408 is retried too', async (t) => {
  const receiver = await startReceiver(t, (_r, i) => ({ status: [500, 408, 200][i] ?? 200 }));
  const { dispatcher } = makeDispatcher(t);
  const view = dispatcher.dispatchEvent({ writeKey: 'wk', settings: { webhooks: [{ url: receiver.url }] }, event });
  await dispatcher.runUntilIdle();
  const record = dispatcher.get(view?.id ?? '');
  t.is(record.state, 'delivered');
  t.deepEqual(
    record.attempts.map((a) => a.status),
    [500, 408, 200],
  );
});

test('4xx is permanent: failed after one attempt', async (t) => {
  const receiver = await startReceiver(t, () => ({ status: 404 }));
  const { dispatcher } = makeDispatcher(t);
  const view = dispatcher.dispatchEvent({ writeKey: 'wk', settings: { webhooks: [{ url: receiver.url }] }, event });
  await dispatcher.runUntilIdle();
  t.is(dispatcher.get(view?.id ?? '').state, 'failed');
  t.is(receiver.requests.length, 1);
});

test('3xx is a failure: the redirect is not followed and not retried', async (t) => {
  const target = await startReceiver(t);
  const redirecting = await startReceiver(t, () => ({ status: 307, headers: { location: target.url } }));
  const { dispatcher } = makeDispatcher(t);
  const view = dispatcher.dispatchEvent({ writeKey: 'wk', settings: { webhooks: [{ url: redirecting.url }] }, event });
  await dispatcher.runUntilIdle();
  const record = dispatcher.get(view?.id ?? '');
  t.is(record.state, 'failed');
  t.deepEqual(
    record.attempts.map((a) => a.status),
    [307],
  );
  t.is(target.requests.length, 0);
});

test('429 honours Retry-After (seconds and HTTP date)', async (t) => {
  const receiver = await startReceiver(t, (_r, i) =>
    i === 0
      ? { status: 429, headers: { 'retry-after': '120' } }
      : i === 1
        ? { status: 429, headers: { 'retry-after': new Date(Date.UTC(2024, 0, 1, 1)).toUTCString() } }
        : { status: 200 },
  );
  const { dispatcher } = makeDispatcher(t);
  const view = dispatcher.dispatchEvent({ writeKey: 'wk', settings: { webhooks: [{ url: receiver.url }] }, event });
  await dispatcher.runUntilIdle();
  const times = dispatcher.get(view?.id ?? '').attempts.map((a) => a.at);
  t.deepEqual(times, ['2024-01-01T00:00:00.000Z', '2024-01-01T00:02:00.000Z', '2024-01-01T01:00:00.000Z']);
});

test('five URLs where only the third succeeds: the fourth and fifth get nothing, and it is not retried', async (t) => {
  const receivers = await Promise.all([500, 404, 200, 200, 200].map((status) => startReceiver(t, () => ({ status }))));
  const { dispatcher } = makeDispatcher(t);
  const view = dispatcher.dispatchEvent({
    writeKey: 'wk',
    settings: { webhooks: receivers.map((r) => ({ url: r.url })) },
    event,
  });
  await dispatcher.runUntilIdle();
  const record = dispatcher.get(view?.id ?? '');
  t.is(record.state, 'delivered');
  t.deepEqual(
    receivers.map((r) => r.requests.length),
    [1, 1, 1, 0, 0],
  );
  t.deepEqual(
    record.attempts.map((a) => a.url),
    receivers.slice(0, 3).map((r) => r.url),
  );
});

test('every URL permanent is failed; any retryable failure retries the whole walk in order', async (t) => {
  const flaky = await startReceiver(t, (_r, i) => ({ status: i === 0 ? 503 : 200 }));
  const gone = await startReceiver(t, () => ({ status: 410 }));
  const { dispatcher } = makeDispatcher(t);
  const view = dispatcher.dispatchEvent({
    writeKey: 'wk',
    settings: { webhooks: [{ url: gone.url }, { url: flaky.url }] },
    event,
  });
  await dispatcher.runUntilIdle();
  const record = dispatcher.get(view?.id ?? '');
  t.is(record.state, 'delivered');
  t.deepEqual(
    record.attempts.map((a) => [a.url === gone.url ? 'gone' : 'flaky', a.status]),
    [
      ['gone', 410],
      ['flaky', 503],
      ['gone', 410],
      ['flaky', 200],
    ],
  );
});

test('filtered by the integrations map (Webhooks:false, All:false): nothing is sent', async (t) => {
  const receiver = await startReceiver(t);
  const { dispatcher } = makeDispatcher(t);
  const settings = { webhooks: [{ url: receiver.url }] };
  t.is(
    dispatcher.dispatchEvent({ writeKey: 'wk', settings, event: { ...event, integrations: { Webhooks: false } } }),
    undefined,
  );
  t.is(
    dispatcher.dispatchEvent({ writeKey: 'wk', settings, event: { ...event, integrations: { All: false } } }),
    undefined,
  );
  t.truthy(
    dispatcher.dispatchEvent({
      writeKey: 'wk',
      settings,
      event: { ...event, integrations: { All: false, Webhooks: true } },
    }),
  );
  await dispatcher.settled();
  t.is(receiver.requests.length, 1);
});

test('invalid settings are refused naming the pointer: 6 URLs, non-http URL, forbidden static header', (t) => {
  const { dispatcher } = makeDispatcher(t);
  const url = 'http://127.0.0.1:9/x';
  t.throws(
    () =>
      dispatcher.dispatchEvent({
        writeKey: 'wk',
        settings: { webhooks: Array.from({ length: 6 }, () => ({ url })) },
        event,
      }),
    { code: 'INVALID_WEBHOOK_SETTINGS', message: /\/webhooks must NOT have more than 5 items/ },
  );
  t.throws(
    () => dispatcher.dispatchEvent({ writeKey: 'wk', settings: { webhooks: [{ url: 'ftp://x.test/' }] }, event }),
    { message: /\/webhooks\/0\/url/ },
  );
  t.throws(
    () =>
      dispatcher.dispatchEvent({
        writeKey: 'wk',
        settings: { webhooks: [{ url, headers: { 'X-Signature': 'forged' } }] },
        event,
      }),
    { message: /\/webhooks\/0\/headers\/X-Signature/ },
  );
  t.throws(
    () =>
      dispatcher.dispatchEvent({
        writeKey: 'wk',
        settings: { webhooks: [{ url, headers: { a: '1', b: '2', c: '3', d: '4', e: '5', f: '6' } }] },
        event,
      }),
    { message: /\/webhooks\/0\/headers must NOT have more than 5 properties/ },
  );
  t.deepEqual(dispatcher.list(), []);
});

test('alias uses previousId/userId by default and the documented "Previous ID"/"User ID" when asked', async (t) => {
  const receiver = await startReceiver(t);
  const alias = {
    type: 'alias',
    previousId: 'anon-1',
    userId: 'u1',
    messageId: 'm-a',
    timestamp: '2024-01-01T00:00:00.000Z',
  };
  for (const aliasFields of ['standard', 'documented'] as const) {
    const { dispatcher } = makeDispatcher(t, { aliasFields });
    dispatcher.dispatchEvent({ writeKey: 'wk', settings: { webhooks: [{ url: receiver.url }] }, event: alias });
    await dispatcher.settled();
  }
  const [standard, documented] = receiver.requests.map((r) => JSON.parse(r.body) as Record<string, unknown>);
  t.deepEqual([standard?.previousId, standard?.userId], ['anon-1', 'u1']);
  t.deepEqual(
    [documented?.['Previous ID'], documented?.['User ID'], 'previousId' in (documented ?? {})],
    ['anon-1', 'u1', false],
  );
});

test('redeliver starts a new walk now; list filters by state; subscribe hears every change', async (t) => {
  const receiver = await startReceiver(t, (_r, i) => ({ status: i === 0 ? 404 : 200 }));
  const { dispatcher } = makeDispatcher(t);
  const states: string[] = [];
  dispatcher.subscribe((d) => states.push(d.state));
  const view = dispatcher.dispatchEvent({ writeKey: 'wk', settings: { webhooks: [{ url: receiver.url }] }, event });
  await dispatcher.settled();
  t.is(dispatcher.list({ state: 'failed' }).length, 1);
  dispatcher.redeliver(view?.id ?? '');
  await dispatcher.settled();
  t.is(dispatcher.get(view?.id ?? '').state, 'delivered');
  t.deepEqual(dispatcher.list({ state: 'failed' }), []);
  t.deepEqual(states, ['pending', 'failed', 'delivered']);
  t.throws(() => dispatcher.get('d_404'), { code: 'DELIVERY_NOT_FOUND' });
  t.throws(() => dispatcher.redeliver('nope'), { code: 'DELIVERY_NOT_FOUND' });
});

test('connection refused is retryable and recorded with its code', async (t) => {
  const { dispatcher } = makeDispatcher(t, { retry: { windowMs: 10_000 } });
  const view = dispatcher.dispatchEvent({
    writeKey: 'wk',
    settings: { webhooks: [{ url: 'http://127.0.0.1:9/closed' }] },
    event,
  });
  await dispatcher.runUntilIdle();
  const record = dispatcher.get(view?.id ?? '');
  t.is(record.state, 'expired');
  t.true(record.attempts.every((a) => a.error === 'ECONNREFUSED'));
});

test('property: receivers verifying the documented way and over raw bytes both accept every delivery', async (t) => {
  const secret = 'prop-secret';
  const verdicts: boolean[] = [];
  const receiver = await startReceiver(t, (request) => {
    const parsed = JSON.parse(request.body) as unknown;
    const documented =
      createHmac('sha1', secret).update(JSON.stringify(parsed)).digest('hex') === request.headers['x-signature'];
    const raw =
      createHmac('sha1', secret).update(Buffer.from(request.body, 'utf8')).digest('hex') ===
      request.headers['x-signature'];
    verdicts.push(documented && raw);
    return { status: documented && raw ? 200 : 401 };
  });
  const { dispatcher } = makeDispatcher(t);
  const settings = { sharedSecret: secret, webhooks: [{ url: receiver.url }] };
  await t.notThrowsAsync(
    fc.assert(
      fc.asyncProperty(
        fc.dictionary(fc.string({ unit: 'grapheme' }), fc.jsonValue({ maxDepth: 4 }), { maxKeys: 8 }),
        fc.string({ minLength: 1, unit: 'binary' }),
        async (properties, userId) => {
          const view = dispatcher.dispatchEvent({
            writeKey: 'wk',
            settings,
            event: { type: 'track', userId, event: 'Fuzzed', properties },
          });
          await dispatcher.settled();
          return dispatcher.get(view?.id ?? '').state === 'delivered';
        },
      ),
      { numRuns: 40 },
    ),
  );
  t.true(verdicts.length >= 40);
  t.true(verdicts.every(Boolean));
});

test('property: every collection call and every webhook payload from the shared arbitraries is signed verifiably (documented and raw)', async (t) => {
  const { collectionMessage, webhookPayload } = await import('../../../src/arbitraries/index.js');
  const { isDestinationEnabled } = await import('../../../src/domain/routing/index.js');
  const secret = 'arbitrary-secret';
  const receiver = await startReceiver(t, (request) => {
    const signature = request.headers['x-signature'];
    const documented =
      createHmac('sha1', secret)
        .update(JSON.stringify(JSON.parse(request.body)))
        .digest('hex') === signature;
    const raw = createHmac('sha1', secret).update(Buffer.from(request.body, 'utf8')).digest('hex') === signature;
    return { status: documented && raw ? 200 : 401 };
  });
  const { dispatcher } = makeDispatcher(t);
  const settings = { sharedSecret: secret, webhooks: [{ url: receiver.url }] };
  await t.notThrowsAsync(
    fc.assert(
      fc.asyncProperty(collectionMessage(), webhookPayload(), async (event, payload) => {
        const view = dispatcher.dispatchEvent({ writeKey: 'wk', settings, event });
        if (view === undefined) return !isDestinationEnabled(event.integrations);
        const direct = dispatcher.dispatchPayload({ writeKey: 'wk', settings, payload });
        await dispatcher.settled();
        return dispatcher.get(view.id).state === 'delivered' && dispatcher.get(direct.id).state === 'delivered';
      }),
      { numRuns: 30 },
    ),
  );
  t.true(receiver.requests.length >= 30);
});

test('static headers cannot replace Content-Type, X-Signature, Content-Length or Host, in any letter case', (t) => {
  const { dispatcher } = makeDispatcher(t);
  const url = 'http://127.0.0.1:9/x';
  for (const name of [
    'Content-Type',
    'content-type',
    'X-Signature',
    'x-SIGNATURE',
    'Content-Length',
    'CONTENT-LENGTH',
    'Host',
    'host',
  ]) {
    t.throws(
      () =>
        dispatcher.dispatchEvent({
          writeKey: 'wk',
          settings: { webhooks: [{ url, headers: { [name]: 'forged' } }] },
          event,
        }),
      { code: 'INVALID_WEBHOOK_SETTINGS', message: new RegExp(`/webhooks/0/headers/${name}`) },
      name,
    );
  }
  t.deepEqual(dispatcher.list(), []);
});

test('the User-Agent is a setting; the receiver sees it on every delivery', async (t) => {
  const receiver = await startReceiver(t);
  const { dispatcher } = makeDispatcher(t, { userAgent: 'my-mock/2.0' });
  dispatcher.dispatchEvent({ writeKey: 'wk', settings: { webhooks: [{ url: receiver.url }] }, event });
  await dispatcher.settled();
  t.is(receiver.requests[0]?.headers['user-agent'], 'my-mock/2.0');
});

test('bounded concurrency: no more walks in flight than the setting, the rest wait their turn in order', async (t) => {
  const receiver = await startReceiver(t, () => ({ hang: true }));
  const { clock, dispatcher } = makeDispatcher(t, { concurrency: 2 });
  const settings = { webhooks: [{ url: receiver.url }] };
  for (let i = 0; i < 5; i++)
    dispatcher.dispatchEvent({ writeKey: 'wk', settings, event: { ...event, messageId: `m-${i}` } });
  const arrived = async (count: number) => {
    while (receiver.requests.length < count) await new Promise((resolve) => setImmediate(resolve));
    // A little more real I/O: a third request, were one sent, would arrive now.
    for (let i = 0; i < 50; i++) await new Promise((resolve) => setImmediate(resolve));
  };
  await arrived(2);
  t.is(receiver.requests.length, 2);
  t.deepEqual(dispatcher.activity, { inFlight: 2, queued: 3, scheduled: 0 });
  await clock.advance(5_000);
  await arrived(4);
  t.is(receiver.requests.length, 4);
  await clock.advance(5_000);
  await arrived(5);
  // In order of dispatch (retries of the first ones, due by now, queue behind the fifth).
  t.deepEqual(
    receiver.requests.slice(0, 5).map((r) => (JSON.parse(r.body) as { messageId: string }).messageId),
    ['m-0', 'm-1', 'm-2', 'm-3', 'm-4'],
  );
});

test('the 5 s deadline covers the body too: headers then a stalled body time out at 5 s', async (t) => {
  const { createServer } = await import('node:http');
  const stalled = new Set<import('node:http').ServerResponse>();
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'text/plain', 'content-length': '10' });
      res.write('12345');
      stalled.add(res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(
    () =>
      new Promise<void>((resolve) => {
        for (const res of stalled) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  const url = `http://127.0.0.1:${(server.address() as import('node:net').AddressInfo).port}/hook`;
  const { clock, dispatcher } = makeDispatcher(t, { retry: { windowMs: 1 } });
  const view = dispatcher.dispatchEvent({ writeKey: 'wk', settings: { webhooks: [{ url }] }, event });
  while (stalled.size === 0) await new Promise((resolve) => setImmediate(resolve));
  for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
  await clock.advance(4_999);
  t.deepEqual(dispatcher.get(view?.id ?? '').attempts, [], 'headers alone are not an answer');
  await clock.advance(1);
  await dispatcher.settled();
  t.deepEqual(
    dispatcher.get(view?.id ?? '').attempts.map((a) => [a.error, a.durationMs]),
    [['ETIMEDOUT', 5_000]],
  );
});

test('a static User-Agent replaces the default one; the receiver gets exactly one', async (t) => {
  const receiver = await startReceiver(t);
  const { dispatcher } = makeDispatcher(t);
  dispatcher.dispatchEvent({
    writeKey: 'wk',
    settings: { sharedSecret: 's', webhooks: [{ url: receiver.url, headers: { 'user-agent': 'team-proxy/3' } }] },
    event,
  });
  await dispatcher.settled();
  const [request] = receiver.requests;
  t.is(request?.headers['user-agent'], 'team-proxy/3');
  t.is(request?.rawHeaders.filter((name, i) => i % 2 === 0 && name.toLowerCase() === 'user-agent').length, 1);
  t.is(request?.headers['content-type'], 'application/json');
  t.is(request?.headers['x-signature'], signPayload('s', request?.body ?? ''));
});

test('redeliver while a walk is queued or in flight starts no second walk: the receiver never gets the event twice at once', async (t) => {
  const receiver = await startReceiver(t, (_r, i) => (i === 0 ? { hang: true } : { status: 200 }));
  const { clock, dispatcher } = makeDispatcher(t, { concurrency: 1 });
  const settings = { webhooks: [{ url: receiver.url }] };
  const walking = dispatcher.dispatchEvent({ writeKey: 'wk', settings, event: { ...event, messageId: 'm-walking' } });
  const queued = dispatcher.dispatchEvent({ writeKey: 'wk', settings, event: { ...event, messageId: 'm-queued' } });
  while (receiver.requests.length === 0) await new Promise((resolve) => setImmediate(resolve));
  dispatcher.redeliver(walking?.id ?? '');
  dispatcher.redeliver(queued?.id ?? '');
  t.deepEqual(dispatcher.activity, { inFlight: 1, queued: 1, scheduled: 0 });
  await clock.advance(5_000);
  await dispatcher.settled();
  t.deepEqual(
    receiver.requests.map((r) => (JSON.parse(r.body) as { messageId: string }).messageId),
    ['m-walking', 'm-queued'],
  );
  t.is(dispatcher.get(queued?.id ?? '').state, 'delivered');
  t.deepEqual(
    dispatcher.get(walking?.id ?? '').attempts.map((a) => a.error),
    ['ETIMEDOUT'],
  );
});
