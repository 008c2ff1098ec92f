// Webhooks (Actions) as a second destination kind, end to end: a harness on the fake clock with the
// destination in its config, the collection API over HTTP, and a real receiver on loopback.
import test from 'ava';
import { createHmac } from 'node:crypto';
import type { ActionsWebhookSettings, HarnessConfig } from '../../../src/contract/index.js';
import { parseConfig } from '../../../src/core/config/load-config.js';
import fc from 'fast-check';
import { collectionMessage } from '../../../src/arbitraries/index.js';
import { createFakeClock } from '../../../src/clock/index.js';
import { classifyActionsOutcome } from '../../../src/domain/delivery/index.js';
import { ActionsDestination, WebhookDispatcher } from '../../../src/actors/dispatcher/index.js';
import { basicAuth, getJson, postJson, startHarness } from '../../helpers/harness.js';
import { startReceiver } from '../../helpers/receiver.js';
import { projectIdOf } from '../../../src/domain/sources/source-settings.js';

const hmac = (secret: string, text: string) => createHmac('sha1', secret).update(text, 'utf8').digest('hex');
const config = (actions: ActionsWebhookSettings, extra: Record<string, unknown> = {}): HarnessConfig => ({
  sources: [{ writeKey: 'wk', destinations: { 'Webhooks (Actions)': actions, ...extra } }],
});
const send = (url: string, route: string, body: object) =>
  postJson(`${url}/v1/${route}`, body, { authorization: basicAuth('wk') });

test('one event per request: the mapping method, URL and headers, Segment (Actions) agent, X-Signature over the event JSON', async (t) => {
  const receiver = await startReceiver(t);
  const harness = await startHarness(t, {
    clock: 'fake',
    config: config({
      sharedSecret: 'act',
      mappings: [{ url: receiver.url, method: 'PUT', subscribe: ['track'], headers: { 'X-Team': 'growth' } }],
    }),
  });
  await send(harness.url, 'track', {
    userId: 'u1',
    event: 'Order Completed',
    properties: { total: 30 },
    messageId: 'm-1',
  });
  await send(harness.url, 'page', { userId: 'u1', name: 'Home' });
  await harness.runUntilIdle();
  t.is(receiver.requests.length, 1, "the page is not in the mapping's subscription");
  const [request] = receiver.requests;
  t.is(request?.method, 'PUT');
  t.like(request?.headers, {
    'user-agent': 'Segment (Actions)',
    'content-type': 'application/json',
    'x-team': 'growth',
  });
  const data = JSON.parse(request?.body ?? '{}') as Record<string, unknown>;
  t.like(data, {
    type: 'track',
    userId: 'u1',
    event: 'Order Completed',
    messageId: 'm-1',
    channel: 'server',
    integrations: {},
  });
  t.false('version' in data, "the actions data is the event itself; version is the classic payload's");
  // The source's id, as the action-destinations README's sample event (at 492c310) carries it.
  t.is(data.projectId, projectIdOf({ writeKey: 'wk' }));
  t.is(request?.headers['x-signature'], hmac('act', request?.body ?? ''));
  t.is(
    request?.headers['x-signature'],
    hmac('act', JSON.stringify(data)),
    'a receiver re-serialising the parsed body verifies too',
  );
  const [delivery] = (await getJson(`${harness.url}/__harness/deliveries`)).body.deliveries as {
    destination: string;
    type: string;
    state: string;
    request: { method: string };
  }[];
  t.deepEqual(
    [delivery?.destination, delivery?.type, delivery?.state, delivery?.request.method],
    ['Webhooks (Actions)', 'track', 'delivered', 'PUT'],
  );
});

