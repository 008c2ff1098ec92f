// A receiver URL carrying a password (https://user:pass@host/) is printed with **** in its place, as the mock's own
// log and admin API print it (the shared secret and static header values are redacted too): reports end up in CI
// logs and JUnit artifacts.
import test from 'ava';
import { runReceiverSuite } from '../../../conformance/index.js';
import { TEST_TIMEOUT_MS } from '../helpers/broken-receivers.js';
import { SECRET, startSuiteReceiver } from '../helpers/reference-receiver.js';

test('a failing clause against a URL with a password: the report never prints the password, the receiver gets it', async (t) => {
  const receiver = await startSuiteReceiver(t, { secret: SECRET, steps: { verify: () => true } });
  const url = receiver.url.replace('http://', 'http://alice:hunter2@');
  const report = await runReceiverSuite({
    target: { url, secret: SECRET },
    seed: 7,
    runs: 3,
    timeoutMs: TEST_TIMEOUT_MS,
    only: ['5.1.signature.tampered'],
  });
  const [clause] = report.clauses;
  t.is(clause?.status, 'fail', 'a receiver that never verifies fails the tampered-body clause');
  const printed = receiver.url.replace('http://', 'http://alice:****@');
  t.is((clause?.counterexample as { url?: string } | undefined)?.url, printed);
  t.true(clause?.replay?.startsWith(`event-harness check receiver '${printed}'`), clause?.replay);
  t.false(JSON.stringify(report).includes('hunter2'), 'the password appears nowhere in the report');
  const authorization = receiver.requests[0]?.headers.authorization;
  t.is(authorization, `Basic ${Buffer.from('alice:hunter2').toString('base64')}`, 'the deliveries carry it');
});
