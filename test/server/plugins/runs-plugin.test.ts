import test from 'ava';
import { basicAuth, getJson, postJson, startHarness } from '../../helpers/harness.js';
import { startReceiver } from '../../helpers/receiver.js';

interface RunAnswer {
  id: string;
  name: string;
  writeKeys: string[];
  clock: 'fake' | 'system';
  createdAt: string;
  urls: { collection: string; admin: string; inspector: string };
}

interface EventsAnswer {
  total: number;
  events: { status: string; writeKey: string; reason?: string; event: Record<string, unknown> }[];
}

async function createRun(url: string, body: unknown = {}): Promise<RunAnswer> {
  const created = await postJson(`${url}/__harness/runs`, body);
  if (created.status !== 201)
    throw new Error(`POST /__harness/runs answered ${created.status}: ${JSON.stringify(created.body)}`);
  return created.body as unknown as RunAnswer;
}

async function eventsOf(url: string, runId: string): Promise<EventsAnswer> {
  const prefix = runId === 'default' ? '/__harness' : `/__harness/runs/${runId}`;
  return (await getJson(`${url}${prefix}/events`)).body as unknown as EventsAnswer;
}

const track = (userId: string, extra: Record<string, unknown> = {}) => ({
  type: 'track',
  event: 'Ordered',
  userId,
  ...extra,
});

test('POST /__harness/runs creates a run with its id, generated write key and URLs; GET lists and finds it; DELETE removes it', async (t) => {
  const harness = await startHarness(t);
  const created = await harness.inject({
    method: 'POST',
    url: '/__harness/runs',
    headers: { host: 'localhost:4010', 'content-type': 'application/json' },
    payload: { clock: 'fake', name: 'checkout tests' },
  });
  t.is(created.statusCode, 201);
  const run = JSON.parse(created.payload) as RunAnswer;
  t.regex(run.id, /^run_[a-z2-7]{10}$/);
  t.is(run.name, 'checkout tests');
  t.is(run.clock, 'fake');
  t.is(run.writeKeys.length, 1);
  t.regex(run.writeKeys[0] ?? '', /^wk_[a-z2-7]{20}$/);
  // URLs as the request reached the server (its Host), like the settings endpoint's apiHost.
  t.deepEqual(run.urls, {
    collection: 'http://localhost:4010',
    admin: `http://localhost:4010/__harness/runs/${run.id}`,
    inspector: `http://localhost:4010/__harness/runs/${run.id}/inspector`,
  });
  const other = await createRun(harness.url);
  t.not(other.id, run.id);
  t.not(other.writeKeys[0], run.writeKeys[0]);
  t.is(other.clock, 'system', 'the system clock unless asked');
  t.is(other.name, other.id, 'named by its id unless named');

  const listed = (await getJson(`${harness.url}/__harness/runs`)).body as { runs: RunAnswer[] };
  t.deepEqual(
    listed.runs.map((r) => r.id),
    ['default', run.id, other.id],
  );
  const found = await getJson(`${harness.url}/__harness/runs/${run.id}`);
  t.is(found.status, 200);
  t.like(found.body, { id: run.id, name: 'checkout tests', writeKeys: run.writeKeys });
  t.is((await getJson(`${harness.url}/__harness/runs/default`)).body.id, 'default');

  // The run's key sends its events to the run, not to the default run.
  const key = run.writeKeys[0] ?? '';
  t.is((await postJson(`${harness.url}/v1/track`, track('u1'), { authorization: basicAuth(key) })).status, 200);
  t.is((await eventsOf(harness.url, run.id)).total, 1);
  t.is((await eventsOf(harness.url, 'default')).total, 0);

  const deleted = await fetch(`${harness.url}/__harness/runs/${run.id}`, { method: 'DELETE' });
  t.is(deleted.status, 200);
  t.deepEqual(await deleted.json(), { deleted: true, id: run.id });
  const gone = await getJson(`${harness.url}/__harness/runs/${run.id}`);
  t.is(gone.status, 404);
  t.like(gone.body, { success: false, code: 'RUN_NOT_FOUND' });
  // Its key is free again: zero-config, the default run takes it.
  t.is((await postJson(`${harness.url}/v1/track`, track('u2'), { authorization: basicAuth(key) })).status, 200);
  t.is((await eventsOf(harness.url, 'default')).total, 1);
  t.deepEqual(
    ((await getJson(`${harness.url}/__harness/runs`)).body as { runs: RunAnswer[] }).runs.map((r) => r.id),
    ['default', other.id],
  );
});

