// `event-harness check client` as users run it: the built CLI (npm run build first) against the built driver.
import test from 'ava';
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { isProcessRunning, repoRoot, runCli, runProcess, tsxLoader } from '../../helpers/spawn-cli.js';
import { BROKEN_CLIENT_FIXTURE } from './helpers/broken-clients.js';

const builtCli = path.join(repoRoot, 'dist/src/cli/main.js');
const builtDriver = ['--', 'node', builtCli, 'driver'];

const runBuilt = (args: readonly string[], cwd = repoRoot) => runProcess([builtCli, ...args], { cwd });

test('check client -- event-harness driver: every MUST clause of our client holds, exit 0, JSON report', async (t) => {
  const run = await runBuilt(['check', 'client', '--runs', '3', '--seed', '12', '--reporter', 'json', ...builtDriver]);
  t.is(run.code, 0, run.stderr);
  const report = JSON.parse(run.stdout) as {
    suite: string;
    seed: number;
    passed: boolean;
    clauses: { id: string; level: string; status: string }[];
  };
  t.is(report.suite, 'client');
  t.is(report.seed, 12);
  t.true(report.passed);
  t.true(report.clauses.length >= 18);
  t.deepEqual(
    report.clauses.filter((c) => c.level === 'MUST' && c.status !== 'pass'),
    [],
  );
});

test('--reporter junit --output writes one testcase per clause and still prints the pretty report', async (t) => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'eh-client-junit-'));
  t.teardown(() => rm(dir, { recursive: true, force: true }));
  const run = await runBuilt(
    [
      'check',
      'client',
      '--runs',
      '2',
      '--seed',
      '3',
      '--reporter',
      'junit',
      '--output',
      'client.xml',
      '--only',
      '5.3.write-key',
      '--only',
      '4.3.flush-at',
      ...builtDriver.slice(0, 2),
      builtCli,
      'driver',
    ],
    dir,
  );
  t.is(run.code, 0, run.stderr);
  const xml = await readFile(path.join(dir, 'client.xml'), 'utf8');
  t.regex(xml, /<testsuite name="client" tests="2" failures="0" skipped="0">/);
  t.regex(
    xml,
    /<testcase classname="event-harness\.client\.MUST" name="5\.3\.write-key: carries the write key on every request/,
  );
  t.regex(run.stdout, /^ok {3}MUST {3}4\.3\.flush-at/m);
  t.regex(run.stdout, /result: every MUST clause holds/);
});

