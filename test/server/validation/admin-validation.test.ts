// joi at the Hapi edge: every admin query, path and body is checked by the route's joi schema, and a refusal
// is the API's 400 naming the place, what it takes and what was received.
import test from 'ava';
import { startHarness } from '../../helpers/harness.js';

type Inject = { method: string; url: string; payload?: unknown };

async function harnessFor(t: Parameters<typeof startHarness>[0]) {
  const harness = await startHarness(t, { listen: false, clock: 'fake' });
  return async ({ method, url, payload }: Inject) => {
    const response = await harness.inject({
      method,
      url,
      headers: { 'content-type': 'application/json' },
      ...(payload !== undefined ? { payload: typeof payload === 'string' ? payload : JSON.stringify(payload) } : {}),
    });
    return {
      status: response.statusCode,
      body: JSON.parse(response.payload) as { success?: boolean; code?: string; message?: string },
    };
  };
}

test('fault bodies: each field says what it takes and what it received', async (t) => {
  const send = await harnessFor(t);
  const cases: [unknown, RegExp][] = [
    [{ count: 0, status: 500 }, /^\/count must be a positive integer; received 0$/],
    [{ count: '3', status: 500 }, /^\/count must be a positive integer; received "3"$/],
    [{ status: 99 }, /^\/status must be an HTTP status 300-599; received 99$/],
    [
      { status: 204 },
      /^\/status 204 is a success: a faulted request is answered without being handled, so its events would be lost/,
    ],
    [{ delayMs: 86_400_001 }, /^\/delayMs must be milliseconds from 0 to 86400000 \(one day\); received 86400001$/],
    [{ retryAfter: -1 }, /^\/retryAfter must be seconds from 0 to 86400 \(one day\); received -1$/],
    [{ share: 2, status: 500 }, /^\/share must be a number in \(0, 1\]; received 2$/],
    [{ reset: 'yes' }, /^\/reset must be true or false; received "yes"$/],
    [{ routes: 'batch', status: 500 }, /^\/routes must be a list of route names like \["batch"\]; received "batch"$/],
    [{ reset: false }, /^a fault needs at least one of status, retryAfter, delayMs or reset: true$/],
    [[1, 2], /^the body must be a JSON object like \{"count": 3, "status": 503\}; received \[1,2\]$/],
    [
      { status: 503, colour: 'red' },
      /^unknown field "colour"; expected only count, share, status, retryAfter, delayMs, reset, routes$/,
    ],
  ];
  for (const [payload, message] of cases) {
    const { status, body } = await send({ method: 'POST', url: '/__harness/faults', payload });
    t.is(status, 400, JSON.stringify(payload));
    t.like(body, { success: false, code: 'INVALID_REQUEST' });
    t.regex(body.message ?? '', message, JSON.stringify(payload));
  }
  t.is(
    (await send({ method: 'POST', url: '/__harness/faults', payload: { count: 2, status: 503, routes: ['batch'] } }))
      .status,
    200,
  );
  t.is((await send({ method: 'POST', url: '/__harness/faults', payload: { reset: true } })).status, 200);
});

