import test from 'ava';
import { readFileSync } from 'node:fs';
import {
  ClientClosedError,
  createLineLogger,
  DeliveryFailedError,
  EventTooLargeError,
  InvalidClientOptionsError,
  InvalidMessageError,
  LIBRARY_VERSION,
  MAX_BATCH_BYTES,
  QueueFullError,
  type ClientLogger,
} from '../../../src/actors/client/index.js';
import { createClient } from '../../../src/actors/client/create-client.js';
import { batchRequests, startClientRig } from './client-test-kit.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const UTC_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

function capturingLogger(): ClientLogger & { lines: string[] } {
  const lines: string[] = [];
  return { lines, ...createLineLogger((line) => lines.push(line)) };
}

test('flushes at 20 messages: nineteen calls send nothing, the twentieth sends one batch of 20 in call order', async (t) => {
  const rig = await startClientRig(t);
  const ids: string[] = [];
  for (let i = 0; i < 19; i++) ids.push(rig.client.track({ userId: 'u1', event: `E${i}` }));
  await rig.idle();
  t.is(rig.requests.length, 0, 'no call makes its own request');
  ids.push(rig.client.track({ userId: 'u1', event: 'E19' }));
  t.is(rig.requests.length, 0, 'the call returns before the request is made');
  await rig.idle();
  const [request] = batchRequests(rig.requests);
  t.is(rig.requests.length, 1);
  t.deepEqual(
    request?.body.batch?.map((m) => m.messageId),
    ids,
  );
  t.is(request?.body.writeKey, 'client-key');
  t.is(request?.authorization, `Basic ${Buffer.from('client-key:').toString('base64')}`);
  t.regex(request?.body.sentAt ?? '', UTC_MS);
  const first = request?.body.batch?.[0] ?? {};
  t.regex(String(first.messageId), UUID);
  t.regex(String(first.timestamp), UTC_MS);
  t.deepEqual(first.context, { library: { name: 'event-harness', version: LIBRARY_VERSION } });
  t.is(rig.harness.journal.counts().accepted, 20);
});

test('25 calls in one go send one batch of 20; the other 5 wait for flushAfter, not for the first batch to finish', async (t) => {
  const rig = await startClientRig(t);
  for (let i = 0; i < 25; i++) rig.client.track({ userId: 'u1', event: `E${i}` });
  await rig.idle();
  t.deepEqual(
    rig.requests.map((r) => r.body.batch?.length),
    [20],
  );
  t.is(rig.client.stats().queued, 5);
  await rig.clock.advance(5_000);
  await rig.idle();
  t.deepEqual(
    rig.requests.map((r) => r.body.batch?.length),
    [20, 5],
  );
});

test('flushes 5 s of virtual time after the last flush, not before', async (t) => {
  const rig = await startClientRig(t);
  for (let i = 0; i < 3; i++) rig.client.identify({ userId: `u${i}`, traits: { plan: 'pro' } });
  await rig.clock.advance(4_999);
  await rig.idle();
  t.is(rig.requests.length, 0);
  await rig.clock.advance(1);
  await rig.idle();
  t.is(rig.requests.length, 1);
  t.is(rig.requests[0]?.body.batch?.length, 3);
  t.is(rig.requests[0]?.at, Date.UTC(2024, 0, 1) + 5_000);
  // The next window starts at that flush: a message queued 2 s later goes out 5 s after the flush.
  await rig.clock.advance(2_000);
  rig.client.page({ anonymousId: 'a1', name: 'Home' });
  await rig.clock.advance(2_999);
  await rig.idle();
  t.is(rig.requests.length, 1);
  await rig.clock.advance(1);
  await rig.idle();
  t.is(rig.requests.length, 2);
  t.is(rig.clock.pendingTimers(), 0, 'no timer runs while nothing is queued');
});

test('flushAt 1 (or size 1) sends every message on its own, at once', async (t) => {
  for (const options of [{ flushAt: 1 }, { size: 1 }]) {
    const rig = await startClientRig(t, options);
    rig.client.track({ userId: 'u', event: 'A' });
    await rig.idle();
    rig.client.screen({ userId: 'u', name: 'Main' });
    await rig.idle();
    rig.client.group({ userId: 'u', groupId: 'g' });
    rig.client.alias({ userId: 'u', previousId: 'anon' });
    await rig.drive(rig.client.flush());
    t.deepEqual(
      rig.requests.map((r) => r.body.batch?.length),
      [1, 1, 1, 1],
    );
    t.deepEqual(
      rig.requests.map((r) => r.body.batch?.[0]?.type),
      ['track', 'screen', 'group', 'alias'],
    );
  }
});

