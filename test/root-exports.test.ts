import test from 'ava';
import { validate, type TrackMessage, type WebhookTrackPayload, type HarnessConfig } from '../src/index.js';

// The generated wire types are part of the root entry point: this file stops type-checking if one goes missing.
test('payloads typed with the root wire types validate against their schemas', (t) => {
  const call: TrackMessage = { type: 'track', userId: 'u1', event: 'Signed Up', properties: { plan: 'pro' } };
  const delivery: WebhookTrackPayload = {
    version: 1,
    type: 'track',
    userId: 'u1',
    event: 'Signed Up',
    timestamp: '2024-01-01T00:00:00.000Z',
  };
  const config: HarnessConfig = {
    sources: [{ writeKey: 'wk', destinations: { Webhooks: { webhooks: [{ url: 'https://example.test/hook' }] } } }],
  };
  t.deepEqual(
    [validate('track', call).ok, validate('webhook-track', delivery).ok, validate('harness-config', config).ok],
    [true, true, true],
  );
});

test('runs are on the root entry point: the registry over a core, the in-memory directory and the run errors', async (t) => {
  const { RunRegistry, MemoryRunDirectory, createServiceCore, RunNotFoundError, DEFAULT_RUN_ID, RUN_HEADER } =
    await import('../src/index.js');
  const core = createServiceCore();
  const runs = new RunRegistry({
    defaultCore: core,
    directory: new MemoryRunDirectory(),
    createCore: (_id, options) => createServiceCore(options),
  });
  t.teardown(() => {
    runs.close();
    core.dispatcher.close();
  });
  const run = await runs.create({ clock: 'fake' });
  t.is(runs.byWriteKey(run.writeKeys[0]), run);
  t.is(runs.default.id, DEFAULT_RUN_ID);
  t.is(RUN_HEADER, 'x-harness-run');
  const missing = await runs.require('run_missing').catch((error: unknown) => error);
  t.true(missing instanceof RunNotFoundError);
  t.is((missing as InstanceType<typeof RunNotFoundError>).code, 'RUN_NOT_FOUND');
});