test('an unknown run id is a 404 in the service shape on every runs route and under the run prefix; the default run cannot be deleted', async (t) => {
  const harness = await startHarness(t, { sampleReceiver: true });
  t.is((await getJson(`${harness.url}/__harness/sample-receiver`)).status, 200, 'the sample receiver is mounted');
  for (const [method, path] of [
    ['GET', '/__harness/runs/run_aaaaaaaaaa'],
    ['DELETE', '/__harness/runs/run_aaaaaaaaaa'],
    ['GET', '/__harness/runs/run_aaaaaaaaaa/events'],
    ['POST', '/__harness/runs/nope/reset'],
    ['GET', '/__harness/runs/%E0%A4%A/clock'],
  ] as const) {
    const response = await fetch(`${harness.url}${path}`, {
      method,
      ...(method === 'POST' ? { headers: { 'content-type': 'application/json' }, body: '{}' } : {}),
    });
    t.is(response.status, 404, `${method} ${path}`);
    const body = (await response.json()) as { success: boolean; code: string; message: string };
    t.like(body, { success: false, code: 'RUN_NOT_FOUND' }, `${method} ${path}`);
    t.regex(body.message, /no run has the id .*POST \/__harness\/runs/);
  }
  const undeletable = await fetch(`${harness.url}/__harness/runs/default`, { method: 'DELETE' });
  t.is(undeletable.status, 409);
  t.like(await undeletable.json(), { success: false, code: 'DEFAULT_RUN_UNDELETABLE' });
  // An admin route the run does not have is the admin API's own 404.
  const run = await createRun(harness.url);
  const missing = await getJson(`${harness.url}/__harness/runs/${run.id}/no-such-route`);
  t.is(missing.status, 404);
  t.like(missing.body, { success: false, code: 'NOT_FOUND' });
  // The runs, the OpenAPI document and the sample receiver are the server's: not under a run's prefix.
  for (const path of ['/runs', '/runs/default', '/openapi.json', '/sample-receiver']) {
    const serverWide = await getJson(`${harness.url}/__harness/runs/${run.id}${path}`);
    t.is(serverWide.status, 404, path);
    t.like(serverWide.body, { success: false, code: 'NOT_FOUND' }, path);
  }
});