test('a message over 32 KiB is refused with EventTooLargeError and never sent; exactly 32 KiB is sent', async (t) => {
  const rig = await startClientRig(t, { flushAt: 1 });
  const base = {
    userId: 'u',
    event: 'Big',
    messageId: 'm-big',
    timestamp: '2024-01-01T00:00:00.000Z',
    properties: { pad: '' },
  };
  const overhead = Buffer.byteLength(
    JSON.stringify({
      type: 'track',
      ...base,
      context: { library: { name: 'event-harness', version: LIBRARY_VERSION } },
    }),
  );
  const error = t.throws(() => rig.client.track({ ...base, properties: { pad: 'x'.repeat(32_768 - overhead + 1) } }), {
    instanceOf: EventTooLargeError,
  });
  t.is(error?.code, 'EVENT_TOO_LARGE');
  t.regex(error?.message ?? '', /32769 bytes.*32768/);
  rig.client.track({ ...base, properties: { pad: 'x'.repeat(32_768 - overhead) } });
  await rig.drive(rig.client.flush());
  t.is(rig.requests.length, 1);
  t.is(rig.harness.journal.query({ status: 'accepted' }).events[0]?.event.messageId, 'm-big');
});

test('batches are split so no request body exceeds 500 KiB, keeping call order', async (t) => {
  const rig = await startClientRig(t, { flushAt: 100 });
  const ids: string[] = [];
  for (let i = 0; i < 40; i++)
    ids.push(rig.client.track({ userId: 'u', event: 'Big', properties: { pad: 'é'.repeat(15_000) } }));
  const result = await rig.drive(rig.client.flush());
  t.is(result.delivered, 40);
  t.true(rig.requests.length >= 3);
  for (const request of rig.requests) t.true(request.bytes <= MAX_BATCH_BYTES, `${request.bytes} bytes`);
  t.deepEqual(
    rig.requests.flatMap((r) => r.body.batch?.map((m) => m.messageId) ?? []),
    ids,
  );
  t.deepEqual(
    rig.harness.journal.query({ status: 'accepted' }).events.map((e) => e.event.messageId),
    ids,
  );
});

test('retries 503, 500, 408 and dropped connections with backoff on the clock, then delivers once', async (t) => {
  const logger = capturingLogger();
  const rig = await startClientRig(t, { flushAt: 5, logger });
  rig.harness.faults.add({ count: 1, status: 503 });
  rig.harness.faults.add({ count: 1, status: 500 });
  rig.harness.faults.add({ count: 1, status: 408 });
  rig.harness.faults.add({ count: 1, reset: true });
  for (let i = 0; i < 5; i++) rig.client.track({ userId: 'u', event: `E${i}` });
  const result = await rig.drive(rig.client.flush());
  t.deepEqual(result, { delivered: 5, failed: [] });
  t.deepEqual(rig.requests.map((r) => r.status).slice(0, 3), [503, 500, 408]);
  t.is(rig.requests.at(-1)?.status, 200);
  t.is(rig.client.stats().requests, 5);
  t.is(rig.harness.journal.counts().accepted, 5);
  // Backoff with the jitter source at 0.5: 75, 150, 300 ms after each failure (100 ms doubling, equal jitter).
  const at = rig.requests.map((r) => r.at - Date.UTC(2024, 0, 1));
  t.deepEqual(at.slice(0, 3), [0, 75, 225]);
  t.true(logger.lines.some((l) => l.startsWith('analytics debug retrying batch')));
});

test('429 with Retry-After is honoured on the clock', async (t) => {
  const rig = await startClientRig(t, { flushAt: 2 });
  rig.harness.faults.add({ count: 1, status: 429, retryAfter: 7 });
  rig.client.track({ userId: 'u', event: 'A' });
  rig.client.track({ userId: 'u', event: 'B' });
  await rig.drive(rig.client.flush());
  t.deepEqual(
    rig.requests.map((r) => [r.status, r.at - Date.UTC(2024, 0, 1)]),
    [
      [429, 0],
      [200, 7_000],
    ],
  );
});

test('a request that gets no answer within the timeout is retried; the server dedups the late copy', async (t) => {
  const logger = capturingLogger();
  const rig = await startClientRig(t, { flushAt: 1, timeout: 1_000, logger });
  rig.harness.faults.add({ count: 1, delayMs: 3_000 });
  rig.client.track({ userId: 'u', event: 'Slow', messageId: 'm-slow' });
  const result = await rig.drive(rig.client.flush());
  t.is(result.delivered, 1);
  t.true(logger.lines.some((l) => l.includes('no complete answer within 1000 ms')));
  await rig.clock.advance(5_000);
  await rig.idle();
  t.is(rig.harness.journal.query({ messageId: 'm-slow', status: 'accepted' }).total, 1);
});

