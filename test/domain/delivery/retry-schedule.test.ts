import { testProp } from '@fast-check/ava';
import test from 'ava';
import fc from 'fast-check';
import { backoffMs, DEFAULT_RETRY_POLICY, nextAttemptAt, parseRetryAfter } from '../../../src/domain/delivery/index.js';
import { seededRandom } from '../../../src/core/faults/seeded-random.js';

testProp('backoff is within [50%, 100%] of base * 2^(n-1), capped at maxMs', [fc.integer({ min: 1, max: 60 }), fc.double({ min: 0, max: 0.999999, noNaN: true })], (t, retry, r) => {
  const ceiling = Math.min(DEFAULT_RETRY_POLICY.maxMs, DEFAULT_RETRY_POLICY.baseMs * 2 ** (retry - 1));
  const delay = backoffMs(retry, DEFAULT_RETRY_POLICY, () => r);
  t.true(delay >= Math.floor(ceiling / 2) && delay <= ceiling);
}, { numRuns: 100 });

testProp('the next attempt is never past the end of the 4-hour window; none once it is spent', [fc.integer({ min: 0, max: 5 * 3_600_000 }), fc.integer({ min: 0, max: 3_600_000 })], (t, elapsed, delay) => {
  const due = nextAttemptAt(elapsed, 0, delay, DEFAULT_RETRY_POLICY);
  if (elapsed >= DEFAULT_RETRY_POLICY.windowMs) t.is(due, undefined);
  else t.is(due, Math.min(elapsed + delay, DEFAULT_RETRY_POLICY.windowMs));
}, { numRuns: 100 });

test('the same seed gives the same backoff sequence', (t) => {
  const run = (seed: number) => Array.from({ length: 10 }, (_, i) => backoffMs(i + 1, DEFAULT_RETRY_POLICY, seededRandom(seed)));
  t.deepEqual(run(3), run(3));
});

test('Retry-After: seconds, fractional seconds, HTTP date, and unreadable or absent', (t) => {
  const now = Date.UTC(2024, 0, 1);
  t.is(parseRetryAfter('7', now), 7_000);
  t.is(parseRetryAfter(' 1.5 ', now), 1_500);
  t.is(parseRetryAfter(new Date(now + 30_000).toUTCString(), now), 30_000);
  t.is(parseRetryAfter(new Date(now - 30_000).toUTCString(), now), 0);
  t.is(parseRetryAfter('soon', now), undefined);
  t.is(parseRetryAfter('', now), undefined);
  t.is(parseRetryAfter(undefined, now), undefined);
});
