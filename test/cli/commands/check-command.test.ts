import test from 'ava';
import { mkdtemp, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { runCli as runCliProcess } from '../../helpers/spawn-cli.js';
import { runCli as runCliInProcess } from '../../../src/cli/run-cli.js';
import { brokenReceivers, TEST_TIMEOUT_MS } from '../../conformance/helpers/broken-receivers.js';
import { SECRET, STATIC_HEADERS, startSuiteReceiver } from '../../conformance/helpers/reference-receiver.js';
import { brokenDriver } from '../../conformance/client/helpers/broken-clients.js';

const quick = ['--runs', '4', '--timeout-ms', String(TEST_TIMEOUT_MS), '--seed', '11'];
const headerArgs = Object.entries(STATIC_HEADERS).flatMap(([k, v]) => ['--header', `${k}: ${v}`]);

test('check receiver against the reference receiver: exit 0 and a pretty report on stdout', async (t) => {
  const receiver = await startSuiteReceiver(t, { secret: SECRET, headers: STATIC_HEADERS });
  const run = await runCliProcess(['check', 'receiver', receiver.url, '--secret', SECRET, ...headerArgs, ...quick]);
  t.is(run.code, 0, run.stderr);
  t.regex(run.stdout, /^event-harness receiver suite, seed 11$/m);
  t.regex(run.stdout, /^ok {3}MUST {3}5\.1\.signature\.valid/m);
  t.regex(
    run.stdout,
    /27 passed, 0 failed \(0 MUST, 0 SHOULD\), 0 skipped, 1 not applicable \(about another kind of subject\)\nresult: every MUST clause holds/,
  );
  t.regex(run.stdout, /^n\/a {2}MUST {3}2\.2\.actions-batch/m);
  t.is(receiver.requests.at(-1)?.headers['x-api-key'], 'k-123', 'the --header pairs were sent');
});

test('a MUST failure exits 1; --reporter json prints the report of DESIGN.md section 3; the secret comes from $EVENT_HARNESS_SECRET', async (t) => {
  const receiver = await startSuiteReceiver(t, { secret: SECRET, steps: brokenReceivers['refuses delete']!.steps });
  const run = await runCliProcess(['check', 'receiver', receiver.url, '--reporter', 'json', ...quick], {
    env: { EVENT_HARNESS_SECRET: SECRET },
  });
  t.is(run.code, 1, run.stderr);
  const report = JSON.parse(run.stdout) as {
    suite: string;
    seed: number;
    passed: boolean;
    clauses: { id: string; status: string; replay?: string }[];
  };
  t.deepEqual(Object.keys(report), ['suite', 'seed', 'passed', 'clauses', 'waived', 'notRun']);
  t.is(report.suite, 'receiver');
  t.is(report.seed, 11);
  t.false(report.passed);
  const failed = report.clauses.filter((c) => c.status === 'fail');
  t.deepEqual(
    failed.map((c) => c.id),
    ['2.2.delete'],
  );
  t.regex(
    failed[0]?.replay ?? '',
    new RegExp(
      `^event-harness check receiver \\S+ --secret '<secret>' --timeout-ms ${TEST_TIMEOUT_MS} --seed 11 --runs 4 --only 2\\.2\\.delete --path [\\d:]+$`,
    ),
  );
  t.false(run.stdout.includes(SECRET), 'the secret never appears in a report');
});

test('--reporter junit --output FILE writes JUnit to the file and a pretty report to stdout; a SHOULD failure still exits 0', async (t) => {
  const receiver = await startSuiteReceiver(t, { secret: SECRET, steps: brokenReceivers['not idempotent']!.steps });
  const dir = await mkdtemp(path.join(os.tmpdir(), 'eh-check-'));
  const run = await runCliProcess(
    ['check', 'receiver', receiver.url, '--secret', SECRET, '--reporter', 'junit', '--output', 'report.xml', ...quick],
    { cwd: dir },
  );
  t.is(run.code, 0, run.stderr);
  const xml = await readFile(path.join(dir, 'report.xml'), 'utf8');
  t.regex(
    xml,
    /^<\?xml version="1\.0" encoding="UTF-8"\?>\n<testsuites name="event-harness" tests="28" failures="1" skipped="2">/,
  );
  t.is(xml.match(/<testcase /g)?.length, 28);
  t.regex(
    xml,
    /<testcase classname="event-harness\.receiver\.SHOULD" name="7\.redelivery\.idempotent: [^"]+">\n {6}<failure /,
  );
  t.regex(run.stdout, /^FAIL SHOULD 7\.redelivery\.idempotent/m);
});

