// The client suite against analytics-node 6.2.0 from npm, through `event-harness driver --client analytics-node`.
// Each failure is traced to the SDK's source in docs/client-suite.md (## Results); the table changes only with
// the suite's clauses or the SDK.
import test from 'ava';
import { checkSdkVerdicts, type ExpectedVerdicts } from './helpers/client-suite-verdicts.js';

const EXPECTED: ExpectedVerdicts = {
  '5.3.write-key': ['MUST', 'pass'],
  '4.2.accepted': ['MUST', 'pass'],
  '2.3.valid-calls': ['MUST', 'pass'],
  '2.3.required-fields': ['MUST', 'pass'],
  '2.2.timestamp': ['MUST', 'pass'],
  '2.2.timestamp.milliseconds': ['SHOULD', 'pass'],
  '4.3.unique-message-ids': ['MUST', 'pass'],
  '2.4.integrations': ['MUST', 'pass'],
  '2.3.invalid-calls': ['MUST', 'pass'],
  '2.3.invalid-calls.refused': ['SHOULD', 'pass'],
  // index.js lines 214-218: the first call of a client is sent at once, alone.
  '4.3.flush-at': ['MUST', 'fail'],
  '4.3.flush-after': ['MUST', 'fail'],
  '4.2.event-size': ['MUST', 'pass'],
  '4.2.event-size.refused': ['SHOULD', 'pass'],
  '4.2.event-size.under-limit': ['MUST', 'pass'],
  // index.js lines 221 and 257: a request is flushAt calls whatever their bytes.
  '4.2.batch-size': ['MUST', 'fail'],
  '7.retry.5xx': ['MUST', 'pass'],
  '7.retry.429': ['MUST', 'pass'],
  // axios-retry 3.2.0 exponentialDelay (lib/index.js lines 91-97) never reads Retry-After.
  '7.retry-after': ['MUST', 'fail'],
  '7.backoff': ['SHOULD', 'pass'],
  '7.no-retry-400': ['MUST', 'pass'],
  '7.reset': ['MUST', 'pass'],
  '7.slow-server': ['MUST', 'pass'],
  '4.3.flush': ['SHOULD', 'pass'],
  '4.3.delivered': ['MUST', 'pass'],
};

test('analytics-node 6: every clause has its expected verdict, and the run is not conformant', async (t) => {
  await checkSdkVerdicts(t, 'analytics-node', EXPECTED);
});