test('400 is never retried: the batch is reported failed with its messageIds', async (t) => {
  const logger = capturingLogger();
  const rig = await startClientRig(t, { flushAt: 3, logger });
  rig.harness.faults.add({ count: 1, status: 400 });
  const ids = [
    rig.client.track({ userId: 'u', event: 'A' }),
    rig.client.track({ userId: 'u', event: 'B' }),
    rig.client.track({ userId: 'u', event: 'C' }),
  ];
  const result = await rig.drive(rig.client.flush());
  t.is(rig.requests.length, 1);
  t.is(result.delivered, 0);
  t.deepEqual(
    result.failed.map((f) => f.messageId),
    ids,
  );
  const error = result.failed[0]?.error;
  t.true(error instanceof DeliveryFailedError);
  t.is(error?.status, 400);
  t.is(error?.attempts, 1);
  t.regex(error?.message ?? '', /answered 400.*not retried/);
  t.true(logger.lines.some((l) => l.startsWith('analytics error batch failed')));
  t.is(rig.client.stats().failed, 3);
  // The next flush reports only what settled after the previous report.
  rig.client.track({ userId: 'u', event: 'D' });
  t.deepEqual(await rig.drive(rig.client.flush()), { delivered: 1, failed: [] });
});

test('when the retries run out the batch is reported failed after retries + 1 attempts', async (t) => {
  const rig = await startClientRig(t, { flushAt: 1, retries: 2 });
  rig.harness.faults.add({ count: 5, status: 502 });
  rig.client.track({ userId: 'u', event: 'A' });
  const result = await rig.drive(rig.client.flush());
  t.is(rig.requests.length, 3);
  t.is(result.failed[0]?.error.attempts, 3);
  t.regex(result.failed[0]?.error.message ?? '', /gave up after 3 attempts/);
});

test('close drains everything queued, then refuses calls; closing twice gives the same result', async (t) => {
  const rig = await startClientRig(t);
  for (let i = 0; i < 45; i++) rig.client.track({ userId: 'u', event: `E${i}` });
  const closing = rig.client.close();
  t.is(rig.client.close(), closing);
  const result = await rig.drive(closing);
  t.deepEqual(result, { delivered: 45, failed: [] });
  t.deepEqual(
    rig.requests.map((r) => r.body.batch?.length),
    [20, 20, 5],
  );
  t.throws(() => rig.client.track({ userId: 'u', event: 'late' }), {
    instanceOf: ClientClosedError,
    message: /after close/,
  });
  t.true(rig.client.stats().closed);
  t.is(rig.clock.pendingTimers(), 0);
});

test('flush with nothing queued resolves at once with an empty report', async (t) => {
  const rig = await startClientRig(t);
  t.deepEqual(await rig.client.flush(), { delivered: 0, failed: [] });
});

test('invalid calls throw InvalidMessageError naming the rule, and nothing is sent', async (t) => {
  const rig = await startClientRig(t, { flushAt: 1 });
  const cases: [string, () => unknown, RegExp][] = [
    ['track without identity', () => rig.client.track({ event: 'E' }), /needs userId or anonymousId/],
    ['track without event', () => rig.client.track({ userId: 'u' } as never), /\/event is required/],
    ['identify without identity', () => rig.client.identify({ traits: {} }), /userId or anonymousId/],
    ['page without identity', () => rig.client.page({ name: 'Home' }), /userId or anonymousId/],
    ['screen without identity', () => rig.client.screen({ name: 'Main' }), /userId or anonymousId/],
    ['group without groupId', () => rig.client.group({ userId: 'u' } as never), /\/groupId is required/],
    ['alias without previousId', () => rig.client.alias({ userId: 'u' } as never), /\/previousId is required/],
    ['alias without userId', () => rig.client.alias({ previousId: 'a' } as never), /\/userId is required/],
    [
      'integrations not boolean',
      () => rig.client.track({ userId: 'u', event: 'E', integrations: { Webhooks: 'yes' } as never }),
      /integrations/,
    ],
    ['bad timestamp', () => rig.client.track({ userId: 'u', event: 'E', timestamp: 'yesterday' }), /timestamp/],
    ['invalid Date', () => rig.client.track({ userId: 'u', event: 'E', timestamp: new Date(Number.NaN) }), /timestamp/],
    ['not an object', () => rig.client.track('hello' as never), /must be an object/],
    ['context not an object', () => rig.client.track({ userId: 'u', event: 'E', context: 'ctx' as never }), /context/],
    ['not JSON', () => rig.client.track({ userId: 'u', event: 'E', properties: { n: 10n } }), /cannot be serialised/],
  ];
  for (const [name, call, message] of cases) {
    const error = t.throws(call, { instanceOf: InvalidMessageError }, name);
    t.is(error?.code, 'INVALID_MESSAGE');
    t.regex(error?.message ?? '', message, name);
  }
  await rig.drive(rig.client.flush());
  t.is(rig.requests.length, 0);
});

