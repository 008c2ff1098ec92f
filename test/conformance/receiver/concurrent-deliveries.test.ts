// The receiver suite delivers concurrently, as the service does, never more than --concurrency at once; with
// --concurrency 1 it delivers one at a time. A receiver that answers slowly records how many it holds at once.
import test from 'ava';
import { PassThrough } from 'node:stream';
import { runReceiverSuite } from '../../../conformance/index.js';
import { runCli } from '../../../src/cli/run-cli.js';
import { TEST_TIMEOUT_MS } from '../helpers/broken-receivers.js';
import { referenceSteps, SECRET, STATIC_HEADERS, startSuiteReceiver } from '../helpers/reference-receiver.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A deadline no correct local receiver comes near even on a loaded machine: the bound is on the deliveries the
 * suite waits for, and one it gave up on (no answer in time) may still be held by the receiver.
 */
const ROOMY_TIMEOUT_MS = 10_000;

/** A correct receiver that holds each accepted delivery `holdMs` before answering, counting how many it holds at once. */
async function slowReceiver(t: Parameters<typeof startSuiteReceiver>[0], holdMs: number) {
  const held = { now: 0, max: 0 };
  const receiver = await startSuiteReceiver(t, {
    secret: SECRET,
    headers: STATIC_HEADERS,
    steps: {
      handle: async (payload, body, state) => {
        held.now++;
        held.max = Math.max(held.max, held.now);
        await sleep(holdMs);
        held.now--;
        return referenceSteps.handle(payload, body, state);
      },
    },
  });
  return { receiver, held };
}

test('deliveries are concurrent and never more than the concurrency at once; a correct receiver passes every clause', async (t) => {
  const { receiver, held } = await slowReceiver(t, 60);
  const report = await runReceiverSuite({
    target: { url: receiver.url, secret: SECRET, headers: STATIC_HEADERS },
    seed: 13,
    runs: 12,
    timeoutMs: ROOMY_TIMEOUT_MS,
    concurrency: 6,
  });
  t.deepEqual(
    report.clauses.filter((c) => c.status !== 'pass').map((c) => c.id),
    ['2.2.actions-batch'],
    'every clause passes but the one of Webhooks (Actions) batching, which classic Webhooks never send',
  );
  t.true(held.max >= 2, `deliveries overlapped (at most ${held.max} held at once)`);
  t.true(held.max <= 6, `never more than --concurrency 6 in flight (${held.max} held at once)`);
});

test('--concurrency 1 delivers one at a time and skips 4.1.concurrent saying why; the run still passes', async (t) => {
  const { receiver, held } = await slowReceiver(t, 5);
  const report = await runReceiverSuite({
    target: { url: receiver.url, secret: SECRET, headers: STATIC_HEADERS },
    seed: 13,
    runs: 4,
    timeoutMs: TEST_TIMEOUT_MS,
    concurrency: 1,
  });
  t.true(report.passed);
  t.is(held.max, 1);
  const concurrent = report.clauses.find((c) => c.id === '4.1.concurrent');
  t.is(concurrent?.status, 'skip');
  t.regex(concurrent?.message ?? '', /concurrency 1 \(--concurrency\): nothing is sent at the same time/);
  t.deepEqual(report.notRun, [], 'a SHOULD clause that does not apply is not a MUST left undone');
});

test('4.1.concurrent sends the whole configured concurrency at once', async (t) => {
  const { receiver, held } = await slowReceiver(t, 300);
  const report = await runReceiverSuite({
    target: { url: receiver.url, secret: SECRET, headers: STATIC_HEADERS },
    seed: 2,
    runs: 1,
    timeoutMs: TEST_TIMEOUT_MS,
    concurrency: 5,
    only: ['4.1.concurrent'],
  });
  t.deepEqual(
    report.clauses.map((c) => [c.id, c.status]),
    [['4.1.concurrent', 'pass']],
  );
  t.is(held.max, 5, 'the five deliveries of the batch were held at the same time');
});

