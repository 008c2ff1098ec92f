import { testProp } from '@fast-check/ava';
import test from 'ava';
import fc from 'fast-check';
import { backoffMs } from '../../src/contract/backoff.js';
import { parseRetryAfter } from '../../src/contract/retry-after.js';
import { isRetryableStatus } from '../../src/contract/retry-classes.js';
import { seededRandom } from '../../src/clock/seeded-random.js';

test('5xx, 408 and 429 are retried; 400 and the other 4xx and 3xx are not', (t) => {
  t.deepEqual([500, 502, 503, 599, 408, 429].map(isRetryableStatus), [true, true, true, true, true, true]);
  t.deepEqual([400, 401, 403, 404, 413, 301, 302, 200].map(isRetryableStatus), [
    false,
    false,
    false,
    false,
    false,
    false,
    false,
    false,
  ]);
});

test('backoff doubles from baseMs up to maxMs', (t) => {
  const range = { baseMs: 100, maxMs: 10_000 };
  t.is(
    backoffMs(1, range, () => 1),
    100,
  );
  t.is(
    backoffMs(4, range, () => 1),
    800,
  );
  t.is(
    backoffMs(20, range, () => 1),
    10_000,
  );
  t.is(
    backoffMs(4, range, () => 0),
    400,
  );
});

testProp(
  'jitter keeps each delay within [half, whole] of base * 2^(n-1), capped, even for a random outside [0, 1]',
  [fc.integer({ min: 1, max: 60 }), fc.double({ min: -1, max: 2, noNaN: true })],
  (t, retry, r) => {
    const range = { baseMs: 1_000, maxMs: 30 * 60_000 };
    const whole = Math.min(range.maxMs, range.baseMs * 2 ** (retry - 1));
    const delay = backoffMs(retry, range, () => r);
    t.true(delay >= Math.floor(whole / 2) && delay <= whole, `${delay} for retry ${retry}`);
  },
  { numRuns: 200 },
);

test('the same seed gives the same backoff sequence, another seed another one', (t) => {
  const run = (seed: number) => {
    const random = seededRandom(seed);
    return Array.from({ length: 10 }, (_, i) => backoffMs(i + 1, { baseMs: 1_000, maxMs: 1_800_000 }, random));
  };
  t.deepEqual(run(3), run(3));
  t.notDeepEqual(run(3), run(4));
});

test('Retry-After: seconds, fractional seconds, an HTTP date (a past one is 0), and unreadable or absent', (t) => {
  const now = Date.UTC(2024, 0, 1);
  t.is(parseRetryAfter('7', now), 7_000);
  t.is(parseRetryAfter(' 1.5 ', now), 1_500);
  t.is(parseRetryAfter('86400', now), 86_400_000);
  t.is(parseRetryAfter(new Date(now + 30_000).toUTCString(), now), 30_000);
  t.is(parseRetryAfter(new Date(now - 30_000).toUTCString(), now), 0);
  t.is(parseRetryAfter('soon', now), undefined);
  t.is(parseRetryAfter('', now), undefined);
  t.is(parseRetryAfter('  ', now), undefined);
  t.is(parseRetryAfter(undefined, now), undefined);
});