test('--fail-on-should: the same SHOULD failure exits 1 on both suites, as failOnShould does in a test runner, and the verdict line says why', async (t) => {
  // As measured: a SHOULD failure exited 0 while the JUnit file held a <failure>; failOnShould existed in process only.
  // A receiver each: the one that remembers messageIds would take the second run's first deliveries for redeliveries.
  const [first, second] = await Promise.all(
    [0, 1].map(() => startSuiteReceiver(t, { secret: SECRET, steps: brokenReceivers['not idempotent']!.steps })),
  );
  const only = ['--only', '4.1.timeout', '--only', '7.redelivery.idempotent'];
  const args = (url: string) => ['check', 'receiver', url, '--secret', SECRET, ...only, ...quick];
  const lenient = await runInProcess(args(first!.url));
  const strict = await runInProcess([...args(second!.url), '--fail-on-should']);
  t.is(lenient.code, 0, lenient.stderr);
  t.regex(lenient.stdout, /^result: every MUST clause holds$/m);
  t.is(strict.code, 1, strict.stderr);
  t.regex(strict.stdout, /^result: every MUST clause holds, but a SHOULD clause failed \(--fail-on-should: exit 1\)$/m);
  const client = [
    'check',
    'client',
    '--seed',
    '3',
    '--runs',
    '2',
    '--quiet',
    '--only',
    '5.3.write-key',
    '--only',
    '4.2.accepted',
  ];
  const driver = ['--', ...brokenDriver('no-milliseconds').command];
  const clientStrict = await runInProcess([
    ...client,
    '--only',
    '2.2.timestamp',
    '--only',
    '2.2.timestamp.milliseconds',
    '--fail-on-should',
    ...driver,
  ]);
  t.is(clientStrict.code, 1, clientStrict.stdout);
  t.regex(clientStrict.stdout, /^FAIL SHOULD 2\.2\.timestamp\.milliseconds/m);
});

test('without --secret the signature clauses do not run: exit 1 naming them and the --waive flags that accept it; with those flags exit 0', async (t) => {
  const receiver = await startSuiteReceiver(t);
  const run = await runCliProcess(['check', 'receiver', receiver.url, ...quick]);
  t.is(run.code, 1, run.stderr);
  t.regex(run.stdout, /^skip MUST {3}5\.1\.signature\.valid .*\n.*no shared secret given \(--secret\)/m);
  const flags = /^to accept them as not run: (.+)$/m.exec(run.stdout)?.[1] ?? '';
  t.regex(flags, /^(--waive 5\.1\.signature\.[a-z-]+ ?)+$/);
  t.regex(run.stdout, /^result: not conformant: a MUST clause did not run$/m);
  const waived = await runCliProcess(['check', 'receiver', receiver.url, ...quick, ...flags.split(' ')]);
  t.is(waived.code, 0, waived.stdout);
  t.regex(waived.stdout, /^waived \(not run, accepted by --waive\): 5\.1\.signature\.valid, /m);
});

test('--only and --skip choose clauses; the same seed prints the same report twice', async (t) => {
  const receiver = await startSuiteReceiver(t, { steps: brokenReceivers['5xx on keys with spaces']!.steps });
  const args = [
    'check',
    'receiver',
    receiver.url,
    '--reporter',
    'json',
    '--only',
    '2.2.keys-with-spaces',
    '--only',
    '2.2.track',
    '--skip',
    '2.2.track',
    ...quick,
  ];
  const [first, second] = await Promise.all([runCliProcess(args), runCliProcess(args)]);
  t.is(first.code, 1);
  t.is(first.stdout, second.stdout);
  t.deepEqual(
    (JSON.parse(first.stdout) as { clauses: { id: string; status: string }[] }).clauses.map((c) => [c.id, c.status]),
    [
      ['2.2.track', 'skip'],
      ['2.2.keys-with-spaces', 'fail'],
    ],
  );
});

test('an unreachable receiver exits 2 saying what to check', async (t) => {
  const run = await runCliProcess(['check', 'receiver', 'http://127.0.0.1:1/hook', ...quick]);
  t.is(run.code, 2);
  t.regex(
    run.stderr,
    /event-harness check receiver: cannot reach http:\/\/127\.0\.0\.1:1\/hook \(ECONNREFUSED\); start the receiver first/,
  );
});

/** The same CLI in this process, for the many usage cases (a child process each would cost seconds). */
async function runInProcess(args: readonly string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const code = await runCliInProcess(args, { stdout, stderr, env: {}, cwd: process.cwd() });
  return { code, stdout: out, stderr: err };
}

