import test from 'ava';
import { clientRetryAfterMs, MAX_RETRY_AFTER_MS } from '../../../src/actors/client/retry-policy.js';

// The shared rules (retry classes, backoff, Retry-After) are tested in test/contract/retry-rules.test.ts.
test('the client reads Retry-After as the shared rule does, capped at 60 s; unreadable means backoff', (t) => {
  const now = Date.UTC(2024, 0, 1);
  t.is(clientRetryAfterMs('7', now), 7_000);
  t.is(clientRetryAfterMs(new Date(now + 3_000).toUTCString(), now), 3_000);
  t.is(clientRetryAfterMs(new Date(now - 3_000).toUTCString(), now), 0);
  t.is(MAX_RETRY_AFTER_MS, 60_000);
  t.is(clientRetryAfterMs('86400', now), 60_000);
  t.is(clientRetryAfterMs('soon', now), undefined);
  t.is(clientRetryAfterMs(undefined, now), undefined);
});