test('batch mode: a JSON array of batchSize events, signed over the FIRST event only; a partial batch goes after its window', async (t) => {
  const receiver = await startReceiver(t);
  const harness = await startHarness(t, {
    clock: 'fake',
    config: config({
      sharedSecret: 'act',
      batchWindowMs: 5_000,
      mappings: [{ url: receiver.url, method: 'PATCH', enableBatching: true, batchSize: 3 }],
    }),
  });
  for (let i = 0; i < 4; i++) await send(harness.url, 'track', { userId: `u${i}`, event: 'E', messageId: `m-${i}` });
  await harness.settled();
  t.is(receiver.requests.length, 1, 'the full batch went at once; the fourth event waits');
  const batch = JSON.parse(receiver.requests[0]?.body ?? '[]') as Record<string, unknown>[];
  t.deepEqual(
    batch.map((e) => e.messageId),
    ['m-0', 'm-1', 'm-2'],
  );
  t.is(receiver.requests[0]?.method, 'PATCH');
  t.is(receiver.requests[0]?.headers['x-signature'], hmac('act', JSON.stringify(batch[0])));
  t.not(receiver.requests[0]?.headers['x-signature'], hmac('act', receiver.requests[0]?.body ?? ''));
  await postJson(`${harness.url}/__harness/clock/advance`, { ms: 4_999 });
  await harness.settled();
  t.is(receiver.requests.length, 1, 'the window has not passed');
  await postJson(`${harness.url}/__harness/clock/advance`, { ms: 1 });
  await harness.settled();
  t.is(receiver.requests.length, 2);
  t.deepEqual(
    (JSON.parse(receiver.requests[1]?.body ?? '[]') as { messageId: string }[]).map((e) => e.messageId),
    ['m-3'],
  );
  // run-until-idle sends a held partial batch at once.
  await send(harness.url, 'identify', { userId: 'u9', messageId: 'm-9' });
  t.is(harness.core.actions.held, 1);
  await harness.runUntilIdle();
  t.is(receiver.requests.length, 3);
  t.is(harness.core.actions.held, 0);
});

test('a 10 s timeout (not the classic 5 s) on virtual time, and the actions retry classes', async (t) => {
  const receiver = await startReceiver(t, (_r, i) =>
    i === 0 ? { hang: true } : i === 1 ? { status: 423 } : { status: 200 },
  );
  const harness = await startHarness(t, { clock: 'fake', config: config({ mappings: [{ url: receiver.url }] }) });
  await send(harness.url, 'track', { userId: 'u', event: 'Slow' });
  await harness.runUntilIdle();
  const [delivery] = (await getJson(`${harness.url}/__harness/deliveries`)).body.deliveries as {
    state: string;
    attempts: { error?: string; status?: number; durationMs: number }[];
  }[];
  t.is(delivery?.state, 'delivered');
  t.deepEqual(
    delivery?.attempts.map((a) => a.error ?? a.status),
    ['ETIMEDOUT', 423, 200],
  );
  t.is(delivery?.attempts[0]?.durationMs, 10_000);
  // The statuses @segment/actions-core retries; 501 is not among them, unlike the classic destination's 5xx.
  const verdict = (status: number) => classifyActionsOutcome({ kind: 'response', status });
  t.deepEqual([200, 204, 301, 400, 404, 408, 423, 429, 500, 501, 502, 511, 598, 599].map(verdict), [
    'success',
    'success',
    'permanent',
    'permanent',
    'permanent',
    'retryable',
    'retryable',
    'retryable',
    'retryable',
    'permanent',
    'retryable',
    'retryable',
    'retryable',
    'retryable',
  ]);
  t.is(classifyActionsOutcome({ kind: 'error', code: 'ECONNREFUSED' }), 'retryable');
  t.is(classifyActionsOutcome({ kind: 'error', code: 'DEPTH_ZERO_SELF_SIGNED_CERT' }), 'permanent');
});

test('the integrations map: "Webhooks (Actions)": false filters it; Webhooks: false leaves it, beside the classic destination', async (t) => {
  const classic = await startReceiver(t);
  const actions = await startReceiver(t);
  const harness = await startHarness(t, {
    clock: 'fake',
    config: config({ mappings: [{ url: actions.url }] }, { Webhooks: { webhooks: [{ url: classic.url }] } }),
  });
  await send(harness.url, 'track', { userId: 'u', event: 'Both' });
  await send(harness.url, 'track', { userId: 'u', event: 'ActionsOnly', integrations: { Webhooks: false } });
  await send(harness.url, 'track', {
    userId: 'u',
    event: 'ClassicOnly',
    integrations: { 'Webhooks (Actions)': false },
  });
  await send(harness.url, 'track', { userId: 'u', event: 'Neither', integrations: { All: false } });
  await harness.runUntilIdle();
  const names = (requests: { body: string }[]) =>
    requests.map((r) => (JSON.parse(r.body) as { event: string }).event).sort();
  t.deepEqual(names(classic.requests), ['Both', 'ClassicOnly']);
  t.deepEqual(names(actions.requests), ['ActionsOnly', 'Both']);
  t.deepEqual(
    harness.journal.query({ status: 'filtered' }).events.map((e) => e.event.event),
    ['Neither'],
  );
});

