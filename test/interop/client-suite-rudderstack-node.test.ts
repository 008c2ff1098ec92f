// The client suite against @rudderstack/rudder-sdk-node 3.0.13 from npm, through
// `event-harness driver --client rudderstack-node` (gzip bodies, as it sends by default). Each failure is traced
// to the SDK's source in docs/client-suite.md (## Results).
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
  // cjs/index.js lines 522-526: the first call of a client is sent at once, alone.
  '4.3.flush-at': ['MUST', 'fail'],
  '4.3.flush-after': ['MUST', 'fail'],
  // cjs/index.js lines 351-361: the 32 KB check only logs, and the call is queued.
  '4.2.event-size': ['MUST', 'fail'],
  '4.2.event-size.refused': ['SHOULD', 'notRun'],
  '4.2.event-size.under-limit': ['MUST', 'pass'],
  // cjs/index.js lines 528 and 590: a request is flushAt calls whatever their bytes.
  '4.2.batch-size': ['MUST', 'fail'],
  '7.retry.5xx': ['MUST', 'pass'],
  '7.retry.429': ['MUST', 'pass'],
  '7.retry-after': ['MUST', 'pass'],
  '7.backoff': ['SHOULD', 'pass'],
  '7.no-retry-400': ['MUST', 'pass'],
  '7.reset': ['MUST', 'pass'],
  '7.slow-server': ['MUST', 'pass'],
  '4.3.flush': ['SHOULD', 'pass'],
  '4.3.delivered': ['MUST', 'pass'],
};

test('@rudderstack/rudder-sdk-node: every clause has its expected verdict, and the run is not conformant', async (t) => {
  await checkSdkVerdicts(t, 'rudderstack-node', EXPECTED);
});
