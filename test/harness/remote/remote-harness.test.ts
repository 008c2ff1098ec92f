// A harness that is a run on a shared server answers as a harness of its own for everything it exposes: one
// table of checks runs against both. The shared server is built as `serve` builds it (createHarness, runs on).
import test, { type ExecutionContext } from 'ava';
import {
  AdminApiError,
  createHarness,
  InvalidJournalQueryError,
  JournalWaitTimeoutError,
  ServerUnreachableError,
  UsageError,
  type DeliveryView,
  type FakeClock,
  type HarnessConfig,
  type JournalEntry,
  type JournalMatchQuery,
  type JournalPage,
} from '../../../src/index.js';
import type { FaultRule } from '../../../src/core/faults/fault-plan.js';
import { basicAuth, postJson, startHarness } from '../../helpers/harness.js';
import { startReceiver } from '../../helpers/receiver.js';

/** What the table reads of a harness: the same names on both kinds, each awaited (a local one answers at once). */
interface Subject {
  readonly url: string;
  readonly writeKey: string;
  readonly journal: {
    waitFor(match: JournalMatchQuery, options?: { timeout?: number }): Promise<JournalEntry>;
    query(query: JournalMatchQuery): JournalPage | Promise<JournalPage>;
  };
  readonly faults: { add(rule: FaultRule): unknown };
  readonly clock: { now(): number | Promise<number>; advance(ms: number): Promise<void> };
  deliveries(): Promise<readonly DeliveryView[]>;
  runUntilIdle(): Promise<void>;
  reset(): unknown;
}

let keys = 0;

/** A source whose Webhooks destination is a loopback receiver answering 503 to its first request, then 200. */
async function withFlakyReceiver(t: ExecutionContext): Promise<{ config: HarnessConfig; writeKey: string }> {
  const receiver = await startReceiver(t, (_request, index) => ({ status: index === 0 ? 503 : 200 }));
  const writeKey = `table-key-${++keys}-${process.pid}`;
  return {
    writeKey,
    config: { sources: [{ writeKey, destinations: { Webhooks: { webhooks: [{ url: receiver.url }] } } }] },
  };
}

const kinds: Record<string, (t: ExecutionContext) => Promise<Subject>> = {
  async local(t) {
    const { config, writeKey } = await withFlakyReceiver(t);
    const harness = await startHarness(t, { clock: 'fake', config });
    return {
      url: harness.url,
      writeKey,
      journal: harness.journal,
      faults: harness.faults,
      clock: harness.clock as FakeClock,
      deliveries: async () => harness.dispatcher.list(),
      runUntilIdle: () => harness.runUntilIdle(),
      reset: () => harness.reset(),
    };
  },
  async remote(t) {
    const shared = await startHarness(t);
    const { config } = await withFlakyReceiver(t);
    const harness = await createHarness({ server: shared.url, clock: 'fake', config });
    t.teardown(() => harness.close());
    return {
      url: harness.url,
      writeKey: harness.writeKey,
      journal: harness.journal,
      faults: harness.faults,
      clock: harness.clock,
      deliveries: () => harness.deliveries.list(),
      runUntilIdle: () => harness.runUntilIdle(),
      reset: () => harness.reset(),
    };
  },
};

const track = (subject: Subject, userId: string, event = 'Signed Up') =>
  postJson(
    `${subject.url}/v1/track`,
    { userId, event, properties: { plan: 'pro', seats: 3 } },
    {
      authorization: basicAuth(subject.writeKey),
    },
  );

