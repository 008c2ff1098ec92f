import test from 'ava';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { receiverClauses, runReceiverSuite } from '../../../conformance/index.js';
import { TEST_TIMEOUT_MS } from '../helpers/broken-receivers.js';
import { referenceSteps, SECRET, STATIC_HEADERS, startSuiteReceiver } from '../helpers/reference-receiver.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test('a receiver that answers every delivery after the deadline is judged at once: 4.1.timeout fails, no clause is ok, the others are not checked until it passes', async (t) => {
  // As measured: a receiver answering after 5.5 s (over the 5 s deadline) was judged ok on 5.1.signature.valid,
  // 2.2.track, ... at 39 s and 60 s a clause. Here the deadline is 1 s and the receiver answers after 1.5 s.
  const receiver = await startSuiteReceiver(t, {
    secret: SECRET,
    headers: STATIC_HEADERS,
    steps: {
      handle: async (payload, body, state) => {
        await sleep(TEST_TIMEOUT_MS + 500);
        return referenceSteps.handle(payload, body, state);
      },
    },
  });
  const started = Date.now();
  const report = await runReceiverSuite({
    target: { url: receiver.url, secret: SECRET, headers: STATIC_HEADERS },
    seed: 5,
    runs: 25,
    timeoutMs: TEST_TIMEOUT_MS,
    concurrency: 8,
  });
  const elapsed = Date.now() - started;
  t.deepEqual(
    report.clauses.filter((c) => c.status === 'pass').map((c) => c.id),
    [],
    'no clause is judged ok on answers that came after the deadline',
  );
  t.deepEqual(
    report.clauses.filter((c) => c.status === 'fail').map((c) => c.id),
    ['4.1.timeout'],
  );
  t.regex(report.clauses[0]?.message ?? '', /gave no complete answer within 1000 ms/);
  const others = report.clauses.filter((c) => c.id !== '4.1.timeout' && c.notApplicable !== true);
  t.true(
    others.every((c) => c.status === 'skip' && c.blockedBy === '4.1.timeout'),
    JSON.stringify(others.filter((c) => c.blockedBy !== '4.1.timeout')),
  );
  // The first delivery, one wave of concurrent deliveries and the one sent alone to confirm it: three deadlines.
  t.true(elapsed < 6 * TEST_TIMEOUT_MS + 3_000, `judged in ${elapsed} ms`);
  t.false(report.passed);
});

test('a receiver that never answers: the run ends within its wall-clock budget with a report, the first delivery included', async (t) => {
  const server = createServer(() => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  const started = Date.now();
  const report = await runReceiverSuite({ target: { url, secret: SECRET }, seed: 3, runs: 5, budgetMs: 3_000 });
  const elapsed = Date.now() - started;
  t.true(elapsed < 3_000 + 1_500, `ended after ${elapsed} ms`);
  t.is(report.clauses.length, receiverClauses.length);
  t.false(report.passed);
  t.true(report.clauses.every((c) => c.status !== 'pass'));
});
