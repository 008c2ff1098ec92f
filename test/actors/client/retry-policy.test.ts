import test from 'ava';
import fc from 'fast-check';
import { backoffDelay, isRetryableStatus, retryAfterMs } from '../../../src/actors/client/retry-policy.js';

test('5xx, 408 and 429 are retried; 400 and the other 4xx and 3xx are not', (t) => {
  t.deepEqual([500, 502, 503, 599, 408, 429].map(isRetryableStatus), [true, true, true, true, true, true]);
  t.deepEqual([400, 401, 403, 404, 413, 301, 302].map(isRetryableStatus), [false, false, false, false, false, false, false]);
});

test('Retry-After is read as seconds or an HTTP date, capped at 60 s; unreadable means backoff', (t) => {
  const now = Date.UTC(2024, 0, 1);
  t.is(retryAfterMs('7', now), 7_000);
  t.is(retryAfterMs(' 1.5 ', now), 1_500);
  t.is(retryAfterMs(new Date(now + 3_000).toUTCString(), now), 3_000);
  t.is(retryAfterMs(new Date(now - 3_000).toUTCString(), now), 0);
  t.is(retryAfterMs('86400', now), 60_000);
  t.is(retryAfterMs('soon', now), undefined);
  t.is(retryAfterMs(undefined, now), undefined);
});

test('backoff doubles from minMs up to maxMs, and jitter keeps each delay within [half, whole]', (t) => {
  const settings = { minMs: 100, maxMs: 10_000 };
  t.is(backoffDelay(1, settings, () => 1), 100);
  t.is(backoffDelay(4, settings, () => 1), 800);
  t.is(backoffDelay(20, settings, () => 1), 10_000);
  t.notThrows(() =>
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 40 }), fc.double({ min: 0, max: 1, noNaN: true }), (retry, r) => {
        const whole = Math.min(settings.maxMs, settings.minMs * 2 ** (retry - 1));
        const delay = backoffDelay(retry, settings, () => r);
        return delay >= Math.floor(whole / 2) && delay <= whole;
      }),
      { numRuns: 200 },
    ),
  );
});
