// Issue 32: every way of moving the fake clock gives the records of a clock stepped timer by timer. The three
// measurements of the issue, reproduced as it measured them: `serve --clock fake` and the README's lines, in
// one jump and in uneven steps, and the README's in-process example with a webhook.
import test from 'ava';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createClient } from '../../../src/actors/client/index.js';
import { createHarness } from '../../../src/harness/create-harness.js';
import { startReceiver } from '../../helpers/receiver.js';
import { startServe } from '../../helpers/spawn-cli.js';

const FOUR_HOURS = 14_400_000;
const basic = (key: string) => `Basic ${Buffer.from(`${key}:`).toString('base64')}`;

interface Attempt {
  readonly at: string;
  readonly status?: number;
  readonly error?: string;
  readonly durationMs: number;
  readonly realDurationMs?: number;
}
interface Delivery {
  readonly state: string;
  readonly attempts: Attempt[];
}

async function post(url: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** `serve --clock fake` with one source whose Webhooks destination is the receiver; one track sent. */
async function serveWithOneTrack(t: import('ava').ExecutionContext, receiverUrl: string) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'eh-vt-'));
  t.teardown(() => rm(dir, { recursive: true, force: true }));
  const config = path.join(dir, 'harness.json');
  await writeFile(
    config,
    JSON.stringify({ sources: [{ writeKey: 'wk', destinations: { Webhooks: { webhooks: [{ url: receiverUrl }] } } }] }),
  );
  const serve = await startServe(t, ['--clock', 'fake', '--config', config]);
  const sent = await post(
    `${serve.url}/v1/track`,
    { userId: 'u1', event: 'Signed Up' },
    { authorization: basic('wk') },
  );
  t.is(sent.status, 200);
  return serve;
}

async function onlyDelivery(url: string): Promise<Delivery> {
  const answer = (await (await fetch(`${url}/__harness/deliveries`)).json()) as { deliveries: Delivery[] };
  if (answer.deliveries.length !== 1) throw new Error(`expected one delivery; got ${answer.deliveries.length}`);
  return answer.deliveries[0] as Delivery;
}

const shape = (d: Delivery) => d.attempts.map((a) => `${a.at} ${a.status ?? a.error} ${a.durationMs}`);

test('serve --clock fake: the README\'s advance {"ms": 14400000} against a fast 503 receiver records only 503s, as one step at a time would', async (t) => {
  const receiver = await startReceiver(t, () => ({ status: 503 }));
  const serve = await serveWithOneTrack(t, receiver.url);
  const advanced = await post(`${serve.url}/__harness/clock/advance`, { ms: FOUR_HOURS });
  t.is(advanced.status, 200);
  const delivery = await onlyDelivery(serve.url);
  t.is(delivery.state, 'expired');
  const fake = delivery.attempts.filter((a) => a.error !== undefined);
  t.deepEqual(fake, [], 'no attempt of a receiver that answered in milliseconds is a timeout');
  t.true(delivery.attempts.length > 10);
  t.true(delivery.attempts.every((a) => a.status === 503 && a.durationMs === 0));
  t.is(receiver.requests.length, delivery.attempts.length, 'every attempt recorded is a request the receiver got');

  // The same records from run-until-idle on a second serve: one truth whatever moves the clock.
  const again = await startReceiver(t, () => ({ status: 503 }));
  const other = await serveWithOneTrack(t, again.url);
  t.is((await post(`${other.url}/__harness/clock/run-until-idle`, {})).status, 200);
  t.deepEqual(shape(await onlyDelivery(other.url)), shape(delivery));
});

test('serve --clock fake: 37 uneven steps (1 ms, 4,999 ms, 5,001 ms, 60 s, 777,777 ms, ...) give the records of one jump', async (t) => {
  const receiver = await startReceiver(t, () => ({ status: 503 }));
  const serve = await serveWithOneTrack(t, receiver.url);
  const pattern = [1, 4_999, 5_001, 60_000, 777_777];
  let moved = 0;
  for (let i = 0; i < 36; i++) {
    const ms = pattern[i % pattern.length] as number;
    t.is((await post(`${serve.url}/__harness/clock/advance`, { ms })).status, 200);
    moved += ms;
  }
  t.is((await post(`${serve.url}/__harness/clock/advance`, { ms: FOUR_HOURS - moved })).status, 200);
  const stepped = await onlyDelivery(serve.url);
  t.deepEqual(
    stepped.attempts.filter((a) => a.error !== undefined),
    [],
  );

  const jumpReceiver = await startReceiver(t, () => ({ status: 503 }));
  const jump = await serveWithOneTrack(t, jumpReceiver.url);
  t.is((await post(`${jump.url}/__harness/clock/advance`, { ms: FOUR_HOURS })).status, 200);
  t.deepEqual(shape(stepped), shape(await onlyDelivery(jump.url)));
});

