import { testProp } from '@fast-check/ava';
import test from 'ava';
import fc from 'fast-check';
import { DEFAULT_RETRY_POLICY, nextAttemptAt } from '../../../src/domain/delivery/index.js';

testProp(
  'the next attempt is never past the end of the 4-hour window; none once it is spent',
  [fc.integer({ min: 0, max: 5 * 3_600_000 }), fc.integer({ min: 0, max: 3_600_000 })],
  (t, elapsed, delay) => {
    const due = nextAttemptAt(elapsed, 0, delay, DEFAULT_RETRY_POLICY);
    if (elapsed >= DEFAULT_RETRY_POLICY.windowMs) t.is(due, undefined);
    else t.is(due, Math.min(elapsed + delay, DEFAULT_RETRY_POLICY.windowMs));
  },
  { numRuns: 100 },
);

test('the delivery window is the 4 hours of rule 7', (t) => {
  t.is(DEFAULT_RETRY_POLICY.windowMs, 4 * 60 * 60_000);
});