test('a broken client: exit 1, the failed clause with its counterexample and a replay command to paste', async (t) => {
  const run = await runCli([
    'check',
    'client',
    '--runs',
    '3',
    '--seed',
    '4',
    '--only',
    '5.3.write-key',
    '--only',
    '2.2.timestamp',
    '--',
    process.execPath,
    '--import',
    tsxLoader,
    BROKEN_CLIENT_FIXTURE,
    'epoch-timestamps',
  ]);
  t.is(run.code, 1, run.stderr);
  t.regex(run.stdout, /^FAIL MUST {3}2\.2\.timestamp/m);
  t.regex(run.stdout, /counterexample:\n\s+\{\n\s+"init": \{/);
  t.regex(
    run.stdout,
    /replay: event-harness check client --seed 4 --runs 3 --only 2\.2\.timestamp( --path [\d:]+)? -- \S+ --import \S+ \S+broken-client-driver\.ts epoch-timestamps$/m,
  );
  t.regex(run.stdout, /result: a MUST clause failed/);
});

test('usage errors and a driver that does not start: exit 2 with a message saying what was received', async (t) => {
  const noDriver = await runCli(['check', 'client', '--runs', '2']);
  t.is(noDriver.code, 2);
  t.regex(noDriver.stderr, /check client: expected -- DRIVER COMMAND\.\.\. at the end; received no --/);
  t.regex(noDriver.stderr, /\nrun `event-harness check client --help` for the options\n$/);
  const empty = await runCli(['check', 'client', '--']);
  t.regex(empty.stderr, /received nothing after --/);
  const stray = await runCli(['check', 'client', 'node', 'driver.js']);
  t.is(stray.code, 2);
  t.regex(stray.stderr, /unexpected "node" "driver\.js" before --; the driver command goes after --/);
  const badRuns = await runCli(['check', 'client', '--runs', '0', '--', 'node', 'x.js']);
  t.regex(badRuns.stderr, /--runs must be a whole number from 1 to 100000; received "0"/);
  const badTimeout = await runCli(['check', 'client', '--settle-timeout-ms', 'soon', '--', 'node', 'x.js']);
  t.regex(badTimeout.stderr, /--settle-timeout-ms must be a whole number from 1 to 600000; received "soon"/);
  const badConcurrency = await runCli(['check', 'client', '--concurrency', '0', '--', 'node', 'x.js']);
  t.is(badConcurrency.code, 2);
  t.regex(badConcurrency.stderr, /--concurrency must be a whole number from 1 to 32; received "0"/);
  const unknownClause = await runCli(['check', 'client', '--only', '9.nope', '--', 'node', 'x.js']);
  t.is(unknownClause.code, 2);
  t.regex(unknownClause.stderr, /--only "9\.nope": no such clause/);
  const crashing = await runCli([
    'check',
    'client',
    '--ready-timeout-ms',
    '5000',
    '--',
    process.execPath,
    '-e',
    'console.log("Traceback: no module named mylib"); process.exit(1)',
  ]);
  t.is(crashing.code, 2);
  t.regex(
    crashing.stderr,
    /^event-harness check client: the driver .* must first print \{"ready": true, "name": "\.\.\.", "capabilities": \[\.\.\.\]\} on stdout; received "Traceback: no module named mylib"$/m,
  );
  const help = await runCli(['check', 'client', '--help']);
  t.is(help.code, 0);
  t.regex(help.stdout, /--runs N {12}runs per property clause \(default 20\)/);
  t.regex(help.stdout, /clauses:\n {2}5\.3\.write-key, 4\.2\.accepted, 2\.3\.valid-calls, /);
  t.regex(help.stdout, /--waive ID {10}accept that this clause does not run/);
  t.regex(help.stdout, /--concurrency N {8}clauses run at once, each on its own driver process/);
  const checkHelp = await runCli(['check', '--help']);
  t.regex(checkHelp.stdout, /event-harness check client --help/);
});

/** The pids a pool of drivers wrote to `file`, one a line, once `count` of them have started (bounded: a pool that never starts fails the test). */
async function driverPids(file: string, count: number): Promise<number[]> {
  for (let waited = 0; waited < 60_000; waited += 50) {
    const pids = await readFile(file, 'utf8').then(
      (text) =>
        text
          .split('\n')
          .filter((line) => line !== '')
          .map(Number),
      () => [],
    );
    if (pids.length >= count) return pids;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`fewer than ${count} driver processes wrote their pid to ${file} within 60 s`);
}

/** Waits (bounded) until none of `pids` runs; answers those still running. */
async function stillRunning(pids: readonly number[]): Promise<number[]> {
  for (let i = 0; i < 60 && pids.some(isProcessRunning); i++) await new Promise((resolve) => setTimeout(resolve, 50));
  return pids.filter(isProcessRunning);
}

/** Two clauses that need nothing first, so the pool runs them at once on two drivers. */
const TWO_ROOTS = ['--only', '5.3.write-key', '--only', '2.3.valid-calls'];

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  test(`stopping check client with ${signal} stops every driver of the pool, though each runs in its own process group`, async (t) => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'eh-client-signal-'));
    t.teardown(() => rm(dir, { recursive: true, force: true }));
    const pidFile = path.join(dir, 'drivers.pid');
    // Ready, then answers everything except flush, which it holds forever, like a client stuck in a retry.
    const driver = `
      require('node:fs').appendFileSync(${JSON.stringify(pidFile)}, process.pid + '\\n');
      console.log(JSON.stringify({ ready: true, name: 'stuck', capabilities: [] }));
      require('node:readline').createInterface({ input: process.stdin }).on('line', (line) => {
        const request = JSON.parse(line);
        if (request.op !== 'flush') console.log(JSON.stringify({ id: request.id, ok: true }));
      });
      process.stdin.on('end', () => setInterval(() => {}, 1000));
    `;
    const child = spawn(
      process.execPath,
      [
        '--import',
        tsxLoader,
        path.join(repoRoot, 'src/cli/main.ts'),
        'check',
        'client',
        ...TWO_ROOTS,
        '--',
        process.execPath,
        '-e',
        driver,
      ],
      { cwd: repoRoot },
    );
    t.teardown(() => {
      if (child.exitCode === null) child.kill('SIGKILL');
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const pids = await driverPids(pidFile, 2);
    child.kill(signal);
    t.is(await exited, signal === 'SIGINT' ? 130 : 143);
    t.deepEqual(await stillRunning(pids), [], 'every driver of the pool was killed with the suite');
  });
}

