import { testProp } from '@fast-check/ava';
import test from 'ava';
import fc from 'fast-check';
import { classifyOutcome, isRetryable, SELF_SIGNED_CODES } from '../../../src/domain/delivery/index.js';

testProp(
  'any status: 2xx success; 5xx, 408, 429 retryable; every other status permanent',
  [fc.integer({ min: 100, max: 599 })],
  (t, status) => {
    const expected =
      status >= 200 && status < 300
        ? 'success'
        : status >= 500 || status === 408 || status === 429
          ? 'retryable'
          : 'permanent';
    t.is(classifyOutcome({ kind: 'response', status }), expected);
  },
  { numRuns: 200 },
);

test('3xx is permanent (redirects are not followed); connection errors and timeouts retry; self-signed TLS does not', (t) => {
  for (const status of [301, 302, 307, 308]) t.is(classifyOutcome({ kind: 'response', status }), 'permanent');
  for (const code of ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'UNABLE_TO_VERIFY_LEAF_SIGNATURE'])
    t.true(isRetryable({ kind: 'error', code }));
  for (const code of SELF_SIGNED_CODES) t.is(classifyOutcome({ kind: 'error', code }), 'permanent');
  t.deepEqual([...SELF_SIGNED_CODES].sort(), ['DEPTH_ZERO_SELF_SIGNED_CERT', 'SELF_SIGNED_CERT_IN_CHAIN']);
});
