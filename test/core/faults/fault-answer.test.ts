import test from 'ava';
import { faultAnswer } from '../../../src/core/faults/fault-answer.js';
import { basicAuth, startHarness } from '../../helpers/harness.js';

test('a 429 with retryAfter carries Retry-After and X-RateLimit-Reset, both in seconds', (t) => {
  const answer = faultAnswer({ status: 429, retryAfter: 12 });
  t.is(answer.status, 429);
  t.deepEqual(answer.headers, { 'retry-after': '12', 'x-ratelimit-reset': '12' });
  t.regex(answer.body.message, /rate limited.*retry after 12 s/);
  t.deepEqual(faultAnswer({ status: 503 }).headers, {}, 'no rate-limit headers without retryAfter');
});

test('over HTTP: POST /__harness/faults {"retryAfter"} answers 429 with both headers, then the API answers again', async (t) => {
  const harness = await startHarness(t);
  const added = await fetch(`${harness.url}/__harness/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ count: 1, retryAfter: 3 }),
  });
  t.true(added.ok);
  const send = () =>
    fetch(`${harness.url}/v1/track`, {
      method: 'POST',
      headers: { authorization: basicAuth('wk'), 'content-type': 'application/json' },
      body: JSON.stringify({ userId: 'u', event: 'E' }),
    });
  const limited = await send();
  t.deepEqual(
    [limited.status, limited.headers.get('retry-after'), limited.headers.get('x-ratelimit-reset')],
    [429, '3', '3'],
  );
  t.is(((await limited.json()) as { code: string }).code, 'INJECTED_FAULT');
  t.is((await send()).status, 200);
});
