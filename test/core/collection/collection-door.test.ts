import test from 'ava';
import type { Server as HapiServer } from '@hapi/hapi';
import { CollectionDoor, type CollectionAnswer } from '../../../src/core/collection/collection-door.js';
import type { ServedCollectionRequest } from '../../../src/core/collection/request-log.js';
import { RunRegistry } from '../../../src/core/runs/run-registry.js';
import { createServiceCore } from '../../../src/core/service-core.js';
import { basicAuth, startHarness } from '../../helpers/harness.js';

function door(options: { hosts?: readonly string[] } = {}) {
  const core = createServiceCore({ clock: 'fake' });
  const runs = new RunRegistry({
    defaultCore: core,
    createCore: (_id, run) => createServiceCore({ clock: run.clock, config: run.config }),
  });
  const hosts = options.hosts;
  const entrance = new CollectionDoor(runs, {
    ...(hosts !== undefined
      ? { hosts: { allows: (host) => host === undefined || hosts.includes(host), names: hosts } }
      : {}),
    apiOrigin: () => ({ host: 'mock.test', protocol: 'http' }),
  });
  return { core, runs, door: entrance };
}

const post = (path: string, body: string, headers: Record<string, string> = {}) => ({
  method: 'POST',
  path,
  headers: { 'content-type': 'application/json', authorization: basicAuth('wk'), ...headers },
  body,
});
const track = JSON.stringify({ userId: 'u', event: 'E' });

function reply(answer: CollectionAnswer) {
  if (answer.kind !== 'reply') throw new Error('a reply was expected, not a dropped connection');
  return answer;
}

test('a stopping server refuses events 503 SERVER_STOPPING with Retry-After and CORS, and still answers reads', async (t) => {
  const { core, door: entrance } = door();
  entrance.refuseNewEvents();
  const refused = reply(await entrance.answer(post('/v1/track', track, { origin: 'https://shop.example' })));
  t.is(refused.status, 503);
  t.like(refused.body, { success: false, code: 'SERVER_STOPPING' });
  t.is(refused.headers['retry-after'], '2');
  t.is(refused.headers['access-control-allow-origin'], 'https://shop.example');
  t.is(core.journal.counts().all, 0, 'nothing taken');
  const settings = reply(
    await entrance.answer({ method: 'GET', path: '/v1/projects/wk/settings', headers: {}, body: '' }),
  );
  t.is(settings.status, 200);
  const preflight = reply(await entrance.answer({ method: 'OPTIONS', path: '/v1/batch', headers: {}, body: '' }));
  t.is(preflight.status, 200);
});

test('the Host rule: a request naming another host is refused 403 with CORS, logged, and nothing is journaled', async (t) => {
  const { core, door: entrance } = door({ hosts: ['127.0.0.1:1'] });
  const refused = reply(
    await entrance.answer(post('/v1/track', track, { host: 'rebind.example', origin: 'http://rebind.example' })),
  );
  t.is(refused.status, 403);
  t.like(refused.body, { code: 'HOST_NOT_ALLOWED' });
  t.is(refused.headers['access-control-allow-origin'], 'http://rebind.example');
  t.is(core.journal.counts().all, 0);
  t.like(core.requests.newest(1)[0], { status: 403, code: 'HOST_NOT_ALLOWED' });
  t.is(reply(await entrance.answer(post('/v1/track', track, { host: '127.0.0.1:1' }))).status, 200);
});

test('a subscriber of the request log that fails after the pipeline took a request: a 500 naming it, the events journaled once', async (t) => {
  const { core, door: entrance } = door();
  core.requests.subscribe(() => {
    throw new Error('a subscriber broke');
  });
  const answer = reply(await entrance.answer(post('/v1/track', track)));
  t.is(answer.status, 500);
  t.like(answer.body, { code: 'INTERNAL_ERROR', message: 'the collection API could not answer: a subscriber broke' });
  t.is(core.journal.counts().accepted, 1);
});

test('a body longer than the adapter reads is 400 REQUEST_TOO_LARGE naming its size, before anything else is read', async (t) => {
  const { core, door: entrance } = door();
  const answer = reply(await entrance.answer({ ...post('/v1/batch', ''), oversized: 9_000_000 }));
  t.is(answer.status, 400);
  t.like(answer.body, { code: 'REQUEST_TOO_LARGE' });
  t.regex(JSON.stringify(answer.body), /is 9000000 bytes or more/);
  t.is(core.journal.counts().all, 0);
});

test("the request log's answer time is when the door decided it, not when the adapter finished writing it", async (t) => {
  const harness = await startHarness(t);
  // A machine too busy to write at once: 300 ms pass between the door's answer and Hapi writing it.
  const STALL_MS = 300;
  (harness.server as unknown as HapiServer).ext('onPreResponse', (_request, h) => {
    const until = Date.now() + STALL_MS;
    while (Date.now() < until) {
      // busy: the process cannot write the answer meanwhile
    }
    return h.continue;
  });
  const served = new Promise<ServedCollectionRequest>((resolve) => {
    const unsubscribe = harness.core.requests.subscribe((_record, request) => {
      unsubscribe();
      resolve(request);
    });
  });
  const response = await harness.inject({
    method: 'POST',
    url: '/v1/track',
    headers: { authorization: basicAuth('k'), 'content-type': 'application/json' },
    payload: '{"type": "track",',
  });
  t.is(response.statusCode, 400);
  const request = await served;
  t.is(request.status, 400);
  t.true(
    request.respondedAt - request.receivedAt < STALL_MS,
    `respondedAt is ${request.respondedAt - request.receivedAt} ms after receivedAt; the answer was decided before the ${STALL_MS} ms stall`,
  );
});
