import test from 'ava';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { receiverClauses } from '../../conformance/index.js';
import { startSuiteReceiver } from '../conformance/helpers/reference-receiver.js';
import { isProcessRunning, repoRoot, tsxLoader } from '../helpers/spawn-cli.js';
import { actionFile, runAction } from './run-action.js';

// The CLI of this checkout, as a workflow's `cli:` input or a project's node_modules/.bin would run it.
const CLI = `${process.execPath} --import ${tsxLoader} ${path.join(repoRoot, 'src/cli/main.ts')}`;
const SECRET = 'action-test-secret-5d2e';
const HEADER_VALUE = 'action-test-header-9b1f';

test('action.yml is a composite action whose inputs cover both suites and serve, each described', async (t) => {
  const action = await actionFile();
  t.is(action.runs.using, 'composite');
  for (const input of [
    'url',
    'secret',
    'headers',
    'waivers',
    'fail-on-should',
    'driver',
    'e2e-cli',
    'serve',
    'serve-args',
    'junit',
    'cli',
    'package',
  ])
    t.true(input in action.inputs, input);
  for (const output of ['exit-code', 'passed', 'junit', 'report', 'server-url', 'server-pid'])
    t.true(output in action.outputs, output);
  // Inputs reach the scripts through env only: an input's text is never pasted into a script.
  for (const step of action.runs.steps)
    t.false(/\$\{\{/.test(step.run), `step ${step.id} interpolates no expression into its script`);
});

test('the receiver suite passes against a correct receiver: JUnit, outputs and a Markdown summary, the project CLI found in node_modules', async (t) => {
  t.timeout(240_000);
  const receiver = await startSuiteReceiver(t, { secret: SECRET, headers: { 'X-Api-Key': HEADER_VALUE } });
  const workspace = await mkdtemp(path.join(os.tmpdir(), 'event-harness-workspace-'));
  t.teardown(() => rm(workspace, { recursive: true, force: true }));
  // A project that depends on event-harness: the action runs its node_modules/.bin/event-harness.
  await mkdir(path.join(workspace, 'node_modules/.bin'), { recursive: true });
  const bin = path.join(workspace, 'node_modules/.bin/event-harness');
  await writeFile(bin, `#!/usr/bin/env bash\nexec ${CLI} "$@"\n`);
  await chmod(bin, 0o755);
  const run = await runAction(
    t,
    {
      url: receiver.url,
      secret: SECRET,
      headers: `X-Api-Key: ${HEADER_VALUE}\n`,
      runs: '3',
      seed: '11',
      args: '--concurrency 2',
    },
    { workspace },
  );
  t.is(run.code, 0, run.log);
  t.like(run.outputs, {
    'exit-code': '0',
    passed: 'true',
    junit: 'event-harness-junit.xml',
    report: 'event-harness-report.json',
  });
  const junit = await readFile(path.join(workspace, 'event-harness-junit.xml'), 'utf8');
  t.is([...junit.matchAll(/<testcase /g)].length, receiverClauses.length);
  t.regex(junit, /<property name="seed" value="11"\/>/);
  const report = JSON.parse(await readFile(path.join(workspace, 'event-harness-report.json'), 'utf8')) as {
    passed: boolean;
    seed: number;
  };
  t.like(report, { passed: true, seed: 11 });
  t.regex(run.summary, /^## event-harness receiver suite: ✅ every MUST clause holds$/m);
  t.regex(run.summary, /^\| ✅ pass \| MUST \| `5\.1\.signature\.valid` \|/m);
  t.false(run.summary.includes('Failures'));
  t.true(
    receiver.requests.some((request) => request.headers['x-api-key'] === HEADER_VALUE),
    'the static header was sent',
  );
  t.regex(run.log, /event-harness receiver suite, seed 11/, 'the pretty report is in the job log');
  // The secret went through the environment: not in the summary, the outputs or the log.
  for (const text of [run.summary, JSON.stringify(run.outputs), run.log]) t.false(text.includes(SECRET));
});

test('a failing receiver fails the step with the suite exit code; the summary has the failure, its fix and the replay command; waivers pass through', async (t) => {
  t.timeout(240_000);
  const careless = await startSuiteReceiver(t, { secret: SECRET, steps: { verify: () => true } });
  const run = await runAction(t, {
    cli: CLI,
    url: careless.url,
    secret: SECRET,
    runs: '3',
    seed: '5',
    waivers: '4.1.timeout, 4.1.concurrent\n7.redelivery.idempotent',
    args: '--only 5.1.signature.tampered --only 4.1.timeout --only 4.1.concurrent',
  });
  t.is(run.code, 1, run.log);
  t.is(run.failedStep, 'suite');
  t.like(run.outputs, { 'exit-code': '1', passed: 'false' });
  t.regex(run.summary, /^## event-harness receiver suite: ❌ not conformant$/m);
  t.regex(run.summary, /^#### ❌ MUST `5\.1\.signature\.tampered`: /m);
  t.regex(run.summary, /changed after it was signed/, 'the message says what is wrong and what to do');
  t.regex(
    run.summary,
    /Replay it locally:\n\n```sh\nevent-harness check receiver http:\/\/127\.0\.0\.1:\d+\/\S* --secret '?<secret>'? .*--seed 5 .*--only 5\.1\.signature\.tampered/,
  );
  t.regex(run.summary, /^\| ⏭️ waived \| MUST \| `4\.1\.timeout` \|/m);
  t.regex(run.summary, /^\| ⏭️ waived \| SHOULD \| `4\.1\.concurrent` \|/m);
  t.regex(run.log, /::error title=event-harness receiver suite::exit code 1/);
  const junit = await readFile(path.join(run.workspace, 'event-harness-junit.xml'), 'utf8');
  t.regex(junit, /<failure message="MUST 5\.1\.signature\.tampered: /);
  t.false(run.summary.includes(SECRET));
});

test('a receiver that does not answer: exit 2, and the summary says the suite could not run and why', async (t) => {
  t.timeout(120_000);
  const run = await runAction(t, { cli: CLI, url: 'http://127.0.0.1:1/hooks', runs: '1' });
  t.is(run.code, 2, run.log);
  t.like(run.outputs, { 'exit-code': '2', passed: 'false', junit: '' });
  t.regex(run.summary, /^## event-harness receiver suite: could not run \(exit 2\)$/m);
  t.regex(run.summary, /ECONNREFUSED|nothing answers|did not answer|refused/i);
});

test('serve: true starts a mock in the background for later steps: its URL is an output and EVENT_HARNESS_URL', async (t) => {
  t.timeout(120_000);
  const run = await runAction(t, { cli: CLI, serve: 'true', 'serve-args': '--clock fake --threads 0 --quiet' });
  const pid = Number(run.outputs['server-pid']);
  t.teardown(() => {
    if (pid > 0 && isProcessRunning(pid)) process.kill(pid, 'SIGKILL');
  });
  t.is(run.code, 0, run.log);
  t.regex(run.outputs['server-url'] ?? '', /^http:\/\/127\.0\.0\.1:\d+$/);
  t.is(run.env.EVENT_HARNESS_URL, run.outputs['server-url']);
  t.true(isProcessRunning(pid), 'serve runs on after the action');
  const health = (await (await fetch(`${run.outputs['server-url']}/__harness/health`)).json()) as { clock: string };
  t.is(health.clock, 'fake');
  t.is(run.outputs['exit-code'], '', 'no suite ran');
  process.kill(pid, 'SIGTERM');
});

test('the client suite runs a driver command through the action', async (t) => {
  t.timeout(240_000);
  const run = await runAction(t, {
    cli: CLI,
    driver: `${CLI} driver`,
    runs: '2',
    seed: '3',
    args: '--only 4.3.flush --only 2.3.required-fields --concurrency 1',
  });
  t.is(run.code, 0, run.log);
  t.like(run.outputs, { 'exit-code': '0', passed: 'true' });
  t.regex(run.summary, /^## event-harness client suite: ✅ every MUST clause holds$/m);
  t.regex(run.summary, /^\| ✅ pass \| SHOULD \| `4\.3\.flush` \|/m);
});

test("the client suite runs an SDK's e2e CLI through the action (e2e-cli: check client --protocol e2e-cli)", async (t) => {
  t.timeout(240_000);
  // Our client behind the e2e-cli contract, started once per run of a clause, as the vendors' CLIs are.
  const run = await runAction(t, {
    cli: CLI,
    'e2e-cli': `${CLI} e2e-cli`,
    runs: '2',
    seed: '4',
    args: '--only 2.3.required-fields --only 4.3.flush --only e2e-cli.result --concurrency 2',
  });
  t.is(run.code, 0, run.log);
  t.like(run.outputs, { 'exit-code': '0', passed: 'true' });
  t.regex(run.summary, /^## event-harness client suite: ✅ every MUST clause holds$/m);
  t.regex(run.summary, /^\| ✅ pass \| MUST \| `2\.3\.required-fields` \|/m);
  t.regex(run.summary, /^\| ✅ pass \| MUST \| `e2e-cli\.result` \|/m);
  t.regex(
    run.summary,
    /^\| n\/a \| SHOULD \| `4\.3\.flush` \|/m,
    'a clause the contract cannot express is not applicable',
  );
  const report = JSON.parse(await readFile(path.join(run.workspace, 'event-harness-report.json'), 'utf8')) as {
    clauses: { id: string; notApplicable?: true; message?: string }[];
  };
  t.regex(report.clauses.find((c) => c.id === '4.3.flush')?.message ?? '', /^not applicable to the e2e-cli contract: /);
});

test('inputs become the command line of check: fail-on-should and e2e-cli are passed through as --fail-on-should and --protocol e2e-cli', async (t) => {
  // A stand-in CLI that records its arguments (one per line) and answers as check does to a flag it lacks.
  const dir = await mkdtemp(path.join(os.tmpdir(), 'event-harness-shim-'));
  t.teardown(() => rm(dir, { recursive: true, force: true }));
  const record = path.join(dir, 'argv');
  const shim = path.join(dir, 'shim.sh');
  await writeFile(
    shim,
    `#!/usr/bin/env bash\nif [ "$1" = --version ]; then echo 0.0.0-shim; exit 0; fi\nprintf '%s\\n' "$@" '--end--' >> ${record}\necho "unknown option" >&2\nexit 2\n`,
  );
  await chmod(shim, 0o755);
  const receiver = await runAction(t, {
    cli: shim,
    url: 'http://127.0.0.1:9/hooks',
    headers: 'X-Team: growth\n\nX-Api-Key: k 1',
    waivers: '4.1.timeout,7.redelivery.idempotent',
    'fail-on-should': 'true',
    runs: '7',
    seed: '9',
    args: "--timeout-ms 8000 --only '4.1.timeout'",
  });
  t.is(receiver.code, 2);
  const client = await runAction(t, { cli: shim, 'e2e-cli': "node 'my e2e.js' --verbose", 'fail-on-should': 'false' });
  t.is(client.code, 2);
  const calls = (await readFile(record, 'utf8'))
    .split('--end--\n')
    .filter((call) => call !== '')
    .map((call) => call.trimEnd().split('\n'));
  t.deepEqual(calls[0], [
    'check',
    'receiver',
    'http://127.0.0.1:9/hooks',
    '--header',
    'X-Team: growth',
    '--header',
    'X-Api-Key: k 1',
    '--reporter',
    'json',
    '--output',
    'event-harness-report.json',
    '--runs',
    '7',
    '--seed',
    '9',
    '--waive',
    '4.1.timeout',
    '--waive',
    '7.redelivery.idempotent',
    '--fail-on-should',
    '--timeout-ms',
    '8000',
    '--only',
    '4.1.timeout',
  ]);
  t.deepEqual(calls[1], [
    'check',
    'client',
    '--protocol',
    'e2e-cli',
    '--reporter',
    'json',
    '--output',
    'event-harness-report.json',
    '--',
    'node',
    'my e2e.js',
    '--verbose',
  ]);
  t.regex(receiver.summary, /could not run \(exit 2\)[\s\S]*unknown option/);
});