/** Fails the test with `what` when the promise does not settle within `ms` (a hang must not hang the test run). */
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<T>(
      (_, reject) => (timer = setTimeout(() => reject(new Error(`${what} did not finish within ${ms} ms`)), ms)),
    ),
  ]).finally(() => clearTimeout(timer));
}

/** A driver that answers init, never answers a call, and stays alive when its stdin ends: the idle driver that kept the process up. */
const muteDriver = (pidFile: string) => `
  require('node:fs').appendFileSync(${JSON.stringify(pidFile)}, process.pid + '\\n');
  console.log(JSON.stringify({ ready: true, name: 'mute', capabilities: [] }));
  require('node:readline').createInterface({ input: process.stdin }).on('line', (line) => {
    const request = JSON.parse(line);
    if (request.op === 'init') console.log(JSON.stringify({ id: request.id, ok: true }));
  });
  process.stdin.on('end', () => setInterval(() => {}, 1000));
`;

test('a clause whose first run never ends fails at its hard limit with its own message (it crashed with "Error: null" once); the CLI then ends and every idle driver of the pool is killed', async (t) => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'eh-client-stuck-'));
  t.teardown(() => rm(dir, { recursive: true, force: true }));
  const pidFile = path.join(dir, 'drivers.pid');
  const run = await within(
    runCli([
      'check',
      'client',
      ...TWO_ROOTS,
      '--runs',
      '1',
      '--clause-timeout-ms',
      '1500',
      '--',
      process.execPath,
      '-e',
      muteDriver(pidFile),
    ]),
    180_000,
    'check client against a mute driver',
  );
  t.is(run.code, 1, run.stderr);
  t.notRegex(run.stderr, /Error: null/);
  t.regex(run.stdout, /^FAIL MUST {3}5\.3\.write-key/m);
  // The first run is awaited past the soft limit (its verdict would count), and cut off at the hard limit.
  t.regex(run.stdout, /The clause did not finish within its time limit of 3500 ms and was cut off/);
  t.regex(
    run.stderr,
    /^\[[12]\/2\] FAIL MUST {3}5\.3\.write-key \(\d+\.\d s\) {2}The clause did not finish/m,
    'the progress line',
  );
  // The interrupted clauses restart their driver: at least the two of the pool were started, each must be gone.
  const pids = await driverPids(pidFile, 2);
  t.deepEqual(await stillRunning(pids), [], 'every driver was killed when the suite ended');
});

test('the budget ends a run of the pool: no clause outlasts it, and every driver is killed', async (t) => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'eh-client-budget-'));
  t.teardown(() => rm(dir, { recursive: true, force: true }));
  const pidFile = path.join(dir, 'drivers.pid');
  const run = await within(
    runCli([
      'check',
      'client',
      ...TWO_ROOTS,
      '--runs',
      '1',
      '--budget-ms',
      '2000',
      '--reporter',
      'json',
      '--',
      process.execPath,
      '-e',
      muteDriver(pidFile),
    ]),
    180_000,
    'check client with a 2 s budget',
  );
  t.is(run.code, 1, run.stderr);
  const report = JSON.parse(run.stdout) as {
    passed: boolean;
    clauses: { id: string; status: string; message?: string }[];
  };
  t.false(report.passed);
  // Within the budget each clause's own limit shrinks to what is left: it fails as not finished, or is not run.
  for (const clause of report.clauses)
    t.regex(
      clause.message ?? '',
      /^(The clause did not finish|not (finished|run): the suite's budget of 2000 ms)/,
      clause.id,
    );
  const pids = await driverPids(pidFile, 1);
  t.deepEqual(await stillRunning(pids), [], 'every driver was killed when the budget ran out');
});