test('bad run bodies are refused with joi messages (INVALID_REQUEST) and config-schema messages (INVALID_CONFIG)', async (t) => {
  const harness = await startHarness(t);
  const cases: [unknown, string, RegExp][] = [
    [{ clock: 'slow' }, 'INVALID_REQUEST', /\/clock must be "fake" or "system"; received "slow"/],
    [{ name: '' }, 'INVALID_REQUEST', /\/name must be text of 1 to 200 characters; received ""/],
    [{ name: 7 }, 'INVALID_REQUEST', /\/name must be text/],
    [{ colour: 'red' }, 'INVALID_REQUEST', /unknown field "colour"; expected only clock, name, config/],
    [{ config: [] }, 'INVALID_REQUEST', /\/config must be a JSON object/],
    [[1], 'INVALID_REQUEST', /must be a JSON object like \{"clock": "fake"/],
    [{ config: { sources: 'a' } }, 'INVALID_CONFIG', /the run config is not a valid harness config: .*sources/],
    [{ config: { sources: [{ name: 'no key' }] } }, 'INVALID_CONFIG', /writeKey/],
    [{ config: { tls: { ca: ['/etc/passwd'] } } }, 'INVALID_CONFIG', /"tls", which names files on the server's disk/],
  ];
  for (const [body, code, message] of cases) {
    const answer = await postJson(`${harness.url}/__harness/runs`, body);
    t.is(answer.status, 400, JSON.stringify(body));
    t.is(answer.body.code, code, JSON.stringify(body));
    t.regex(String(answer.body.message), message, JSON.stringify(body));
  }
  const notJson = await postJson(`${harness.url}/__harness/runs`, '{"clock":');
  t.is(notJson.status, 400);
  t.is(
    ((await getJson(`${harness.url}/__harness/runs`)).body as { runs: unknown[] }).runs.length,
    1,
    'no run was made',
  );
  // An empty object, and an empty JSON request, make a run with every default.
  t.is((await postJson(`${harness.url}/__harness/runs`, {})).status, 201);
  const bare = await fetch(`${harness.url}/__harness/runs`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
  });
  t.is(bare.status, 201);
});

test('a write key belongs to one run: a config naming a key another run (or the default config) owns is a 409', async (t) => {
  const harness = await startHarness(t, { config: { sources: [{ writeKey: 'wk_default_owned' }] } });
  const first = await createRun(harness.url, { config: { sources: [{ writeKey: 'wk_shared', name: 'A' }] } });
  t.deepEqual(first.writeKeys, ['wk_shared'], "a config keeps its sources' keys");
  const second = await postJson(`${harness.url}/__harness/runs`, { config: { sources: [{ writeKey: 'wk_shared' }] } });
  t.is(second.status, 409);
  t.is(second.body.code, 'WRITE_KEY_TAKEN');
  t.regex(String(second.body.message), new RegExp(`"wk_shared" already belongs to run "${first.id}"`));
  const defaults = await postJson(`${harness.url}/__harness/runs`, {
    config: { sources: [{ writeKey: 'wk_free' }, { writeKey: 'wk_default_owned' }] },
  });
  t.is(defaults.status, 409);
  t.regex(String(defaults.body.message), /"wk_default_owned" already belongs to run "default"/);
  // Nothing of a refused run stays: its other key is still free.
  t.is(
    (await postJson(`${harness.url}/__harness/runs`, { config: { sources: [{ writeKey: 'wk_free' }] } })).status,
    201,
  );
  // Deleting the owner frees the key for a new run.
  t.is((await fetch(first.urls.admin, { method: 'DELETE' })).status, 200);
  t.is(
    (await postJson(`${harness.url}/__harness/runs`, { config: { sources: [{ writeKey: 'wk_shared' }] } })).status,
    201,
  );
});

test('the bound on runs: past maxRuns a 429 names the limit; deleting a run makes room', async (t) => {
  const harness = await startHarness(t, { maxRuns: 2 });
  const a = await createRun(harness.url);
  await createRun(harness.url);
  const refused = await postJson(`${harness.url}/__harness/runs`, {});
  t.is(refused.status, 429);
  t.is(refused.body.code, 'RUN_LIMIT_REACHED');
  t.regex(String(refused.body.message), /limit of 2 runs besides the default run.*--max-runs/);
  t.is((await fetch(`${harness.url}/__harness/runs/${a.id}`, { method: 'DELETE' })).status, 200);
  t.is((await postJson(`${harness.url}/__harness/runs`, {})).status, 201);
});

test('the collection API finds the run by Basic auth, by the body writeKey, and by the settings path key', async (t) => {
  const harness = await startHarness(t);
  const a = await createRun(harness.url);
  const b = await createRun(harness.url);
  const keyA = a.writeKeys[0] ?? '';
  const keyB = b.writeKeys[0] ?? '';
  t.is((await postJson(`${harness.url}/v1/track`, track('basic'), { authorization: basicAuth(keyA) })).status, 200);
  t.is((await postJson(`${harness.url}/v1/batch`, { writeKey: keyB, batch: [track('body')] })).status, 200);
  // gzip body with the key inside: still routed by it.
  const { gzipSync } = await import('node:zlib');
  const gzipped = await fetch(`${harness.url}/v1/track`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
    body: gzipSync(JSON.stringify({ ...track('gzip'), writeKey: keyB })),
  });
  t.is(gzipped.status, 200);
  t.is(
    (await postJson(`${harness.url}/v1/track`, track('zero-config'), { authorization: basicAuth('any') })).status,
    200,
  );
  const inA = await eventsOf(harness.url, a.id);
  const inB = await eventsOf(harness.url, b.id);
  const inDefault = await eventsOf(harness.url, 'default');
  t.deepEqual(
    inA.events.map((e) => [e.status, e.event.userId]),
    [['accepted', 'basic']],
  );
  t.deepEqual(
    inB.events.map((e) => [e.status, e.event.userId]),
    [
      ['accepted', 'body'],
      ['accepted', 'gzip'],
    ],
  );
  t.deepEqual(
    inDefault.events.map((e) => [e.status, e.event.userId]),
    [['accepted', 'zero-config']],
  );
  // Each run's request log holds its own requests.
  const requestsOf = async (prefix: string) =>
    ((await getJson(`${harness.url}${prefix}/requests`)).body as { requests: unknown[] }).requests.length;
  t.is(await requestsOf(`/__harness/runs/${a.id}`), 1);
  t.is(await requestsOf(`/__harness/runs/${b.id}`), 2);
  t.is(await requestsOf('/__harness'), 1);
  // The settings endpoint answers for the run owning the key (its source exists there).
  const settings = await fetch(`${harness.url}/v1/projects/${keyA}/settings`);
  t.is(settings.status, 200);
  // analytics.js loading a run's settings is that run's request, in its log, not the default run's.
  const logged = (await getJson(`${harness.url}/__harness/runs/${a.id}/requests`)).body as {
    requests: { method: string; path: string; status: number }[];
  };
  t.like(logged.requests[0], { method: 'GET', path: `/v1/projects/${keyA}/settings`, status: 200 });
  t.is(await requestsOf(`/__harness/runs/${a.id}`), 2);
  t.is(await requestsOf('/__harness'), 1, 'the default run logged nothing more');
});

