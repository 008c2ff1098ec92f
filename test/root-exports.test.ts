import test from 'ava';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  createHarness,
  DELIVERY_TIMEOUT_MS,
  MAX_EVENT_BYTES,
  RunNotFoundError,
  validate,
  type HarnessConfig,
  type JournalEntry,
  type RunRegistry,
  type TrackMessage,
  type WebhookDispatcher,
  type WebhookTrackPayload,
} from '../src/index.js';
import { ENTRY_SOURCES, exportLines, kindsOf, PUBLIC_EXPORTS } from './helpers/public-exports.js';
import { repoRoot } from './helpers/spawn-cli.js';

// Each entry point's source exports exactly its pinned values: one more (a class of a lower layer re-exported on
// the way) or one fewer fails here, naming it.
for (const [subpath, source] of Object.entries(ENTRY_SOURCES)) {
  test(`${source} (package "${subpath}") exports exactly its pinned runtime values`, async (t) => {
    const module = (await import(pathToFileURL(path.join(repoRoot, source)).href)) as Record<string, unknown>;
    t.deepEqual(exportLines(kindsOf(module)), exportLines(PUBLIC_EXPORTS[subpath] ?? {}));
  });
}

test('the root exports no value of the layers below: journal, dispatcher, runs and core come through a harness', async (t) => {
  const root = (await import('../src/index.js')) as Record<string, unknown>;
  for (const name of ['EventJournal', 'WebhookDispatcher', 'RunRegistry', 'MemoryRunDirectory', 'createServiceCore'])
    t.false(name in root, `${name} is not a root value`);
  // What they were exported for is a harness away (and their types are still named at the root).
  const harness = await createHarness({ clock: 'fake', listen: false });
  t.teardown(() => harness.stop());
  const runs: RunRegistry = harness.runs;
  const dispatcher: WebhookDispatcher = harness.dispatcher;
  const run = await runs.create({ clock: 'fake' });
  t.is(runs.byWriteKey(run.writeKeys[0] ?? ''), run);
  const missing = await runs.require('run_missing').catch((error: unknown) => error);
  t.true(missing instanceof RunNotFoundError);
  t.deepEqual(dispatcher.list({}), []);
  await harness.inject({
    method: 'POST',
    url: '/v1/track',
    payload: { userId: 'u1', event: 'Signed Up', writeKey: 'k' },
  });
  const entry: JournalEntry = await harness.journal.waitFor({ event: 'Signed Up' }, { timeout: 2_000 });
  t.is(entry.status, 'accepted');
});

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
  t.deepEqual([MAX_EVENT_BYTES, DELIVERY_TIMEOUT_MS], [32_768, 5_000]);
});
