import test from 'ava';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { runCli } from '../../helpers/spawn-cli.js';

const report = {
  suite: 'receiver',
  seed: 5,
  passed: false,
  clauses: [
    { id: '4.1.no-redirect', level: 'MUST', status: 'pass' },
    {
      id: '4.1.timeout',
      level: 'MUST',
      status: 'fail',
      message: 'no answer in 5000 ms',
      replay: 'event-harness check receiver http://127.0.0.1:9/ --seed 5 --only 4.1.timeout',
    },
  ],
  waived: [],
  notRun: [],
};

test('report writes a saved JSON report as JUnit and Markdown, with the clause titles of its suite', async (t) => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'event-harness-report-'));
  t.teardown(() => rm(dir, { recursive: true, force: true }));
  await writeFile(path.join(dir, 'report.json'), JSON.stringify(report));
  const junit = await runCli(['report', 'report.json', '--reporter', 'junit', '--output', 'junit.xml'], { cwd: dir });
  t.is(junit.code, 0, junit.stderr);
  const xml = await readFile(path.join(dir, 'junit.xml'), 'utf8');
  t.regex(
    xml,
    /<testcase classname="event-harness\.receiver\.MUST" name="4\.1\.timeout: [^"]+">\n {6}<failure message="MUST 4\.1\.timeout: no answer in 5000 ms"/,
  );
  const markdown = await runCli(['report', 'report.json', '--reporter', 'markdown'], { cwd: dir });
  t.is(markdown.code, 0, markdown.stderr);
  t.regex(markdown.stdout, /^## event-harness receiver suite: ❌ not conformant/);
  t.regex(markdown.stdout, /^#### ❌ MUST `4\.1\.timeout`: /m);
  t.regex(markdown.stdout, /event-harness check receiver http:\/\/127\.0\.0\.1:9\/ --seed 5 --only 4\.1\.timeout/);
});

test('report refuses what is not a suite report, saying what is wrong, with exit 2', async (t) => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'event-harness-report-'));
  t.teardown(() => rm(dir, { recursive: true, force: true }));
  await writeFile(
    path.join(dir, 'bad.json'),
    '{"suite": "receiver", "seed": 1, "passed": true, "clauses": [{"id": "x", "level": "MAY", "status": "pass"}]}',
  );
  await writeFile(path.join(dir, 'text.json'), 'not json');
  const cases: [string[], RegExp][] = [
    [['report', 'bad.json'], /clauses\[0\] must have an id, a level \(MUST or SHOULD\)/],
    [['report', 'text.json'], /"text\.json" is not JSON/],
    [['report', 'missing.json'], /cannot read "missing\.json" \(ENOENT\)/],
    [
      ['report', 'bad.json', '--reporter', 'html'],
      /--reporter must be one of pretty, json, junit, markdown; received "html"/,
    ],
    [['report'], /expected one JSON report FILE; received none/],
  ];
  for (const [args, expected] of cases) {
    const run = await runCli(args, { cwd: dir });
    t.is(run.code, 2, args.join(' '));
    t.regex(run.stderr, expected);
  }
});