test('X-Harness-Run names the run: an unknown id is a 404, a key of another run a 409, and nothing is journaled', async (t) => {
  const harness = await startHarness(t);
  const a = await createRun(harness.url);
  const b = await createRun(harness.url);
  const keyA = a.writeKeys[0] ?? '';
  const named = await postJson(`${harness.url}/v1/track`, track('named'), {
    authorization: basicAuth(keyA),
    'x-harness-run': a.id,
  });
  t.is(named.status, 200);
  // A key no run owns, sent with the header: the named run takes the request (and, its sources configured,
  // journals the events as rejected for their unknown key, as the service does).
  const unowned = await postJson(`${harness.url}/v1/track`, track('unowned'), {
    authorization: basicAuth('wk_nobody'),
    'x-harness-run': b.id,
  });
  t.is(unowned.status, 200);
  t.deepEqual(
    (await eventsOf(harness.url, b.id)).events.map((e) => [e.status, e.writeKey]),
    [['rejected', 'wk_nobody']],
  );
  const unknown = await postJson(`${harness.url}/v1/track`, track('x'), {
    authorization: basicAuth(keyA),
    'x-harness-run': 'run_zzzzzzzzzz',
    origin: 'http://page.test',
  });
  t.is(unknown.status, 404);
  t.like(unknown.body, { success: false, code: 'RUN_NOT_FOUND' });
  t.is(
    unknown.headers.get('access-control-allow-origin'),
    'http://page.test',
    'with CORS, like every collection answer',
  );
  const mismatch = await postJson(
    `${harness.url}/v1/batch`,
    { writeKey: keyA, batch: [track('y')] },
    {
      'x-harness-run': b.id,
    },
  );
  t.is(mismatch.status, 409);
  t.is(mismatch.body.code, 'RUN_WRITE_KEY_MISMATCH');
  t.regex(
    String(mismatch.body.message),
    new RegExp(`names run "${b.id}" but the write key "${keyA}" belongs to run "${a.id}"`),
  );
  const settings = await fetch(`${harness.url}/v1/projects/${keyA}/settings`, { headers: { 'x-harness-run': b.id } });
  t.is(settings.status, 409);
  t.is((await eventsOf(harness.url, a.id)).total, 1, 'only the named request reached run a');
  t.is((await eventsOf(harness.url, b.id)).total, 1);
  t.is((await eventsOf(harness.url, 'default')).total, 0);
});

