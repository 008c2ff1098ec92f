// The client suite against analytics-node 6.2.0 from npm, through `event-harness driver --client analytics-node`.
// Each failure is traced to the SDK's source in docs/client-suite.md (## Results); the table changes only with
// the suite's clauses or the SDK.
import test from 'ava';
import { checkSdkVerdicts } from './helpers/client-suite-verdicts.js';
import { ANALYTICS_NODE_VERDICTS } from './helpers/sdk-verdicts.js';

const EXPECTED = ANALYTICS_NODE_VERDICTS;

test('analytics-node 6: every clause has its expected verdict, and the run is not conformant', async (t) => {
  await checkSdkVerdicts(t, 'analytics-node', EXPECTED);
});
