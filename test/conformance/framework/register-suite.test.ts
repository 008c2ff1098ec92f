import test from 'ava';
import { ClauseFailedError, receiverSuite, type TestFunction } from '../../../conformance/index.js';
import { brokenReceivers, TEST_TIMEOUT_MS } from '../helpers/broken-receivers.js';
import { SECRET, startSuiteReceiver } from '../helpers/reference-receiver.js';

interface Registered {
  readonly title: string;
  readonly run: (context?: unknown) => Promise<void>;
}

/** A test function shaped like node:test's or vitest's: it records registrations so this test can run them. */
function collectingTest(): { test: TestFunction; registered: Registered[] } {
  const registered: Registered[] = [];
  return { registered, test: (title, run) => registered.push({ title, run }) };
}

test('one test per clause; the suite runs once; a failed MUST throws with message, counterexample and replay', async (t) => {
  const receiver = await startSuiteReceiver(t, { secret: SECRET, steps: brokenReceivers['refuses delete']!.steps });
  const { test: register, registered } = collectingTest();
  let targetCalls = 0;
  receiverSuite({
    test: register,
    target: () => {
      targetCalls++;
      return { url: receiver.url, secret: SECRET };
    },
    runs: 6,
    seed: 5,
    timeoutMs: TEST_TIMEOUT_MS,
    concurrency: 4,
  });
  t.is(registered.length, 28);
  t.is(targetCalls, 0, 'nothing runs at registration');
  const byId = (id: string) => registered.find((r) => r.title.startsWith(`receiver ${id} `))!;
  t.regex(byId('2.2.delete').title, /^receiver 2\.2\.delete \(MUST\): accepts delete notifications$/);
  const failure = await t.throwsAsync(byId('2.2.delete').run({}), { instanceOf: ClauseFailedError });
  t.regex(
    failure.message,
    /^MUST 2\.2\.delete: The receiver answered 400 Bad Request.*counterexample:\nPOST .*"type":"delete".*replay: event-harness check receiver .* --only 2\.2\.delete/s,
  );
  await byId('2.2.track').run({});
  const passes: string[] = [];
  await byId('2.2.track').run({ pass: () => passes.push('pass') });
  t.deepEqual(
    passes,
    ['pass'],
    'an ava-style context gets its pass assertion called, so a clause test counts as asserted',
  );
  const skips: string[] = [];
  await byId('2.1.static-headers.required').run({ skip: (message: string) => skips.push(message) });
  t.is(skips.length, 1);
  t.regex(skips[0] ?? '', /no static headers given/);
  t.is(targetCalls, 1, 'the suite ran once for every test');
});

test('a failed SHOULD logs (or warns) by default and fails with failOnShould; only limits the tests registered', async (t) => {
  const receiver = await startSuiteReceiver(t, { steps: brokenReceivers['not idempotent']!.steps });
  const lenient = collectingTest();
  receiverSuite({
    test: lenient.test,
    target: { url: receiver.url },
    only: ['7.redelivery.idempotent', '2.2.track'],
    runs: 4,
    seed: 2,
    timeoutMs: TEST_TIMEOUT_MS,
  });
  t.deepEqual(
    lenient.registered.map((r) => r.title.split(' ')[1]),
    ['2.2.track', '7.redelivery.idempotent'],
  );
  const logged: unknown[] = [];
  await lenient.registered[1]!.run({ log: (...values: unknown[]) => logged.push(...values) });
  t.regex(String(logged[0]), /^SHOULD 7\.redelivery\.idempotent failed: /);
  const warnings: string[] = [];
  const onWarning = (warning: Error) => warnings.push(warning.message);
  process.on('warning', onWarning);
  t.teardown(() => process.off('warning', onWarning));
  await lenient.registered[1]!.run();
  await new Promise((resolve) => setImmediate(resolve));
  t.regex(warnings[0] ?? '', /SHOULD 7\.redelivery\.idempotent failed/);
  const strict = collectingTest();
  receiverSuite({
    test: strict.test,
    target: { url: receiver.url },
    only: ['7.redelivery.idempotent'],
    runs: 4,
    seed: 3,
    timeoutMs: TEST_TIMEOUT_MS,
    failOnShould: true,
  });
  await t.throwsAsync(strict.registered[0]!.run({}), {
    instanceOf: ClauseFailedError,
    message: /^SHOULD 7\.redelivery\.idempotent/,
  });
});
