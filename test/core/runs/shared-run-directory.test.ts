import test, { type ExecutionContext } from 'ava';
import { createServiceCore } from '../../../src/core/service-core.js';
import { RunRegistry } from '../../../src/core/runs/run-registry.js';
import { PostgresState } from '../../../src/core/store/postgres-state.js';
import { basicAuth, postJson, startHarness } from '../../helpers/harness.js';
import { databasePerTest } from '../../helpers/postgres.js';

// Runs on replicas sharing one PostgreSQL directory: a run any node creates is routed by write key on every node,
// a run deleted on one node is gone on all, and idle expiry counts use through any node.
const database = databasePerTest(test, 'shared_runs');

async function eventually<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`after 10 s, still not ${what}: last read ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function userIds(url: string): Promise<string[]> {
  const page = (await (await fetch(url)).json()) as { events: { event: { userId?: string } }[] };
  return page.events.map((entry) => entry.event.userId ?? '');
}

test('a run created on node 1 takes its write key on node 2 with no header (Basic auth and body key), and its deletion on node 2 frees the key on node 1', async (t) => {
  const store = await database();
  const one = await startHarness(t, { clock: 'fake', store, storeOptions: { nodeId: 'one' } });
  const two = await startHarness(t, { clock: 'fake', store, storeOptions: { nodeId: 'two' } });
  const run = await one.runs.create({ clock: 'fake' });
  const key = run.writeKeys[0] ?? '';
  t.false(two.runs.get(run.id) !== undefined, 'node 2 has not built the run before its first request');
  // The notification of the new record reaches node 2 asynchronously; an SDK's first request may come at once.
  await eventually(
    'routed by node 2',
    async () => two.runs.builtElsewhere(key),
    (id) => id === run.id,
  );
  const byAuth = await postJson(
    `${two.url}/v1/track`,
    { userId: 'auth', event: 'E' },
    { authorization: basicAuth(key) },
  );
  t.is(byAuth.status, 200);
  const byBody = await postJson(`${two.url}/v1/track`, { writeKey: key, userId: 'body', event: 'E' });
  t.is(byBody.status, 200);
  t.deepEqual((await userIds(`${one.url}/__harness/runs/${run.id}/events`)).sort(), ['auth', 'body']);
  t.is(two.journal.query({}).total, 0, "node 2's default run took none of the run's events");

  t.is((await fetch(`${two.url}/__harness/runs/${run.id}`, { method: 'DELETE' })).status, 200);
  await eventually(
    'dropped on node 1',
    async () => one.runs.get(run.id),
    (live) => live === undefined,
  );
  t.is(one.runs.builtElsewhere(key), undefined);
  const after = await postJson(
    `${one.url}/v1/track`,
    { userId: 'later', event: 'E' },
    { authorization: basicAuth(key) },
  );
  t.is(after.status, 200);
  t.deepEqual(await userIds(`${one.url}/__harness/events`), ['later'], 'the freed key reaches the default run');
});

test('X-Harness-Run naming a run another node created is built on first use, not answered 404', async (t) => {
  const store = await database();
  const one = await startHarness(t, { clock: 'fake', store, storeOptions: { nodeId: 'one' } });
  const two = await startHarness(t, { clock: 'fake', store, storeOptions: { nodeId: 'two' } });
  const run = await one.runs.create({ clock: 'fake' });
  const sent = await postJson(
    `${two.url}/v1/track`,
    { userId: 'named', event: 'E' },
    { authorization: basicAuth(run.writeKeys[0] ?? ''), 'x-harness-run': run.id },
  );
  t.is(sent.status, 200);
  t.deepEqual(await userIds(`${one.url}/__harness/runs/${run.id}/events`), ['named']);
  const settings = await fetch(`${two.url}/v1/projects/${run.writeKeys[0]}/settings`, {
    headers: { 'x-harness-run': run.id },
  });
  t.is(settings.status, 200);
});

function registryOn(t: ExecutionContext, state: PostgresState, now: () => number): RunRegistry {
  const defaultCore = createServiceCore({ clock: 'fake' });
  const runs = new RunRegistry({
    defaultCore,
    createCore: (_id, run) => createServiceCore({ clock: run.clock, config: run.config }),
    directory: state.runDirectory(),
    idleMs: 60 * 60 * 1000,
    now,
  });
  t.teardown(() => {
    runs.close();
    defaultCore.dispatcher.close();
  });
  return runs;
}

test('idle expiry counts use through any node: node 1 does not expire a run node 2 keeps using, and expires it once nobody does', async (t) => {
  const store = await database();
  const states = await Promise.all(['one', 'two'].map((nodeId) => PostgresState.open({ url: store, nodeId })));
  t.teardown(() => Promise.all(states.map((state) => state.close())).then(() => undefined));
  let now = Date.parse('2026-01-01T00:00:00.000Z');
  const clock = () => now;
  const [stateOne, stateTwo] = states as [PostgresState, PostgresState];
  const one = registryOn(t, stateOne, clock);
  const two = registryOn(t, stateTwo, clock);
  await one.follow();
  await two.follow();
  const run = await one.create({ clock: 'fake' });
  now += 50 * 60 * 1000;
  const onTwo = await two.require(run.id);
  two.touch(onTwo);
  // Node 2 writes its use when it sweeps (and every useFlushMs on its own).
  t.deepEqual(await two.sweepIdle(), []);
  now += 40 * 60 * 1000;
  // 90 minutes after creation, idle 60 minutes on node 1's own count, but used on node 2 40 minutes ago.
  t.deepEqual(await one.sweepIdle(), [], 'node 1 kept the run node 2 used');
  t.not(one.get(run.id), undefined);
  now += 21 * 60 * 1000;
  t.deepEqual(await one.sweepIdle(), [run.id], 'unused on every node for over an hour: expired');
  await eventually(
    'dropped on node 2',
    async () => two.get(run.id),
    (live) => live === undefined,
  );
});