test('a bad concurrency is refused before any delivery, saying what was received and what is expected', async (t) => {
  const { receiver } = await slowReceiver(t, 0);
  for (const concurrency of [0, 1.5, 2_000]) {
    await t.throwsAsync(runReceiverSuite({ target: { url: receiver.url }, concurrency }), {
      code: 'USAGE',
      message: new RegExp(
        `concurrency must be a whole number of deliveries in flight from 1 to 1024; received ${String(concurrency).replace('.', '\\.')}`,
      ),
    });
  }
  t.is(receiver.requests.length, 0);
});

function capture(): { stream: PassThrough; text: () => string } {
  const stream = new PassThrough();
  let out = '';
  stream.on('data', (chunk: Buffer) => (out += chunk.toString()));
  return { stream, text: () => out };
}

test('check receiver --concurrency N bounds the deliveries in flight and appears in the replay command; a bad value exits 2', async (t) => {
  const held = { now: 0, max: 0 };
  const receiver = await startSuiteReceiver(t, {
    steps: {
      handle: async (payload) => {
        held.now++;
        held.max = Math.max(held.max, held.now);
        await sleep(40);
        held.now--;
        return payload.type === 'alias' ? { status: 400, body: '{"error":"no alias"}' } : { status: 200, body: '{}' };
      },
    },
  });
  const stdout = capture();
  const code = await runCli(
    [
      'check',
      'receiver',
      receiver.url,
      '--concurrency',
      '3',
      '--runs',
      '9',
      '--seed',
      '4',
      '--timeout-ms',
      String(ROOMY_TIMEOUT_MS),
      '--reporter',
      'json',
      '--quiet',
    ],
    { stdout: stdout.stream, stderr: new PassThrough(), env: {}, cwd: process.cwd() },
  );
  t.is(code, 1);
  const report = JSON.parse(stdout.text()) as { clauses: { id: string; status: string; replay?: string }[] };
  const failed = report.clauses.filter((c) => c.status === 'fail');
  t.deepEqual(
    failed.map((c) => c.id),
    ['2.2.alias'],
  );
  t.regex(
    failed[0]?.replay ?? '',
    /--timeout-ms 10000 --concurrency 3 --seed 4 --runs 9 --only 2\.2\.alias --path [\d:]+$/,
  );
  t.true(held.max >= 2 && held.max <= 3, `between 2 and 3 deliveries at once (${held.max})`);
  const stderr = capture();
  t.is(
    await runCli(['check', 'receiver', receiver.url, '--concurrency', 'many'], {
      stdout: new PassThrough(),
      stderr: stderr.stream,
      env: {},
      cwd: process.cwd(),
    }),
    2,
  );
  t.regex(stderr.text(), /--concurrency must be a whole number from 1 to 1024; received "many"/);
});

test('a receiver that handles one delivery at a time gets the sequential verdicts: the suite sends fewer at once as its answers slow down', async (t) => {
  // Each delivery waits for the one before it and takes 100 ms: 24 at once would queue 2.4 s, past the 1 s
  // deadline, and the deliveries the suite gave up on would still hold the receiver when it runs one alone.
  let queue: Promise<unknown> = Promise.resolve();
  const receiver = await startSuiteReceiver(t, {
    secret: SECRET,
    steps: {
      handle: (payload, body, state) => {
        const turn = queue.then(() => sleep(100)).then(() => referenceSteps.handle(payload, body, state));
        queue = turn;
        return turn;
      },
    },
  });
  const only = ['4.1.timeout', '2.2.track', '2.2.identify', '2.2.page', '2.2.screen'];
  const report = await runReceiverSuite({
    target: { url: receiver.url, secret: SECRET },
    seed: 21,
    runs: 24,
    timeoutMs: TEST_TIMEOUT_MS,
    concurrency: 64,
    only,
  });
  t.deepEqual(
    report.clauses.map((c) => [c.id, c.status]),
    only.map((id) => [id, 'pass']),
  );
});