test('every admin route answers per run: clock, faults and reset of one run leave the others as they were', async (t) => {
  const harness = await startHarness(t, { clock: 'fake' });
  const a = await createRun(harness.url, { clock: 'fake' });
  const b = await createRun(harness.url, { clock: 'system' });
  const keyA = a.writeKeys[0] ?? '';
  const keyB = b.writeKeys[0] ?? '';
  const adminA = `${harness.url}/__harness/runs/${a.id}`;
  const adminB = `${harness.url}/__harness/runs/${b.id}`;
  const before = (await getJson(`${harness.url}/__harness/clock`)).body.epochMs as number;
  const advanced = await postJson(`${adminA}/clock/advance`, { ms: 60_000 });
  t.is(advanced.status, 200);
  t.is((await getJson(`${adminA}/clock`)).body.epochMs, before + 60_000);
  t.is((await getJson(`${harness.url}/__harness/clock`)).body.epochMs, before, "the default run's fake clock stayed");
  t.is((await getJson(`${adminB}/clock`)).body.mode, 'system');
  // The same joi validation and answers under the prefix.
  const bad = await postJson(`${adminA}/clock/advance`, { ms: 1, budgetMs: 'soon' });
  t.is(bad.status, 400);
  t.is(bad.body.code, 'INVALID_REQUEST');
  t.is(bad.body.message, '/budgetMs must be a whole number of real milliseconds from 1 to 600000; received "soon"');
  t.is((await postJson(`${adminB}/clock/advance`, { ms: 1 })).body.code, 'CLOCK_NOT_FAKE');

  t.is((await postJson(`${adminB}/faults`, { count: 1, status: 503 })).status, 200);
  t.is(((await getJson(`${adminA}/faults`)).body.faults as unknown[]).length, 0);
  t.is(((await getJson(`${harness.url}/__harness/faults`)).body.faults as unknown[]).length, 0);
  t.is((await postJson(`${harness.url}/v1/track`, track('a1'), { authorization: basicAuth(keyA) })).status, 200);
  t.is((await postJson(`${harness.url}/v1/track`, track('b1'), { authorization: basicAuth(keyB) })).status, 503);
  t.is((await postJson(`${harness.url}/v1/track`, track('b2'), { authorization: basicAuth(keyB) })).status, 200);
  t.is((await postJson(`${harness.url}/v1/track`, track('d1'), { authorization: basicAuth('zero') })).status, 200);

  // Reset of run b: only b's journal empties. Reset of the default run: only the default's.
  t.is((await postJson(`${adminB}/reset`, {})).status, 200);
  t.is((await eventsOf(harness.url, b.id)).total, 0);
  t.is((await eventsOf(harness.url, a.id)).total, 1);
  t.is((await eventsOf(harness.url, 'default')).total, 1);
  t.is((await postJson(`${harness.url}/__harness/reset`, {})).status, 200);
  t.is((await eventsOf(harness.url, 'default')).total, 0);
  t.is((await eventsOf(harness.url, a.id)).total, 1);
  // The default run answers under its prefix too.
  t.is((await getJson(`${harness.url}/__harness/runs/default/clock`)).body.epochMs, before);
  // The admin guard holds under the prefix: a cross-origin write is refused.
  const crossOrigin = await postJson(`${adminA}/reset`, {}, { origin: 'http://evil.test' });
  t.is(crossOrigin.status, 403);
  t.is((await eventsOf(harness.url, a.id)).total, 1);
});

