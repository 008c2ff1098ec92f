// @segment/analytics-node 3.1.0 from npm through an e2e CLI written from the e2e-cli contract
// (test/conformance/client/fixtures/e2e-cli/segment-node-e2e-cli.ts): the same verdicts as through its shipped driver
// (test/interop/client-suite-segment-node.test.ts) on every clause the contract can express.
import test from 'ava';
import { checkE2eCliVerdicts, fixtureE2eCli } from './helpers/client-suite-verdicts.js';
import { SEGMENT_NODE_VERDICTS } from './helpers/sdk-verdicts.js';

test('@segment/analytics-node through its e2e CLI: the verdicts of its driver, not applicable where the contract cannot express a clause', async (t) => {
  const report = await checkE2eCliVerdicts(t, fixtureE2eCli('segment-node'), SEGMENT_NODE_VERDICTS, {
    'e2e-cli.result': ['MUST', 'pass'],
    'e2e-cli.result.failure': ['SHOULD', 'pass'],
    'e2e-cli.unknown-type': ['MUST', 'pass'],
  });
  t.false(report.passed, 'not conformant: 2.3.invalid-calls and 4.2.event-size fail as through the driver');
});