test('integrations, Date and offset timestamps, and the caller context pass through', async (t) => {
  const rig = await startClientRig(t, { flushAt: 3 });
  rig.client.track({
    userId: 'u',
    event: 'A',
    integrations: { All: false, Webhooks: true },
    timestamp: new Date(Date.UTC(2020, 1, 2, 3, 4, 5, 6)),
  });
  rig.client.track({
    anonymousId: 'a',
    event: 'B',
    timestamp: '2020-02-02T05:04:05+02:00',
    context: { ip: '10.0.0.1' },
  });
  rig.client.identify({ userId: 'u', context: { library: { name: 'custom', version: '9' } } });
  await rig.idle();
  const [a, b, c] = rig.requests[0]?.body.batch ?? [];
  t.deepEqual(a?.integrations, { All: false, Webhooks: true });
  t.is(a?.timestamp, '2020-02-02T03:04:05.006Z');
  t.is(b?.timestamp, '2020-02-02T03:04:05.000Z');
  t.deepEqual(b?.context, { library: { name: 'event-harness', version: LIBRARY_VERSION }, ip: '10.0.0.1' });
  t.deepEqual(c?.context, { library: { name: 'custom', version: '9' } });
});

test('the queue is bounded: past maxQueueSize calls throw QueueFullError', async (t) => {
  const rig = await startClientRig(t, { flushAt: 10, maxQueueSize: 3 });
  for (let i = 0; i < 3; i++) rig.client.track({ userId: 'u', event: 'E' });
  const error = t.throws(() => rig.client.track({ userId: 'u', event: 'E' }), { instanceOf: QueueFullError });
  t.is(error?.code, 'QUEUE_FULL');
  t.regex(error?.message ?? '', /3 unsent messages/);
  await rig.drive(rig.client.flush());
  t.notThrows(() => rig.client.track({ userId: 'u', event: 'E' }));
});

test('bad write keys and options are refused with InvalidClientOptionsError', (t) => {
  const endpoint = 'http://127.0.0.1:9';
  const bad: [unknown, unknown, RegExp][] = [
    ['', { endpoint }, /non-empty string/],
    [42, { endpoint }, /non-empty string/],
    ['k'.repeat(2000), { endpoint }, /at most 1024/],
    ['k', undefined, /needs options/],
    ['k', {}, /endpoint is required/],
    ['k', { endpoint: 'ftp://x' }, /endpoint/],
    ['k', { endpoint, flushAt: 0 }, /flushAt/],
    ['k', { endpoint, size: 5, flushAt: 6 }, /one setting/],
    ['k', { endpoint, retries: -1 }, /retries/],
    ['k', { endpoint, backoff: { minMs: 10, maxMs: 5 } }, /backoff/],
  ];
  for (const [key, options, message] of bad) {
    const error = t.throws(() => createClient(key as string, options as never), {
      instanceOf: InvalidClientOptionsError,
    });
    t.regex(error?.message ?? '', message);
  }
});

test('DEBUG=analytics turns on log lines on stderr; otherwise the client is silent', async (t) => {
  const { resolveClientOptions } = await import('../../../src/actors/client/client-options.js');
  const { silentLogger, debugEnabled } = await import('../../../src/actors/client/client-logger.js');
  t.not(resolveClientOptions('k', { endpoint: 'http://x', env: { DEBUG: 'analytics' } }).logger, silentLogger);
  t.is(resolveClientOptions('k', { endpoint: 'http://x', env: {} }).logger, silentLogger);
  t.true(debugEnabled('express,analytics'));
  t.true(debugEnabled('*'));
  t.false(debugEnabled('analytics-extra'));
  t.false(debugEnabled(undefined));
});

test('context.library.version is the package version', (t) => {
  const pkg = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
    version: string;
  };
  t.is(LIBRARY_VERSION, pkg.version);
});

test('a logger that throws does not leave flush() hanging: the batch is reported failed', async (t) => {
  const rig = await startClientRig(t, {
    flushAt: 1,
    logger: {
      debug(message) {
        if (message === 'sending batch') throw new Error('logger broke');
      },
      error() {},
    },
  });
  const id = rig.client.track({ userId: 'u', event: 'E' });
  const result = await rig.drive(rig.client.flush());
  t.deepEqual(
    result.failed.map((f) => f.messageId),
    [id],
  );
  t.regex(result.failed[0]?.error.message ?? '', /logger broke/);
  t.is(rig.client.stats().inFlight, 0);
});
