// `event-harness check client --protocol e2e-cli` as users run it: the built CLI (npm run build first) against the
// built `event-harness e2e-cli` (our client behind the e2e-cli contract), real child processes throughout.
import test from 'ava';
import path from 'node:path';
import { repoRoot, runProcess } from '../../helpers/spawn-cli.js';

const builtCli = path.join(repoRoot, 'dist/src/cli/main.js');
const runBuilt = (args: readonly string[]) => runProcess([builtCli, ...args], { cwd: repoRoot });

/** The clauses the e2e-cli contract cannot express. */
const NOT_APPLICABLE = [
  '2.3.valid-calls',
  '2.3.invalid-calls.refused',
  '4.2.event-size.refused',
  '4.2.batch-size',
  '4.3.flush',
];

test('check client --protocol e2e-cli -- event-harness e2e-cli: every clause of our client holds, MUST and SHOULD, those the contract cannot express are not applicable, exit 0 within the budget', async (t) => {
  t.timeout(120_000);
  const started = Date.now();
  const run = await runBuilt([
    'check',
    'client',
    '--protocol',
    'e2e-cli',
    '--runs',
    '5',
    '--seed',
    '21',
    '--reporter',
    'json',
    '--',
    process.execPath,
    builtCli,
    'e2e-cli',
  ]);
  const took = Date.now() - started;
  t.is(run.code, 0, run.stderr);
  t.true(took < 60_000 + 10_000, `judged in ${took} ms`);
  const report = JSON.parse(run.stdout) as {
    passed: boolean;
    notRun: string[];
    clauses: { id: string; level: string; status: string; notApplicable?: true; message?: string }[];
  };
  t.true(report.passed);
  t.deepEqual(report.notRun, [], 'a clause the contract cannot express is not counted as not run');
  t.deepEqual(
    report.clauses.filter((c) => c.notApplicable === true).map((c) => c.id),
    NOT_APPLICABLE,
  );
  for (const clause of report.clauses.filter((c) => c.notApplicable === true)) {
    t.is(clause.status, 'skip', `${clause.id} is never passed`);
    t.regex(clause.message ?? '', /^not applicable to the e2e-cli contract: \S/);
  }
  t.deepEqual(
    report.clauses.filter((c) => c.notApplicable !== true && c.status !== 'pass').map((c) => `${c.id}: ${c.message}`),
    [],
  );
  for (const id of ['e2e-cli.result', 'e2e-cli.result.failure', 'e2e-cli.unknown-type'])
    t.true(
      report.clauses.some((c) => c.id === id && c.status === 'pass'),
      id,
    );
  // The progress lines and the summary say so too.
  t.regex(run.stderr, /n\/a +MUST +4\.2\.batch-size/);
});

test('check client --protocol e2e-cli: usage errors exit 2 naming what was received; a CLI that prints no result exits 2 saying what it printed', async (t) => {
  t.timeout(60_000);
  const cases: [readonly string[], RegExp][] = [
    [['--capabilities', 'flushAt', '--', 'x'], /--capabilities is for --protocol e2e-cli; add --protocol e2e-cli/],
    [['--protocol', 'grpc', '--', 'x'], /--protocol must be driver or e2e-cli; received "grpc"/],
    [
      ['--protocol', 'e2e-cli', '--capabilities', 'flushAt,batchSize', '--', 'x'],
      /--capabilities takes flushAt, flushAfter, screen .*received \["batchSize"\]/,
    ],
    [
      ['--protocol', 'e2e-cli', '--api-path', 'v1', '--', 'x'],
      /--api-path must be empty or a path such as \/v1.*received "v1"/,
    ],
    [['--protocol', 'e2e-cli', '--parallel-runs', '40', '--', 'x'], /parallel-runs/],
    [['--protocol', 'e2e-cli', '--http-config', '{nope', '--', 'x'], /--http-config must be a JSON object/],
    [
      ['--protocol', 'e2e-cli', '--http-config', '{"backoffConfig": {"maxRetryCount": "many"}}', '--', 'x'],
      /the httpConfig is not one the settings take .*maxRetryCount/,
    ],
    [['--protocol', 'e2e-cli', '--only', '4.3.flush-later', '--', 'x'], /no such clause/],
    [
      ['--protocol', 'e2e-cli', '--', process.execPath, '-e', 'console.log("hello")', '--'],
      /printed no result \(stdout does not end with a JSON object; its end was "hello"\)/,
    ],
  ];
  for (const [args, message] of cases) {
    const run = await runBuilt(['check', 'client', ...args]);
    t.is(run.code, 2, args.join(' '));
    t.regex(run.stderr, message, args.join(' '));
  }
});