test('as a child process: a usage error and a check client whose driver cannot start exit 2', async (t) => {
  const [usage, client] = await Promise.all([
    runCliProcess(['check', 'receiver']),
    runCliProcess(['check', 'client', '--', 'node', 'no-such-driver.js']),
  ]);
  t.is(usage.code, 2);
  t.regex(
    usage.stderr,
    /^event-harness check receiver: expected exactly one URL; received none\nrun `event-harness check receiver --help` for the options\n$/,
  );
  t.is(client.code, 2);
  t.regex(
    client.stderr,
    /check client: the driver node no-such-driver\.js exited with code 1 before its ready line \(received nothing on stdout; stderr: .*Cannot find module/s,
  );
});

test('usage errors exit 2 saying what was received and what is expected', async (t) => {
  const cases: [string[], RegExp][] = [
    [['check', 'receiver'], /check receiver: expected exactly one URL; received none/],
    [
      ['check', 'receiver', 'http://127.0.0.1:1/h', '--runs', 'many'],
      /--runs must be a whole number from 1 to 100000; received "many"/,
    ],
    [
      ['check', 'receiver', 'http://127.0.0.1:1/h', '--reporter', 'tap'],
      /--reporter must be one of pretty, json, junit, markdown; received "tap"/,
    ],
    [
      ['check', 'receiver', 'http://127.0.0.1:1/h', '--header', 'novalue'],
      /--header must be NAME:VALUE; received "novalue"/,
    ],
    [
      ['check', 'receiver', 'http://127.0.0.1:1/h', '--only', '9.9.nope'],
      /--only "9\.9\.nope": no such clause; expected one of 4\.1\.timeout, 4\.1\.no-redirect/,
    ],
    [
      ['check', 'receiver', 'http://127.0.0.1:1/h', '--path', 'x'],
      /--path must be a fast-check path such as 3:0:1; received "x"/,
    ],
    [
      ['check', 'receiver', 'ftp://127.0.0.1/h'],
      /"ftp:\/\/127\.0\.0\.1\/h" uses ftp:\/\/; the service delivers over http:\/\/ or https:\/\/ only/,
    ],
    [['check', 'receiver', 'http://'], /not a valid webhook configuration/],
    [
      ['check', 'receiver', 'http://127.0.0.1:1/h', '--ca', 'missing.pem'],
      /--ca "missing\.pem" cannot be read \(ENOENT\)/,
    ],
    [['check', 'receiver', 'http://127.0.0.1:1/h', '--verbose'], /check receiver: Unknown option '--verbose'/],
    [
      ['check', 'receiver', 'http://127.0.0.1:1/h', '--server', 'http://127.0.0.1:4010'],
      /--server does not apply here: the receiver suite starts no mock service/,
    ],
    [['check', 'sender'], /check: expected receiver or client; received "sender"/],
    [['check', 'recevier', 'http://127.0.0.1:1/h'], /received "recevier"; did you mean check receiver\?/],
    [['check', 'receiver', 'http://127.0.0.1:1/h', '--sed', '3'], /Unknown option '--sed'; did you mean --seed\?/],
    [
      ['check', 'receiver', 'http://127.0.0.1:1/h', '--secert', 'S'],
      /Unknown option '--secert'; did you mean --secret\?/,
    ],
    [
      ['check', 'client', '--concurency', '2', '--', 'x'],
      /Unknown option '--concurency'; did you mean --concurrency\?/,
    ],
    [['check', 'receiver', 'http://127.0.0.1:1/h', '--fail-on-shuold'], /did you mean --fail-on-should\?/],
    [['check', 'client'], /check client: expected -- DRIVER COMMAND\.\.\. at the end; received no --/],
  ];
  const runs = await Promise.all(cases.map(([args]) => runInProcess(args)));
  runs.forEach((run, i) => {
    t.is(run.code, 2, cases[i]?.[0].join(' '));
    t.regex(run.stderr, cases[i]![1]);
  });
  const noScheme = await runInProcess(['check', 'receiver', 'localhost:3300']);
  t.is(noScheme.code, 2);
  // As measured: a schema regex and 45 lines of help. Now one line, and the pointer to --help.
  t.is(
    noScheme.stderr,
    'event-harness check receiver: "localhost:3300" has no scheme; give the full URL, e.g. http://localhost:3300\nrun `event-harness check receiver --help` for the options\n',
  );
  const typo = await runInProcess(['chek', 'receiver']);
  t.is(typo.code, 2);
  t.regex(typo.stderr, /unknown command "chek"; expected one of .*; did you mean check\?/);
  const help = await runInProcess(['check', 'receiver', '--help']);
  t.is(help.code, 0);
  t.regex(
    help.stdout,
    /usage: event-harness check receiver URL .*clauses:\n {2}4\.1\.timeout, 4\.1\.no-redirect, 5\.1\.signature\.valid/s,
  );
  const checkHelp = await runInProcess(['check', '--help']);
  t.is(checkHelp.code, 0);
  t.regex(checkHelp.stdout, /event-harness check client/);
  const top = await runInProcess(['--help']);
  t.regex(top.stdout, /^ {2}check +run a conformance suite against your webhook receiver or your SDK client$/m);
});