for (const [kind, start] of Object.entries(kinds)) {
  test(`${kind}: an event sent to url with writeKey is found by waitFor and query, deep partials included`, async (t) => {
    const subject = await start(t);
    const waiting = subject.journal.waitFor({ userId: 'u1', properties: { plan: 'pro' } }, { timeout: 10_000 });
    t.is((await track(subject, 'u1')).status, 200);
    const entry = await waiting;
    t.like(entry, { status: 'accepted', writeKey: subject.writeKey, event: { type: 'track', event: 'Signed Up' } });
    const page = await subject.journal.query({ type: 'track', properties: { seats: 3 } });
    t.is(page.total, 1);
    t.is((await subject.journal.query({ properties: { seats: 4 } })).total, 0, 'a deep partial that does not hold');
  });

  test(`${kind}: waitFor refuses an unknown key at once and times out with its own error`, async (t) => {
    const subject = await start(t);
    await t.throwsAsync(subject.journal.waitFor({ usrId: 'u1' } as JournalMatchQuery), {
      instanceOf: InvalidJournalQueryError,
      message: /usrId/,
    });
    await t.throwsAsync(subject.journal.waitFor({ userId: 'nobody' }, { timeout: 150 }), {
      instanceOf: JournalWaitTimeoutError,
      message: /within 150 ms/,
    });
  });

  test(`${kind}: a fault answers the next request; reset forgets events`, async (t) => {
    const subject = await start(t);
    await subject.faults.add({ count: 1, status: 503 });
    t.is((await track(subject, 'u2')).status, 503);
    t.is((await track(subject, 'u2')).status, 200);
    await subject.journal.waitFor({ userId: 'u2' }, { timeout: 10_000 });
    await subject.reset();
    t.is((await subject.journal.query({})).total, 0);
  });

  test(`${kind}: the fake clock moves only when told; a 503 delivery is retried by runUntilIdle`, async (t) => {
    const subject = await start(t);
    const before = await subject.clock.now();
    await subject.clock.advance(60_000);
    t.is((await subject.clock.now()) - before, 60_000);
    t.is((await track(subject, 'u3')).status, 200);
    // The first attempt (503) happens at once; its retry waits on the fake clock.
    const deadline = Date.now() + 10_000;
    let deliveries = await subject.deliveries();
    while ((deliveries[0]?.attempts.length ?? 0) < 1 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      deliveries = await subject.deliveries();
    }
    t.like(deliveries[0], { state: 'pending', attempts: [{ status: 503 }] });
    await subject.runUntilIdle();
    const [done] = await subject.deliveries();
    t.is(done?.state, 'delivered');
    t.deepEqual(
      done?.attempts.map((a) => a.status),
      [503, 200],
    );
  });
}

test('two remote harnesses on one server in parallel see only their own events, faults, clock and resets', async (t) => {
  const shared = await startHarness(t);
  const [a, b] = await Promise.all([
    createHarness({ server: shared.url, clock: 'fake', name: 'a' }),
    createHarness({ server: shared.url, clock: 'fake', name: 'b' }),
  ]);
  t.teardown(() => Promise.all([a.close(), b.close()]));
  t.not(a.writeKey, b.writeKey);
  await a.faults.add({ count: 1, status: 500 });
  const send = (h: typeof a, userId: string) =>
    postJson(`${h.url}/v1/track`, { userId, event: 'Both' }, { authorization: basicAuth(h.writeKey) });
  const answers = await Promise.all([send(b, 'same-user'), send(a, 'same-user'), send(a, 'same-user')]);
  t.deepEqual(
    answers.map((r) => r.status),
    [200, 500, 200],
    "a's fault answers a's first request, never b's",
  );
  await Promise.all([a.journal.waitFor({ userId: 'same-user' }), b.journal.waitFor({ userId: 'same-user' })]);
  t.deepEqual(
    (await a.journal.events()).map((e) => e.writeKey),
    [a.writeKey],
  );
  t.deepEqual(
    (await b.journal.events()).map((e) => e.writeKey),
    [b.writeKey],
  );
  t.is((await shared.journal.query({})).total, 0, 'nothing reached the default run');
  const bNow = await b.clock.now();
  await a.clock.advance(3_600_000);
  t.is(await b.clock.now(), bNow, "advancing a's clock leaves b's where it was");
  await a.reset();
  t.is((await a.journal.counts()).all, 0);
  t.is((await b.journal.counts()).all, 1, "a's reset leaves b's journal");
});