test('queries: a bad value, a repeated parameter and an unknown one are each named', async (t) => {
  const send = await harnessFor(t);
  const cases: [string, RegExp][] = [
    [
      '/__harness/events?status=lost',
      /^query status must be one of accepted, rejected, duplicate, filtered; received "lost"$/,
    ],
    ['/__harness/events?limit=many', /^query limit must be a whole number >= 0; received "many"$/],
    ['/__harness/events?offset=-1', /^query offset must be a whole number >= 0; received "-1"$/],
    ['/__harness/events?order=random', /^query order must be one of oldest, newest; received "random"$/],
    ['/__harness/events?q=a&q=b', /^query q must be given once; received \["a","b"\]$/],
    [
      '/__harness/events?usrId=u&colour=red',
      /^unknown query parameters "usrId", "colour"; expected only status, type, userId, anonymousId, writeKey, messageId, event, name, limit, offset, order, q$/,
    ],
    [
      '/__harness/deliveries?state=lost',
      /^query state must be one of pending, delivered, failed, expired; received "lost"$/,
    ],
    ['/__harness/deliveries?limit=-1', /^query limit must be a whole number >= 0; received "-1"$/],
    ['/__harness/deliveries?type=a&type=b', /^query type must be given once/],
    [
      '/__harness/deliveries?sate=pending',
      /^unknown query parameter "sate"; expected only state, writeKey, type, messageId, q, limit, offset$/,
    ],
    ['/__harness/requests?limit=1.5', /^query limit must be a whole number >= 0; received "1.5"$/],
  ];
  for (const [url, message] of cases) {
    const { status, body } = await send({ method: 'GET', url });
    t.is(status, 400, url);
    t.like(body, { success: false, code: 'INVALID_REQUEST' }, url);
    t.regex(body.message ?? '', message, url);
  }
  // Empty values filter nothing, and numbers arrive converted.
  t.is((await send({ method: 'GET', url: '/__harness/events?status=&q=&limit=5&offset=0' })).status, 200);
  t.is((await send({ method: 'GET', url: '/__harness/deliveries?state=&limit=2' })).status, 200);
});

test('clock bodies: budgetMs is INVALID_REQUEST, settle is accepted and ignored; ms keeps its CLOCK_OUT_OF_RANGE, the range past year 9999 checked by the core', async (t) => {
  const send = await harnessFor(t);
  // settle once chose between two behaviours; there is one now, and scripts that still send it keep working.
  for (const settle of [true, false, 'yes'])
    t.is((await send({ method: 'POST', url: '/__harness/clock/advance', payload: { ms: 1, settle } })).status, 200);
  const missing = await send({ method: 'POST', url: '/__harness/clock/advance', payload: {} });
  t.deepEqual(
    [missing.status, missing.body.code, missing.body.message],
    [400, 'CLOCK_OUT_OF_RANGE', '/ms must be a finite number of milliseconds >= 0; received nothing'],
  );
  const negative = await send({ method: 'POST', url: '/__harness/clock/advance', payload: { ms: -5 } });
  t.deepEqual([negative.status, negative.body.code], [400, 'CLOCK_OUT_OF_RANGE']);
  const text = await send({ method: 'POST', url: '/__harness/clock/advance', payload: { ms: '5' } });
  t.is(text.body.message, '/ms must be a finite number of milliseconds >= 0; received "5"');
  const far = await send({ method: 'POST', url: '/__harness/clock/advance', payload: '{"ms": 1e308}' });
  t.is(far.body.code, 'CLOCK_OUT_OF_RANGE');
  t.regex(far.body.message ?? '', /would move the clock past 9999-12-31T23:59:59\.999Z/);
  const budget = await send({ method: 'POST', url: '/__harness/clock/run-until-idle', payload: { budgetMs: 0 } });
  t.deepEqual(
    [budget.status, budget.body.message],
    [400, '/budgetMs must be a whole number of real milliseconds from 1 to 600000; received 0'],
  );
  t.is(
    (await send({ method: 'POST', url: '/__harness/clock/run-until-idle', payload: 'null' })).status,
    200,
    'a null body is no options',
  );
  t.is(
    (
      await send({
        method: 'POST',
        url: '/__harness/clock/advance',
        payload: { ms: 1000, settle: true, budgetMs: 5_000 },
      })
    ).status,
    200,
  );
});

test('bodies of the wire contract are left to its schemas (Ajv), with their own messages', async (t) => {
  const send = await harnessFor(t);
  const deletion = await send({ method: 'POST', url: '/__harness/deletions', payload: { userIds: 'jane' } });
  t.is(deletion.status, 400);
  t.regex(deletion.body.message ?? '', /\/userIds must be of type array/);
  const audience = await send({ method: 'PUT', url: '/__harness/audiences/vip', payload: {} });
  t.regex(audience.body.message ?? '', /exactly one of members .* or rule .*; received neither/);
});