test('a driver that cannot run beside itself: exit 2 naming --concurrency 1, and the instance that did start is killed', async (t) => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'eh-client-single-'));
  t.teardown(() => rm(dir, { recursive: true, force: true }));
  const pidFile = path.join(dir, 'drivers.pid');
  const lock = path.join(dir, 'driver.lock');
  // Takes a lock file, like a driver bound to a fixed port: a second instance exits before its ready line.
  const driver = `
    const fs = require('node:fs');
    try { fs.writeFileSync(${JSON.stringify(lock)}, String(process.pid), { flag: 'wx' }); } catch { console.error('locked by another instance'); process.exit(3); }
    fs.appendFileSync(${JSON.stringify(pidFile)}, process.pid + '\\n');
    console.log(JSON.stringify({ ready: true, name: 'single', capabilities: [] }));
    require('node:readline').createInterface({ input: process.stdin }).on('line', (line) => console.log(JSON.stringify({ id: JSON.parse(line).id, ok: true })));
    process.stdin.on('end', () => setInterval(() => {}, 1000));
  `;
  const run = await within(
    runCli(['check', 'client', ...TWO_ROOTS, '--runs', '1', '--', process.execPath, '-e', driver]),
    180_000,
    'check client against a single-instance driver',
  );
  t.is(run.code, 2, run.stderr);
  t.regex(
    run.stderr,
    /exited with code 3 before its ready line \(received nothing on stdout; stderr: locked by another instance\)\. This was driver process 2 of those the suite runs at once \(up to --concurrency 4\); a driver must tolerate several instances of itself at once .*or run the suite with --concurrency 1/,
  );
  t.deepEqual(await stillRunning(await driverPids(pidFile, 1)), [], 'the first driver was killed');
  const alone = await within(
    runCli([
      'check',
      'client',
      ...TWO_ROOTS,
      '--runs',
      '1',
      '--concurrency',
      '1',
      '--reporter',
      'json',
      '--',
      process.execPath,
      '-e',
      driver.replace(JSON.stringify(lock), JSON.stringify(`${lock}2`)),
    ]),
    180_000,
    'check client --concurrency 1',
  );
  t.not(alone.code, 2, alone.stderr);
});

const opsOnlyDriver = (bug: string) => ['--', process.execPath, '--import', tsxLoader, BROKEN_CLIENT_FIXTURE, bug];

test('a driver that lists no capabilities is not let off: every clause runs, a MUST clause that did not run is named, exit 1', async (t) => {
  const env = { BROKEN_CLIENT_CAPABILITIES: '' };
  const broken = await runCli(
    [
      'check',
      'client',
      '--runs',
      '2',
      '--seed',
      '3',
      '--only',
      '5.3.write-key',
      '--only',
      '4.2.accepted',
      '--only',
      '7.retry.5xx',
      '--only',
      '7.retry.429',
      ...opsOnlyDriver('never-retries'),
    ],
    { env },
  );
  t.is(broken.code, 1, broken.stderr);
  t.regex(broken.stdout, /^FAIL MUST {3}7\.retry\.5xx/m, 'retries are judged although the driver lists no "retry"');
  // Named once, under the clause to fix, and not offered for a waiver.
  t.regex(
    broken.stdout,
    /^not checked until 7\.retry\.5xx passes \(fix 7\.retry\.5xx first, then run again\): 1 clause$/m,
  );
  t.notRegex(broken.stdout, /--waive 7\.retry\.429/);
  const left = await runCli(
    [
      'check',
      'client',
      '--runs',
      '2',
      '--seed',
      '3',
      '--only',
      '5.3.write-key',
      '--only',
      '7.retry.5xx',
      '--skip',
      '7.retry.5xx',
      ...opsOnlyDriver('none'),
    ],
    { env },
  );
  t.is(left.code, 1, 'a MUST clause left out is not conformance');
  t.regex(left.stdout, /^result: not conformant: a MUST clause did not run$/m);
  const waived = await runCli(
    [
      'check',
      'client',
      '--runs',
      '2',
      '--seed',
      '3',
      '--reporter',
      'json',
      '--only',
      '5.3.write-key',
      '--only',
      '7.retry.5xx',
      '--waive',
      '7.retry.5xx',
      ...opsOnlyDriver('none'),
    ],
    { env },
  );
  t.is(waived.code, 0, waived.stderr);
  const report = JSON.parse(waived.stdout) as {
    passed: boolean;
    waived: string[];
    notRun: string[];
    clauses: { id: string; status: string; waived?: boolean }[];
  };
  t.deepEqual([report.passed, report.waived, report.notRun], [true, ['7.retry.5xx'], []]);
  t.like(report.clauses[1], { id: '7.retry.5xx', status: 'skip', waived: true });
  t.regex(
    waived.stderr,
    /^waived \(not run, accepted by --waive\): 7\.retry\.5xx$/m,
    'the summary after the progress lines lists it too',
  );
});