test("a run's source delivers to its own receiver; another run's and the default run's events never reach it", async (t) => {
  const receiverA = await startReceiver(t);
  const receiverB = await startReceiver(t);
  const harness = await startHarness(t);
  const source = (writeKey: string, url: string) => ({
    writeKey,
    destinations: { Webhooks: { sharedSecret: `secret-${writeKey}`, webhooks: [{ url }] } },
  });
  const a = await createRun(harness.url, { config: { sources: [source('wk_run_a', receiverA.url)] } });
  const b = await createRun(harness.url, { config: { sources: [source('wk_run_b', receiverB.url)] } });
  for (const [key, user] of [
    ['wk_run_a', 'ua1'],
    ['wk_run_b', 'ub1'],
    ['wk_run_a', 'ua2'],
    ['zero', 'ud1'],
  ] as const)
    t.is((await postJson(`${harness.url}/v1/track`, track(user), { authorization: basicAuth(key) })).status, 200);
  const deadline = Date.now() + 20_000;
  while (receiverA.requests.length < 2 || receiverB.requests.length < 1) {
    if (Date.now() > deadline)
      return t.fail(
        `deliveries did not arrive in 20 s: a got ${receiverA.requests.length}, b ${receiverB.requests.length}`,
      );
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const users = (requests: typeof receiverA.requests) =>
    requests.map((request) => (JSON.parse(request.body) as { userId: string }).userId).sort();
  t.deepEqual(users(receiverA.requests), ['ua1', 'ua2']);
  t.deepEqual(users(receiverB.requests), ['ub1']);
  const deliveriesOf = async (id: string) =>
    ((await getJson(`${harness.url}/__harness/runs/${id}/deliveries`)).body as { deliveries: { state: string }[] })
      .deliveries;
  t.deepEqual(
    (await deliveriesOf(a.id)).map((d) => d.state),
    ['delivered', 'delivered'],
  );
  t.deepEqual(
    (await deliveriesOf(b.id)).map((d) => d.state),
    ['delivered'],
  );
  t.deepEqual(await deliveriesOf('default'), [], 'the default run has no destination for a zero-config key here');
});

test("advancing one run's fake clock fires only that run's retries", async (t) => {
  // Each receiver fails every message's first attempt (503), then takes it.
  const failOnce = () => {
    const seen = new Set<string>();
    return (request: { body: string }) => {
      const { messageId } = JSON.parse(request.body) as { messageId: string };
      if (seen.has(messageId)) return { status: 200 };
      seen.add(messageId);
      return { status: 503 };
    };
  };
  const receiverA = await startReceiver(t, failOnce());
  const receiverB = await startReceiver(t, failOnce());
  const harness = await startHarness(t, { clock: 'fake' });
  const source = (writeKey: string, url: string) => ({
    writeKey,
    destinations: { Webhooks: { webhooks: [{ url }] } },
  });
  const a = await createRun(harness.url, { clock: 'fake', config: { sources: [source('wk_retry_a', receiverA.url)] } });
  const b = await createRun(harness.url, { clock: 'fake', config: { sources: [source('wk_retry_b', receiverB.url)] } });
  t.is(
    (await postJson(`${harness.url}/v1/track`, track('ua'), { authorization: basicAuth('wk_retry_a') })).status,
    200,
  );
  t.is(
    (await postJson(`${harness.url}/v1/track`, track('ub'), { authorization: basicAuth('wk_retry_b') })).status,
    200,
  );
  const stateOf = async (id: string) =>
    ((await getJson(`${harness.url}/__harness/runs/${id}/deliveries`)).body as { deliveries: { state: string }[] })
      .deliveries[0]?.state;
  const deadline = Date.now() + 20_000;
  while (receiverA.requests.length < 1 || receiverB.requests.length < 1) {
    if (Date.now() > deadline) return t.fail('the first attempts did not arrive within 20 s');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  t.is(await stateOf(a.id), 'pending');
  t.is(await stateOf(b.id), 'pending');
  // A day of run a's time, settled: its retry runs; run b's clock, and its retry, stay put.
  const advanced = await postJson(`${a.urls.admin}/clock/advance`, { ms: 86_400_000 });
  t.is(advanced.status, 200);
  t.is(await stateOf(a.id), 'delivered');
  t.is(receiverA.requests.length, 2);
  t.is(await stateOf(b.id), 'pending');
  t.is(receiverB.requests.length, 1, "run b's retry did not fire");
  t.is((await postJson(`${b.urls.admin}/clock/next-retry`, {})).body.fired, true);
  t.is(await stateOf(b.id), 'delivered');
  t.is(receiverB.requests.length, 2);
});
