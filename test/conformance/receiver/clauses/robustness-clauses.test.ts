// 4.1.concurrent's advice follows what the refused delivery shows: a connection never accepted points at the
// listen backlog (Python's http.server queues 5), silence at serialising or the backlog, a 429 at the burst it must allow,
// another refusal at serialising.
import test from 'ava';
import { concurrentRefusalAdvice } from '../../../../conformance/receiver/clauses/robustness-clauses.js';

test('a connection the receiver never accepted: the advice names the listen backlog and the concurrency', (t) => {
  const advice = concurrentRefusalAdvice({ kind: 'no-answer', waitedMs: 15_000, connected: false }, 100);
  t.regex(advice, /listen backlog is likely shorter than 100 connections/);
  t.regex(advice, /request_queue_size/);
  t.notRegex(advice, /single lock/);
});

test('silence on an open connection: serialising, or a full accept queue whose handshake only looked complete', (t) => {
  const advice = concurrentRefusalAdvice({ kind: 'no-answer', waitedMs: 15_000, connected: true }, 100);
  t.regex(advice, /do not serialise on a single lock/);
  t.regex(advice, /listen backlog shorter than 100 connections.*request_queue_size/);
});

test('a 503 or a reset: the advice is about serialising the work, not the backlog', (t) => {
  for (const outcome of [
    { kind: 'answer', status: 503, statusText: 'Service Unavailable', snippet: 'busy', elapsedMs: 3 },
    { kind: 'error', code: 'ECONNRESET' },
  ] as const) {
    const advice = concurrentRefusalAdvice(outcome, 100);
    t.regex(advice, /do not serialise on a single lock/, outcome.kind);
    t.notRegex(advice, /backlog/, outcome.kind);
  }
});

test('a 429: rate limiting is not lost work, but the limit must allow the burst', (t) => {
  const advice = concurrentRefusalAdvice(
    { kind: 'answer', status: 429, statusText: 'Too Many Requests', snippet: 'slow down', elapsedMs: 1 },
    100,
  );
  t.regex(advice, /retries a 429 with backoff, so the event is not lost/);
  t.regex(advice, /allow bursts of 100 deliveries/);
  t.notRegex(advice, /single lock/);
});
