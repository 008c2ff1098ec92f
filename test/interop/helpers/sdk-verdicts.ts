import type { ExpectedVerdicts } from './client-suite-verdicts.js';

// The verdicts of the client suite for SDKs from npm, through their shipped drivers (test/interop/client-suite-*.test.ts):
// each failure is traced to the SDK's source in docs/client-suite.md (## Results); a table changes only with the
// suite's clauses or the SDK. The e2e-cli tests (test/interop/e2e-cli-*.test.ts) hold the same SDKs, through CLIs of
// the e2e-cli contract, to the same verdicts on every clause that contract can express.

/** @segment/analytics-node 3.1.0 through `event-harness driver --client segment-node`. */
export const SEGMENT_NODE_VERDICTS: ExpectedVerdicts = {
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

/** analytics-node 6.2.0 through `event-harness driver --client analytics-node`. */
export const ANALYTICS_NODE_VERDICTS: ExpectedVerdicts = {
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
