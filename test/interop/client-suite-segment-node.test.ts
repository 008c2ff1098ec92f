// The client suite against @segment/analytics-node 3.1.0 from npm, through
// `event-harness driver --client segment-node`. Each failure is traced to the SDK's source in
// docs/client-suite.md (## Results).
import test from 'ava';
import { checkSdkVerdicts } from './helpers/client-suite-verdicts.js';
import { SEGMENT_NODE_VERDICTS } from './helpers/sdk-verdicts.js';

const EXPECTED = SEGMENT_NODE_VERDICTS;

test('@segment/analytics-node: every clause has its expected verdict, and the run is not conformant', async (t) => {
  await checkSdkVerdicts(t, 'segment-node', EXPECTED);
});