test('close deletes the run (its admin API then answers RUN_NOT_FOUND); a second close does nothing', async (t) => {
  const shared = await startHarness(t);
  const harness = await createHarness({ server: shared.url });
  t.is(harness.clock.mode, 'system');
  await harness.close();
  await harness.close();
  const error = await t.throwsAsync(harness.journal.query({}), { instanceOf: AdminApiError });
  t.is(error?.code, 'RUN_NOT_FOUND');
  t.is(error?.httpStatus, 404);
});

test('errors of the admin API surface with their codes; bad options and dead servers are named', async (t) => {
  const shared = await startHarness(t);
  const system = await createHarness({ server: shared.url, clock: 'system' });
  t.teardown(() => system.close());
  const notFake = await t.throwsAsync(system.runUntilIdle(), { instanceOf: AdminApiError });
  t.is(notFake?.code, 'CLOCK_NOT_FAKE');
  const badFault = await t.throwsAsync(system.faults.add({ count: 1, status: 200 }), { instanceOf: AdminApiError });
  t.is(badFault?.httpStatus, 400);
  t.regex(badFault?.message ?? '', /status/);
  await t.throwsAsync(createHarness({ server: 'ftp://example.test' }), {
    instanceOf: UsageError,
    message: /http\(s\) URL/,
  });
  await t.throwsAsync(createHarness({ server: shared.url, port: 4010 } as never), {
    instanceOf: UsageError,
    message: /port belongs to a harness of its own/,
  });
  // A port nothing listens on: the shared server's own port after it stopped.
  const gone = await createHarness({ listen: true });
  const goneUrl = gone.url;
  await gone.stop();
  const unreachable = await t.throwsAsync(createHarness({ server: goneUrl }), { instanceOf: ServerUnreachableError });
  t.is(unreachable?.code, 'SERVER_UNREACHABLE');
  t.regex(unreachable?.message ?? '', /POST http:\/\/127\.0\.0\.1:\d+\/__harness\/runs failed/);
});

test("requests.capture() hands each of the run's collection requests, with its body, to subscribers; close stops it", async (t) => {
  const shared = await startHarness(t);
  const harness = await createHarness({ server: shared.url });
  t.teardown(() => harness.close());
  const seen: { path: string; status: number | undefined; body: string }[] = [];
  harness.requests.subscribe((record, served) => {
    t.is(record.writeKey, harness.writeKey);
    seen.push({ path: served.path, status: served.status, body: Buffer.from(served.body ?? '').toString() });
  });
  await harness.requests.capture();
  const body = JSON.stringify({ userId: 'u9', event: 'Captured' });
  await postJson(`${harness.url}/v1/track`, body, { authorization: basicAuth(harness.writeKey) });
  await postJson(`${harness.url}/v1/track`, '{"userId": ', { authorization: basicAuth(harness.writeKey) });
  const deadline = Date.now() + 10_000;
  while (seen.length < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
  t.deepEqual(seen, [
    { path: '/v1/track', status: 200, body },
    { path: '/v1/track', status: 400, body: '{"userId": ' },
  ]);
  t.is((await harness.requests.newest(10)).length, 2);
  t.is(harness.requests.dropped, 0);
  await harness.close();
  t.is(shared.runs.get(harness.runId), undefined, 'the run is gone');
});

test('requests.catchUp() while the run is closed, and after, resolves: a read that meets the deleted run is not an error then', async (t) => {
  const shared = await startHarness(t);
  const harness = await createHarness({ server: shared.url });
  t.teardown(() => harness.close());
  await harness.requests.capture();
  // Reads in flight when close deletes the run: each meets its 404 or its end, and none rejects.
  const reads = Array.from({ length: 20 }, () => harness.requests.catchUp());
  const closing = harness.close();
  await t.notThrowsAsync(Promise.all(reads));
  await closing;
  await t.notThrowsAsync(harness.requests.catchUp());
  t.is(shared.runs.get(harness.runId), undefined, 'the run is gone');
});
