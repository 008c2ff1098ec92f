// analytics-node 6.2.0 from npm through an e2e CLI written from the e2e-cli contract
// (test/conformance/client/fixtures/e2e-cli/analytics-node-e2e-cli.ts): the same verdicts as through its shipped
// driver (test/interop/client-suite-analytics-node.test.ts) on every clause the contract can express.
import test from 'ava';
import { checkE2eCliVerdicts, fixtureE2eCli } from './helpers/client-suite-verdicts.js';
import { ANALYTICS_NODE_VERDICTS } from './helpers/sdk-verdicts.js';

test('analytics-node 6 through its e2e CLI: the verdicts of its driver, not applicable where the contract cannot express a clause', async (t) => {
  const report = await checkE2eCliVerdicts(t, fixtureE2eCli('analytics-node'), ANALYTICS_NODE_VERDICTS, {
    'e2e-cli.result': ['MUST', 'pass'],
    'e2e-cli.result.failure': ['SHOULD', 'pass'],
    'e2e-cli.unknown-type': ['MUST', 'pass'],
  });
  t.false(report.passed, 'not conformant: 4.3.flush-at, 4.3.flush-after and 7.retry-after fail as through the driver');
});
