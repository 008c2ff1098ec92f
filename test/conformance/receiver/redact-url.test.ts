// A receiver URL carrying a password (https://user:pass@host/) is printed with <password> in its place, as the
// shared secret and static header values are: reports end up in CI logs and JUnit artifacts.
import test from 'ava';
import { runReceiverSuite } from '../../../conformance/index.js';
import { redactUrlPassword } from '../../../conformance/receiver/redact-url.js';
import { TEST_TIMEOUT_MS } from '../helpers/broken-receivers.js';
import { SECRET, startSuiteReceiver } from '../helpers/reference-receiver.js';

test('redactUrlPassword replaces the password only, and leaves URLs without one as given', (t) => {
  t.is(
    redactUrlPassword('https://alice:hunter2@hooks.example.com:8443/segment?team=growth#x'),
    'https://alice:<password>@hooks.example.com:8443/segment?team=growth#x',
  );
  t.is(redactUrlPassword('http://alice@127.0.0.1:9/'), 'http://alice@127.0.0.1:9/');
  t.is(redactUrlPassword('http://127.0.0.1:9/hook?token=abc'), 'http://127.0.0.1:9/hook?token=abc');
  t.is(redactUrlPassword('not a url'), 'not a url');
});

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
  const printed = receiver.url.replace('http://', 'http://alice:<password>@');
  t.is((clause?.counterexample as { url?: string } | undefined)?.url, printed);
  t.true(clause?.replay?.startsWith(`event-harness check receiver '${printed}'`), clause?.replay);
  t.false(JSON.stringify(report).includes('hunter2'), 'the password appears nowhere in the report');
  const authorization = receiver.requests[0]?.headers.authorization;
  t.is(authorization, `Basic ${Buffer.from('alice:hunter2').toString('base64')}`, 'the deliveries carry it');
});
