// The suite inside a real ava run, registered the way an integrator would: one ava test per clause.
import test from 'ava';
import { receiverSuite } from '../../../conformance/index.js';
import { TEST_TIMEOUT_MS } from '../helpers/broken-receivers.js';
import { SECRET, STATIC_HEADERS, startStandaloneReceiver } from '../helpers/reference-receiver.js';

const receiver = await startStandaloneReceiver({ secret: SECRET, headers: STATIC_HEADERS });
test.after.always(() => receiver.close());

receiverSuite({
  test,
  target: { url: receiver.url, secret: SECRET, headers: STATIC_HEADERS },
  runs: 5,
  seed: 8,
  timeoutMs: TEST_TIMEOUT_MS,
  concurrency: 4,
});

test.after('every clause test reached the receiver through one suite run', (t) => {
  t.true(receiver.requests.length > 100);
  t.true(receiver.requests.every((r) => r.headers['user-agent'] === 'Segment.io/1.0'));
});
