import test from 'ava';
import { createHarness } from '../../../src/harness/create-harness.js';
import { basicAuth, postJson, startHarness } from '../../helpers/harness.js';
import { databasePerTest } from '../../helpers/postgres.js';

// Fault rules on replicas sharing one PostgreSQL database: one plan for every node, a count used up once.
const database = databasePerTest(test, 'shared_faults');

const config = { sources: [{ writeKey: 'wk' }] };
const auth = { authorization: basicAuth('wk') };

async function pendingOn(url: string): Promise<unknown[]> {
  return ((await (await fetch(`${url}/__harness/faults`)).json()) as { faults: unknown[] }).faults;
}

test('a counted fault added on node 1 is used up once across both nodes, and both list what is left', async (t) => {
  const store = await database();
  const one = await startHarness(t, { clock: 'fake', config, store, storeOptions: { nodeId: 'one' } });
  const two = await startHarness(t, { clock: 'fake', config, store, storeOptions: { nodeId: 'two' } });
  const added = await postJson(`${one.url}/__harness/faults`, { count: 2, status: 503 });
  t.is(added.status, 200);
  t.deepEqual(await pendingOn(two.url), [{ fault: { status: 503 }, remaining: 2 }], 'node 2 reads the rule');
  const statuses: number[] = [];
  for (const node of [two, one, two, one])
    statuses.push((await postJson(`${node.url}/v1/track`, { userId: 'u', event: 'E' }, auth)).status);
  t.deepEqual(statuses, [503, 503, 200, 200], 'two faulted requests in all, not two per node');
  t.deepEqual(await pendingOn(one.url), []);
  t.deepEqual(await pendingOn(two.url), []);
});

test('a clear (or a reset) on one node clears the plan of every node; a restart keeps the plan', async (t) => {
  const store = await database();
  const one = await startHarness(t, { clock: 'fake', config, store, storeOptions: { nodeId: 'one' } });
  const two = await startHarness(t, { clock: 'fake', config, store, storeOptions: { nodeId: 'two' } });
  t.is((await postJson(`${one.url}/__harness/faults`, { share: 1, status: 500 })).status, 200);
  t.is((await fetch(`${two.url}/__harness/faults`, { method: 'DELETE' })).status, 200);
  t.deepEqual(await pendingOn(one.url), []);
  t.is((await postJson(`${one.url}/v1/track`, { userId: 'u', event: 'E' }, auth)).status, 200, 'cleared on node 1');

  t.is((await postJson(`${two.url}/__harness/faults`, { count: 3, status: 502 })).status, 200);
  const restarted = await createHarness({ clock: 'fake', config, store, storeOptions: { nodeId: 'three' } });
  t.teardown(() => restarted.stop());
  t.deepEqual(await pendingOn(restarted.url), [{ fault: { status: 502 }, remaining: 3 }]);
  t.is((await postJson(`${restarted.url}/v1/track`, { userId: 'u', event: 'E' }, auth)).status, 502);
  t.is((await postJson(`${one.url}/__harness/reset`, {})).status, 200);
  t.deepEqual(await pendingOn(two.url), [], 'a reset on node 1 cleared the plan node 2 reads');
  t.is((await postJson(`${two.url}/v1/track`, { userId: 'u', event: 'E' }, auth)).status, 200);
});

test('in process, harness.faults.add resolves once the rule is stored and loaded: the next request gets it', async (t) => {
  const store = await database();
  const one = await startHarness(t, { clock: 'fake', config, store, storeOptions: { nodeId: 'one' } });
  const two = await startHarness(t, { clock: 'fake', config, store, storeOptions: { nodeId: 'two' } });
  await one.faults.add({ count: 2, status: 429, retryAfter: 2 });
  const answered = await postJson(`${one.url}/v1/track`, { userId: 'u', event: 'E' }, auth);
  t.is(answered.status, 429);
  t.is(answered.headers.get('retry-after'), '2');
  // Node 2 applies it once notified (milliseconds), and at once after an admin read there.
  t.deepEqual(await pendingOn(two.url), [{ fault: { status: 429, retryAfter: 2 }, remaining: 1 }]);
  t.is((await postJson(`${two.url}/v1/track`, { userId: 'u', event: 'E' }, auth)).status, 429);
  t.is((await postJson(`${two.url}/v1/track`, { userId: 'u', event: 'E' }, auth)).status, 200);
});
