// The payload version and the browser httpConfig, set per source or per run: in the config (a file's content,
// a run's config), through the admin API (PUT /__harness/settings, also under a run's prefix) and as createHarness
// options; each shows in what is delivered or in the settings analytics.js loads.
import test, { type ExecutionContext } from 'ava';
import type { Harness } from '../../../src/harness/create-harness.js';
import type { HttpConfig } from '../../../src/contract/index.js';
import { projectIdOf } from '../../../src/domain/sources/source-settings.js';
import { basicAuth, postJson, startHarness } from '../../helpers/harness.js';
import { startReceiver, type Receiver } from '../../helpers/receiver.js';

const DROP_503: HttpConfig = { backoffConfig: { statusCodeOverrides: { '503': 'drop' } } };

async function put(url: string, body: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(url, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function track(harness: Harness, writeKey: string, receiver: Receiver, base = harness.url) {
  const before = receiver.requests.length;
  const answer = await postJson(
    `${base}/v1/track`,
    { userId: 'u', event: 'E' },
    { authorization: basicAuth(writeKey) },
  );
  if (answer.status !== 200) throw new Error(`track answered ${answer.status}`);
  for (let i = 0; i < 400 && receiver.requests.length === before; i++) await new Promise((r) => setTimeout(r, 5));
  return JSON.parse(receiver.requests.at(-1)?.body ?? '{}') as Record<string, unknown>;
}

async function httpConfigOf(base: string, writeKey: string): Promise<unknown> {
  const settings = (await (await fetch(`${base}/v1/projects/${writeKey}/settings`)).json()) as {
    integrations: Record<string, Record<string, unknown>>;
  };
  return settings.integrations['Segment.io']?.httpConfig;
}

function sourcesTo(receiver: Receiver) {
  const webhooks = { Webhooks: { webhooks: [{ url: receiver.url }] } };
  return [
    { writeKey: 'plain', destinations: webhooks },
    { writeKey: 'own', projectId: 'src_own', payloadVersion: 2 as const, httpConfig: DROP_503, destinations: webhooks },
  ];
}

async function setup(t: ExecutionContext, extra: Record<string, unknown> = {}) {
  const receiver = await startReceiver(t);
  const harness = await startHarness(t, { config: { sources: sourcesTo(receiver), ...extra } });
  return { receiver, harness };
}

test('by default: version 1, projectId derived from the write key (the same in every harness), writeKey, no httpConfig', async (t) => {
  const { receiver, harness } = await setup(t);
  const plain = await track(harness, 'plain', receiver);
  t.like(plain, { version: 1, writeKey: 'plain', projectId: projectIdOf({ writeKey: 'plain' }) });
  t.regex(String(plain.projectId), /^[A-Za-z0-9]{22}$/);
  const again = await setup(t);
  t.is((await track(again.harness, 'plain', again.receiver)).projectId, plain.projectId, 'stable across harnesses');
  t.is(await httpConfigOf(harness.url, 'plain'), undefined);
  // A source's own settings from the config file's content.
  t.like(await track(harness, 'own', receiver), { version: 2, projectId: 'src_own', writeKey: 'own' });
  t.deepEqual(await httpConfigOf(harness.url, 'own'), DROP_503);
});

test("the run's settings in the config (delivery.payloadVersion, httpConfig) apply to every source without its own", async (t) => {
  const runConfig = { httpConfig: { rateLimitConfig: { maxRetryCount: 0 } } };
  const { receiver, harness } = await setup(t, { delivery: { payloadVersion: 2 }, ...runConfig });
  t.is((await track(harness, 'plain', receiver)).version, 2);
  t.deepEqual(await httpConfigOf(harness.url, 'plain'), runConfig.httpConfig);
  t.deepEqual(await httpConfigOf(harness.url, 'own'), DROP_503, "the source's own wins");
});

test('createHarness({ payloadVersion, httpConfig }) sets them for the run', async (t) => {
  const receiver = await startReceiver(t);
  const harness = await startHarness(t, {
    config: { sources: sourcesTo(receiver) },
    payloadVersion: 2,
    httpConfig: DROP_503,
  });
  t.is((await track(harness, 'plain', receiver)).version, 2);
  t.deepEqual(await httpConfigOf(harness.url, 'plain'), DROP_503);
  t.like(harness.core.settings.view(), { payloadVersion: 2, httpConfig: DROP_503 });
});

test('PUT /__harness/settings changes the run, or with writeKey one source; null goes back to the default', async (t) => {
  const { receiver, harness } = await setup(t);
  const admin = `${harness.url}/__harness/settings`;
  const run = await put(admin, { payloadVersion: 2, httpConfig: DROP_503 });
  t.is(run.status, 200);
  t.like(run.body, { payloadVersion: 2, httpConfig: DROP_503 });
  t.is((await track(harness, 'plain', receiver)).version, 2);
  t.deepEqual(await httpConfigOf(harness.url, 'plain'), DROP_503);
  const source = await put(admin, { writeKey: 'own', payloadVersion: 1, httpConfig: null });
  t.is(source.status, 200);
  t.is((await track(harness, 'own', receiver)).version, 1);
  t.deepEqual(await httpConfigOf(harness.url, 'own'), DROP_503, "the source has none of its own now: the run's");
  await put(admin, { payloadVersion: null, httpConfig: null });
  t.is((await track(harness, 'plain', receiver)).version, 1);
  const read = (await (await fetch(admin)).json()) as { sources: { writeKey: string; projectId: string }[] };
  t.deepEqual(
    read.sources.map((s) => [s.writeKey, s.projectId]),
    [
      ['plain', projectIdOf({ writeKey: 'plain' })],
      ['own', 'src_own'],
    ],
  );
  // Bad input names what was received and what is expected.
  const bad = await put(admin, { httpConfig: { backoffConfig: { statusCodeOverrides: { '503': 'later' } } } });
  t.is(bad.status, 400);
  t.regex(String(bad.body.message), /statusCodeOverrides.*503.*(drop|allowed)/);
  const version = await put(admin, { payloadVersion: 3 });
  t.is(version.status, 400);
  t.regex(String(version.body.message), /payloadVersion/);
  const unknown = await put(admin, { writeKey: 'nobody', payloadVersion: 2 });
  t.is(unknown.status, 400);
  t.regex(String(unknown.body.message), /"nobody"/);
});

test("a run's settings: from its config at creation and through its admin prefix; other runs keep theirs", async (t) => {
  const receiver = await startReceiver(t);
  const harness = await startHarness(t);
  const created = await postJson(`${harness.url}/__harness/runs`, {
    config: {
      sources: [{ writeKey: 'run_key', destinations: { Webhooks: { webhooks: [{ url: receiver.url }] } } }],
      httpConfig: DROP_503,
    },
  });
  t.is(created.status, 201);
  const id = String(created.body.id);
  t.deepEqual(await httpConfigOf(harness.url, 'run_key'), DROP_503);
  const changed = await put(`${harness.url}/__harness/runs/${id}/settings`, { payloadVersion: 2 });
  t.is(changed.status, 200);
  t.like(await track(harness, 'run_key', receiver), { version: 2, writeKey: 'run_key' });
  t.like(harness.core.settings.view(), { payloadVersion: 1, httpConfig: null }, 'the default run is untouched');
});
