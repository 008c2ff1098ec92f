// The client suite against @segment/analytics-node 3.1.0 from npm, through
// `event-harness driver --client segment-node`. Each failure is traced to the SDK's source in
// docs/client-suite.md (## Results).
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
  // @segment/analytics-core validation: groupId or previousId counts as the identity; groupId and previousId are never required.
  '2.3.invalid-calls': ['MUST', 'fail'],
  '2.3.invalid-calls.refused': ['SHOULD', 'notRun'],
  '4.3.flush-at': ['MUST', 'pass'],
  '4.3.flush-after': ['MUST', 'pass'],
  // context-batch.js line 42: sizes are counted as URI-encoded pieces, not bytes.
  '4.2.event-size': ['MUST', 'fail'],
  '4.2.event-size.refused': ['SHOULD', 'notRun'],
  '4.2.event-size.under-limit': ['MUST', 'pass'],
  '4.2.batch-size': ['MUST', 'fail'],
  '7.retry.5xx': ['MUST', 'pass'],
  '7.retry.429': ['MUST', 'pass'],
  '7.retry-after': ['MUST', 'pass'],
  '7.backoff': ['SHOULD', 'pass'],
  '7.no-retry-400': ['MUST', 'pass'],
  '7.reset': ['MUST', 'pass'],
  '7.slow-server': ['MUST', 'pass'],
  // publisher.js lines 122-146: flush sends the partial batch only when it holds every pending call.
  '4.3.flush': ['SHOULD', 'fail'],
  '4.3.delivered': ['MUST', 'pass'],
};

test('@segment/analytics-node: every clause has its expected verdict, and the run is not conformant', async (t) => {
  await checkSdkVerdicts(t, 'segment-node', EXPECTED);
});
