import test from 'ava';
import {
  runReceiverSuite,
  TargetUnreachableError,
  UnknownClauseError,
  type SuiteReport,
} from '../../conformance/index.js';
import { brokenReceivers, TEST_TIMEOUT_MS } from './helpers/broken-receivers.js';
import { SECRET, STATIC_HEADERS, startSuiteReceiver } from './helpers/reference-receiver.js';

const fast = { runs: 8, timeoutMs: TEST_TIMEOUT_MS, concurrency: 6 } as const;

test('the reference receiver (SPEC 5.1 verification, static headers, idempotent) passes every clause', async (t) => {
  const receiver = await startSuiteReceiver(t, { secret: SECRET, headers: STATIC_HEADERS });
  const report = await runReceiverSuite({
    ...fast,
    target: { url: receiver.url, secret: SECRET, headers: STATIC_HEADERS },
    seed: 42,
  });
  t.true(report.passed);
  // Only the clause of another destination kind does not apply (classic Webhooks never batch).
  t.deepEqual(
    report.clauses.filter((c) => c.status !== 'pass'),
    [
      {
        id: '2.2.actions-batch',
        level: 'MUST',
        message: 'only Webhooks (Actions) batches (--destination actions); classic Webhooks never does',
        status: 'skip',
        notApplicable: true,
      },
    ],
  );
  t.true(report.clauses.length >= 23);
  // The suite plays the service: every delivery it made looks like one (SPEC 2.2, 4.1).
  const genuine = receiver.requests.filter(
    (r) => r.headers['x-signature'] !== undefined && r.headers['x-api-key'] === 'k-123',
  );
  t.true(genuine.length > 100);
  for (const request of genuine.slice(0, 50)) {
    t.is(request.headers['user-agent'], 'Segment.io/1.0');
    t.is(request.headers['content-type'], 'application/json');
    t.is(JSON.stringify(JSON.parse(request.body)), request.body, 'compact JSON.stringify bytes');
  }
  t.true(
    receiver.requests.some((r) => Buffer.byteLength(r.body) > 31_000),
    'bodies near 32 KiB were sent',
  );
  t.true(receiver.requests.some((r) => JSON.parse(r.body).type === 'delete'));
});

test('without a secret the 5.1 clauses do not run, saying why, and the run fails unless they are waived by name; static headers are drawn', async (t) => {
  const receiver = await startSuiteReceiver(t);
  const options = { ...fast, target: { url: receiver.url }, seed: 3, supports: { delete: false } };
  const report = await runReceiverSuite(options);
  const skipped = Object.fromEntries(report.clauses.filter((c) => c.status === 'skip').map((c) => [c.id, c.message]));
  t.deepEqual(Object.keys(skipped).sort(), [
    '2.1.static-headers.required',
    '2.2.actions-batch',
    '2.2.delete',
    '5.1.signature.missing',
    '5.1.signature.refusal-4xx',
    '5.1.signature.replayed',
    '5.1.signature.tampered',
    '5.1.signature.valid',
    '5.1.signature.wrong',
  ]);
  t.regex(skipped['5.1.signature.valid'] ?? '', /no shared secret given \(--secret\)/);
  t.regex(skipped['2.2.delete'] ?? '', /supports\.delete = false/);
  // A skip is not a pass: every MUST clause that did not run is listed, and the run is not conformant.
  const mustNotRun = [
    '5.1.signature.valid',
    '2.2.delete',
    '5.1.signature.tampered',
    '5.1.signature.wrong',
    '5.1.signature.missing',
    '5.1.signature.replayed',
  ];
  t.deepEqual([...report.notRun].sort(), [...mustNotRun].sort());
  t.false(report.passed);
  t.false(
    receiver.requests.some((r) => r.headers['x-signature'] !== undefined),
    'no X-Signature without a secret (SPEC 5.1.4)',
  );
  // 2.1.static-headers ran with static headers the suite drew, since none were given.
  t.is(report.clauses.find((c) => c.id === '2.1.static-headers')?.status, 'pass');
  t.true(receiver.requests.some((r) => Object.keys(r.headers).some((name) => /^x-(?!signature)/.test(name))));

  const waived = await runReceiverSuite({ ...options, waive: mustNotRun });
  t.true(waived.passed, 'waived by name, they are accepted as not run');
  t.deepEqual([...waived.waived].sort(), [...mustNotRun].sort());
  t.deepEqual(waived.notRun, []);
});

// messageIds are stamped unique per delivery in a run (the service never repeats one), so a replay differs
// from the original run in messageId and therefore X-Signature only.
const withoutMessageIds = (report: SuiteReport) =>
  JSON.parse(
    JSON.stringify(report)
      .replace(/eh-\d+-[\w.-]+?-\d+/g, 'eh-ID')
      .replace(/(api-|personas_)[0-9A-Za-z]{27}/g, '$1ID')
      .replace(/"X-Signature":"[0-9a-f]{40}"/g, '"X-Signature":"SIG"'),
  ) as unknown;

