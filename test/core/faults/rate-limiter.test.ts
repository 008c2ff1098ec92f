import test from 'ava';
import { createFakeClock } from '../../../src/clock/index.js';
import { RateLimiter } from '../../../src/core/faults/rate-limiter.js';
import { parseConfig } from '../../../src/core/config/load-config.js';
import { basicAuth, startHarness } from '../../helpers/harness.js';

test('at most N requests per second of the harness clock; the wait is the whole seconds to the next window', async (t) => {
  const clock = createFakeClock({ now: Date.UTC(2024, 0, 1, 0, 0, 0, 250) });
  const limiter = new RateLimiter(clock, 2);
  t.deepEqual([limiter.take(), limiter.take(), limiter.take()], [undefined, undefined, 1]);
  await clock.advance(749);
  t.is(limiter.take(), 1, 'still the same second');
  await clock.advance(1);
  t.is(limiter.take(), undefined, 'a new second, a new count');
  t.throws(() => new RateLimiter(clock, 0), { instanceOf: RangeError, message: /received 0/ });
});

test('the rateLimit setting answers 429 with Retry-After and X-RateLimit-Reset over HTTP; nothing of a limited request is journaled', async (t) => {
  const harness = await startHarness(t, { clock: 'fake', config: { rateLimit: { requestsPerSecond: 2 } } });
  const send = (event: string) =>
    fetch(`${harness.url}/v1/track`, {
      method: 'POST',
      headers: { authorization: basicAuth('wk'), 'content-type': 'application/json', origin: 'http://page.test' },
      body: JSON.stringify({ userId: 'u', event }),
    });
  t.deepEqual([(await send('a')).status, (await send('b')).status], [200, 200]);
  const limited = await send('c');
  t.deepEqual(
    [
      limited.status,
      limited.headers.get('retry-after'),
      limited.headers.get('x-ratelimit-reset'),
      limited.headers.get('access-control-allow-origin'),
    ],
    [429, '1', '1', 'http://page.test'],
  );
  t.like(await limited.json(), { success: false, code: 'RATE_LIMITED' });
  await fetch(`${harness.url}/__harness/clock/advance`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ms: 1_000 }),
  });
  t.is((await send('d')).status, 200);
  t.deepEqual(
    harness.journal.query().events.map((e) => e.event.event),
    ['a', 'b', 'd'],
  );
  t.throws(() => parseConfig({ rateLimit: { requestsPerSecond: 0 } }), { message: /rateLimit\/requestsPerSecond/ });
});
