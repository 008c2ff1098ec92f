import test from 'ava';
import { basicAuth, getJson, postJson, startHarness } from './harness.js';
import { TEST_STORE } from './harness-store.js';

// The parity run (npm run test:postgres-parity) is only worth something if startHarness really changes store,
// and each harness must start empty, as an in-memory one does.
test('startHarness builds each harness on a fresh store of the kind EVENT_HARNESS_TEST_STORE names', async (t) => {
  const config = { sources: [{ writeKey: 'wk' }] };
  const first = await startHarness(t, { clock: 'fake', config });
  const second = await startHarness(t, { clock: 'fake', config });
  const health = (await getJson(`${first.url}/__harness/health`)).body as { store: { kind: string } };
  t.is(health.store.kind, TEST_STORE);
  const sent = await postJson(
    `${first.url}/v1/track`,
    { userId: 'u1', event: 'Opened' },
    { authorization: basicAuth('wk') },
  );
  t.is(sent.status, 200);
  t.is(((await getJson(`${first.url}/__harness/events`)).body as { total: number }).total, 1);
  t.is(((await getJson(`${second.url}/__harness/events`)).body as { total: number }).total, 0);
});