test('the same seed gives the identical report; --only with the printed seed and path replays the counterexample', async (t) => {
  const broken = brokenReceivers['5xx on keys with spaces']!;
  const receiver = await startSuiteReceiver(t, { secret: SECRET, steps: broken.steps });
  const options = { ...fast, target: { url: receiver.url, secret: SECRET }, seed: 777 };
  const first = await runReceiverSuite(options);
  const second = await runReceiverSuite(options);
  t.is(JSON.stringify(second), JSON.stringify(first));
  const failed = first.clauses.find((c) => c.status === 'fail');
  t.is(failed?.id, '2.2.keys-with-spaces');
  const path = /--path ([\d:]+)/.exec(failed?.replay ?? '')?.[1];
  t.truthy(path);
  const replayed = await runReceiverSuite({
    ...options,
    only: ['2.2.keys-with-spaces'],
    ...(path !== undefined ? { path } : {}),
  });
  t.is(replayed.clauses.length, 1);
  t.deepEqual(withoutMessageIds(replayed), withoutMessageIds({ ...first, clauses: [failed!] }));
});

test('a SHOULD failure is reported but the run still passes', async (t) => {
  const receiver = await startSuiteReceiver(t, { secret: SECRET, steps: brokenReceivers['not idempotent']!.steps });
  const report = await runReceiverSuite({ ...fast, target: { url: receiver.url, secret: SECRET }, seed: 9 });
  t.true(report.passed);
  t.deepEqual(
    report.clauses.filter((c) => c.status === 'fail').map((c) => [c.id, c.level]),
    [['7.redelivery.idempotent', 'SHOULD']],
  );
});

test('--skip leaves a clause out; unknown clause ids and a path without one --only are refused', async (t) => {
  const receiver = await startSuiteReceiver(t);
  const report = await runReceiverSuite({
    ...fast,
    target: { url: receiver.url },
    seed: 1,
    only: ['2.2.track', '2.2.alias'],
    skip: ['2.2.alias'],
  });
  t.deepEqual(
    report.clauses.map((c) => [c.id, c.status]),
    [
      ['2.2.track', 'pass'],
      ['2.2.alias', 'skip'],
    ],
  );
  const unknown = await t.throwsAsync(runReceiverSuite({ target: { url: receiver.url }, only: ['2.2.nope'] }), {
    instanceOf: UnknownClauseError,
  });
  t.regex(unknown.message, /"2\.2\.nope": no such clause; expected one of 4\.1\.timeout, 4\.1\.no-redirect, /);
  await t.throwsAsync(runReceiverSuite({ target: { url: receiver.url }, path: '1:2' }), {
    message: /needs exactly one --only; received 0/,
  });
});

test('an unreachable receiver or an invalid target is an error, not a report', async (t) => {
  const receiver = await startSuiteReceiver(t);
  const closedPort = new URL(receiver.url);
  closedPort.port = '1';
  const unreachable = await t.throwsAsync(runReceiverSuite({ target: { url: closedPort.href } }), {
    instanceOf: TargetUnreachableError,
  });
  t.is(unreachable.code, 'TARGET_UNREACHABLE');
  t.regex(unreachable.message, /cannot reach http:\/\/127\.0\.0\.1:1\/hooks\/segment \(ECONNREFUSED\)/);
  await t.throwsAsync(runReceiverSuite({ target: { url: 'ftp://example.com/hook' } }), {
    code: 'USAGE',
    message: /not a valid webhook configuration/,
  });
  await t.throwsAsync(runReceiverSuite({ target: { url: receiver.url, headers: { 'X-Signature': 'forged' } } }), {
    code: 'USAGE',
  });
  await t.throwsAsync(runReceiverSuite({ target: { url: receiver.url }, timeoutMs: 0 }), {
    code: 'USAGE',
    message: /timeoutMs must be a positive whole number/,
  });
});

test('2.2.unicode sends every kind with hostile content, delete and audience Identify included, unless the target leaves them out', async (t) => {
  const nonAscii = /[^\x00-\x7f]/;
  const kindsSent = async (supports: { delete?: boolean; audiences?: boolean }) => {
    const receiver = await startSuiteReceiver(t);
    const report = await runReceiverSuite({
      ...fast,
      runs: 80,
      target: { url: receiver.url },
      seed: 5,
      only: ['2.2.unicode'],
      supports,
    });
    t.deepEqual(
      report.clauses.map((c) => c.status),
      ['pass'],
    );
    const hostile = receiver.requests
      .filter((r) => nonAscii.test(r.body))
      .map((r) => JSON.parse(r.body) as { type: string; context?: { personas?: unknown } });
    return new Set(hostile.map((b) => (b.context?.personas !== undefined ? 'audience-identify' : b.type)));
  };
  const all = await kindsSent({});
  for (const kind of ['track', 'identify', 'page', 'screen', 'group', 'alias', 'delete', 'audience-identify'])
    t.true(all.has(kind), kind);
  const without = await kindsSent({ delete: false, audiences: false });
  t.false(without.has('delete'));
  t.false(without.has('audience-identify'));
});

test('a receiver that chokes on non-ASCII user ids in delete notifications fails 2.2.unicode only', async (t) => {
  const receiver = await startSuiteReceiver(t, {
    steps: {
      handle: async (payload) =>
        payload.type === 'delete' && /[^\x00-\x7f]/.test(String(payload.userId))
          ? { status: 500, body: '{"error":"bad user id"}' }
          : { status: 200, body: '{}' },
    },
  });
  const report = await runReceiverSuite({ ...fast, runs: 40, target: { url: receiver.url }, seed: 6 });
  t.deepEqual(
    report.clauses.filter((c) => c.status === 'fail').map((c) => c.id),
    ['2.2.unicode'],
  );
  const counterexample = report.clauses.find((c) => c.id === '2.2.unicode')?.counterexample as { body: string };
  t.is((JSON.parse(counterexample.body) as { type: string }).type, 'delete');
});