test("the README's in-process example with a webhook: advance(5_000) right after the delivery started records one 200, in 5 of 5 runs", async (t) => {
  // A receiver that answers 200 in about 20 ms: fast, but slower than a virtual jump.
  const receiver = await startReceiver(t, () => ({ status: 200, delayMs: 20 }));
  for (let run = 0; run < 5; run++) {
    const harness = await createHarness({
      clock: 'fake',
      config: {
        sources: [{ writeKey: 'my-write-key', destinations: { Webhooks: { webhooks: [{ url: receiver.url }] } } }],
      },
    });
    t.teardown(() => harness.stop());
    const client = createClient('my-write-key', { endpoint: harness.url, flushAt: 1 });
    client.track({ userId: 'u1', event: 'Signed Up', properties: { plan: 'pro', seats: 3 } });
    const entry = await harness.journal.waitFor({ type: 'track', userId: 'u1', event: 'Signed Up' }, { timeout: 2000 });
    t.is(entry.status, 'accepted');
    await harness.clock.advance(5_000);
    const [delivery] = harness.dispatcher.list();
    t.is(delivery?.state, 'delivered', `run ${run + 1}`);
    t.deepEqual(
      delivery?.attempts.map((a) => a.status ?? a.error),
      [200],
      `run ${run + 1}: one attempt, answered`,
    );
    t.is(harness.dispatcher.nextRetryAt(), undefined, 'no retry scheduled');
    await client.close();
  }
});

test("the client's own timers in a harness: its flush fires on advance, and advance answers once the batch and its delivery are recorded", async (t) => {
  const receiver = await startReceiver(t, () => ({ status: 200, delayMs: 20 }));
  const harness = await createHarness({
    clock: 'fake',
    config: { sources: [{ writeKey: 'wk', destinations: { Webhooks: { webhooks: [{ url: receiver.url }] } } }] },
  });
  t.teardown(() => harness.stop());
  // The client on the harness clock: flushAfter (5 s) is virtual; its requests hold virtual time while on the wire.
  const client = createClient('wk', { endpoint: harness.url, clock: harness.clock, flushAt: 20 });
  for (let i = 0; i < 3; i++) client.track({ userId: `u${i}`, event: 'Queued' });
  await harness.clock.advance(4_999);
  t.is(harness.journal.counts().all, 0, 'nothing is sent before flushAfter');
  await harness.clock.advance(1);
  // No waiting here: the advance answered once the batch was accepted and its three deliveries recorded.
  t.is(harness.journal.counts().accepted, 3);
  t.deepEqual(
    harness.dispatcher.list().map((d) => [d.state, d.attempts.map((a) => a.status ?? a.error)]),
    [
      ['delivered', [200]],
      ['delivered', [200]],
      ['delivered', [200]],
    ],
  );
  await client.close();
});

test('a fault delay on the harness answers a client holding the clock: virtual time moves up to, never past, its request deadline', async (t) => {
  const harness = await createHarness({ clock: 'fake' });
  t.teardown(() => harness.stop());
  const client = createClient('wk', { endpoint: harness.url, clock: harness.clock, flushAt: 1, timeout: 10_000 });
  // The harness answers after 2 s of virtual time: before the client's 10 s deadline, so the client gets its answer.
  harness.faults.add({ count: 1, delayMs: 2_000 });
  client.track({ userId: 'u', event: 'Delayed' });
  const started = performance.now();
  await harness.clock.advance(3_000);
  t.true(performance.now() - started < 5_000, 'the delay was virtual');
  t.is(harness.journal.counts().accepted, 1);
  t.is(harness.clock.now(), Date.UTC(2024, 0, 1) + 3_000);
  const flushed = await client.flush();
  t.deepEqual([flushed.delivered, flushed.failed.length], [1, 0], 'answered in time');
  t.is(client.stats().requests, 1, 'one request: no timeout, no retry');
  await client.close();
});

test('a remote harness: clock.advance and clock.tick on a run of a shared serve give true records', async (t) => {
  const receiver = await startReceiver(t, () => ({ status: 503, delayMs: 15 }));
  const shared = await createHarness();
  t.teardown(() => shared.stop());
  const run = await createHarness({
    server: shared.url,
    clock: 'fake',
    config: { sources: [{ writeKey: 'remote-wk', destinations: { Webhooks: { webhooks: [{ url: receiver.url }] } } }] },
  });
  t.teardown(() => run.close());
  const sent = await post(`${shared.url}/v1/track`, { userId: 'u', event: 'E' }, { authorization: basic('remote-wk') });
  t.is(sent.status, 200);
  await run.clock.advance(30_000);
  await run.clock.tick(FOUR_HOURS);
  const [delivery] = await run.deliveries.list();
  t.is(delivery?.state, 'expired');
  t.true((delivery?.attempts.length ?? 0) > 10);
  t.true(delivery?.attempts.every((a) => a.status === 503 && a.durationMs === 0));
  t.is(receiver.requests.length, delivery?.attempts.length ?? -1);
});