test('config: up to 5 mappings, POST/PUT/PATCH, batch size 1 to 4,000; errors name the path', (t) => {
  const mapping = { url: 'https://example.com/hook' };
  t.notThrows(() =>
    parseConfig(config({ mappings: [{ ...mapping, method: 'PATCH', enableBatching: true, batchSize: 4_000 }] })),
  );
  const refused = (actions: unknown) =>
    t.throws(() => parseConfig({ sources: [{ writeKey: 'wk', destinations: { 'Webhooks (Actions)': actions } }] }), {
      code: 'INVALID_CONFIG',
    })?.message ?? '';
  t.regex(
    refused({ mappings: [{ ...mapping, method: 'GET' }] }),
    /Webhooks \(Actions\)\/mappings\/0\/method.*received string "GET"/,
  );
  t.regex(refused({ mappings: [{ ...mapping, batchSize: 4_001 }] }), /batchSize/);
  t.regex(refused({ mappings: Array.from({ length: 6 }, () => mapping) }), /mappings/);
  t.regex(refused({ mappings: [{ url: 'ftp://example.com' }] }), /url/);
  t.regex(refused({ mappings: [{ ...mapping, headers: { 'X-Signature': 'forged' } }] }), /headers/);
});

test('property: every Actions request verifies the documented way: HMAC of JSON.stringify of the first parsed event, single or batched', async (t) => {
  const sent: { method: string; headers: Readonly<Record<string, string>>; body: string }[] = [];
  const clock = createFakeClock({ now: Date.UTC(2024, 0, 1) });
  const dispatcher = new WebhookDispatcher({
    clock,
    transport: async (request) => {
      sent.push({ method: request.method ?? 'POST', headers: request.headers, body: request.body });
      return { kind: 'response', status: 200 };
    },
  });
  t.teardown(() => dispatcher.close());
  const actions = new ActionsDestination({ clock, dispatcher });
  let verified = 0;
  await fc.assert(
    fc.asyncProperty(
      fc.array(collectionMessage(), { minLength: 1, maxLength: 6 }),
      fc.boolean(),
      fc.integer({ min: 1, max: 4 }),
      async (events, enableBatching, batchSize) => {
        sent.length = 0;
        const settings: ActionsWebhookSettings = {
          sharedSecret: 'prop-secret',
          mappings: [{ url: 'http://127.0.0.1:9/actions', method: 'PATCH', enableBatching, batchSize }],
        };
        for (const event of events)
          actions.dispatchEvent({ writeKey: 'wk', settings, event: { ...event, integrations: {} } });
        actions.flushAll();
        await dispatcher.settled();
        const bodies = sent.map((r) => JSON.parse(r.body) as unknown);
        if (bodies.flatMap((b) => (Array.isArray(b) ? b : [b])).length !== events.length)
          throw new Error(`${events.length} events, ${sent.length} requests: ${JSON.stringify(bodies)}`);
        for (const [i, request] of sent.entries()) {
          const body = bodies[i];
          const first: unknown = Array.isArray(body) ? body[0] : body;
          if (Array.isArray(body) && !(enableBatching && body.length <= batchSize))
            throw new Error(`a batch of ${body.length} with batching ${enableBatching}, size ${batchSize}`);
          if (
            request.method !== 'PATCH' ||
            request.headers['X-Signature'] !== hmac('prop-secret', JSON.stringify(first))
          )
            throw new Error(`request ${i} does not verify: ${JSON.stringify(request)}`);
          verified++;
        }
      },
    ),
    { numRuns: 60 },
  );
  t.true(verified >= 60, `verified ${verified} requests`);
});
