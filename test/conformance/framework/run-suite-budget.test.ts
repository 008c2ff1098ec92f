import test from 'ava';
import {
  DEFAULT_BUDGET_MS,
  formatReport,
  groupedProgress,
  progressLine,
  runSuite,
  summaryLines,
  type Clause,
  type ClauseEnv,
  type SuiteWorkers,
} from '../../../conformance/index.js';
import { didYouMean } from '../../../conformance/framework/did-you-mean.js';

const definitionOf = (clauses: Clause<string>[]) => ({
  name: 'demo',
  replayCommand: () => ['demo'],
  clauses,
});

function recording(id: string, seen: Map<string, ClauseEnv>, extra: Partial<Clause<string>> = {}): Clause<string> {
  return {
    id,
    level: 'MUST',
    title: id,
    spec: 'test',
    ...extra,
    run: async (_context, env) => {
      seen.set(id, env);
      return { status: 'pass' };
    },
  };
}

test('each clause gets its share of the budget: 60 s by default, in proportion to its cost among the clauses not yet started', async (t) => {
  t.is(DEFAULT_BUDGET_MS, 60_000);
  const seen = new Map<string, ClauseEnv>();
  await runSuite(definitionOf([recording('a', seen, { cost: 2 }), recording('b', seen), recording('c', seen)]), 'ctx', {
    seed: 1,
  });
  const share = (id: string) => seen.get(id)?.timeLimitMs ?? Number.NaN;
  // a: 2 of 4 cost units of 60 s; b: 1 of 2 of what is left; c: all that is left (at most 80% of it).
  t.true(Math.abs(share('a') - 30_000) < 500, `a: ${share('a')}`);
  t.true(Math.abs(share('b') - 30_000) < 500, `b: ${share('b')}`);
  t.true(Math.abs(share('c') - 48_000) < 500, `c: ${share('c')}`);
  const small = new Map<string, ClauseEnv>();
  await runSuite(definitionOf([recording('a', small), recording('b', small)]), 'ctx', {
    seed: 1,
    budgetMs: 1_000,
    clauseTimeLimitMs: 300,
  });
  t.is(small.get('a')?.timeLimitMs, 300, 'never beyond the clause limit');
});

test('after: a clause waits for the clauses it reads, whatever their verdict, and is not skipped when they fail', async (t) => {
  const order: string[] = [];
  const timed = (
    id: string,
    ms: number,
    status: 'pass' | 'fail',
    extra: Partial<Clause<string>> = {},
  ): Clause<string> => ({
    id,
    level: 'MUST',
    title: id,
    spec: 'test',
    ...extra,
    run: async () => {
      order.push(`${id} start`);
      await new Promise((resolve) => setTimeout(resolve, ms));
      order.push(`${id} end`);
      return status === 'pass' ? { status } : { status, message: 'no' };
    },
  });
  const contexts = ['w1', 'w2', 'w3'];
  const workers: SuiteWorkers<string> = { size: 3, start: async () => contexts.shift() ?? 'w' };
  const report = await runSuite(
    definitionOf([
      timed('kind', 150, 'fail'),
      timed('reader', 10, 'pass', { after: ['kind'] }),
      timed('other', 10, 'pass'),
    ]),
    'ctx',
    { seed: 1 },
    workers,
  );
  t.true(order.indexOf('reader start') > order.indexOf('kind end'), order.join(', '));
  t.true(order.indexOf('other start') < order.indexOf('kind end'), 'the others run beside it');
  t.deepEqual(
    report.clauses.map((c) => [c.id, c.status]),
    [
      ['kind', 'fail'],
      ['reader', 'pass'],
      ['other', 'pass'],
    ],
  );
});

const failing = (id: string): Clause<string> => ({
  id,
  level: 'MUST',
  title: id,
  spec: 'test',
  run: async () => ({ status: 'fail', message: 'broken' }),
});

test('a clause that builds on one not checked is not checked either, naming the failed clause at the root; reports list them once, under one line, and suggest no waiver for them', async (t) => {
  const seen = new Map<string, ClauseEnv>();
  const clauses = [
    failing('root'),
    recording('child', seen, { requires: ['root'] }),
    recording('grandchild', seen, { requires: ['child'] }),
    recording('third', seen, { requires: ['root'] }),
    recording('free', seen, { skipReason: () => 'nothing to run it with' }),
  ];
  const progress: string[] = [];
  const grouped = groupedProgress((line) => progress.push(line));
  const report = await runSuite(definitionOf(clauses), 'ctx', { seed: 1, onClause: grouped.onClause });
  grouped.end();
  t.deepEqual(
    report.clauses.map((c) => [c.id, c.status, c.blockedBy]),
    [
      ['root', 'fail', undefined],
      ['child', 'skip', 'root'],
      ['grandchild', 'skip', 'root'],
      ['third', 'skip', 'root'],
      ['free', 'skip', undefined],
    ],
  );
  t.false(seen.has('grandchild'), 'never ran');
  const pretty = formatReport(report, 'pretty');
  t.is(pretty.match(/not checked until root passes/g)?.length, 2, 'once in the list, once in the summary');
  t.regex(
    pretty,
    /^skip {8}not checked until root passes \(fix root first, then run again\): 3 clauses:\n {7}child, grandchild, third$/m,
  );
  t.notRegex(pretty, /not checked: root failed/, 'no line per clause');
  const summary = summaryLines(report).join('\n');
  t.regex(summary, /^to accept them as not run: --waive free$/m);
  t.notRegex(summary, /--waive (child|grandchild|third)/);
  t.deepEqual(progress.length, 3, progress.join(''));
  t.regex(
    progress[1] ?? '',
    /^\[2-4\/5\] skip child, grandchild, third {2}not checked until root passes; fix root first\n$/,
  );
});

test('didYouMean names the option or command meant, and nothing when none is close', (t) => {
  t.is(didYouMean('--sed', ['--seed', '--secret', '--runs']), '--seed');
  t.is(didYouMean('--secert', ['--seed', '--secret', '--runs']), '--secret');
  t.is(didYouMean('recevier', ['receiver', 'client']), 'receiver');
  t.is(didYouMean('--budget', ['--budget-ms', '--runs']), '--budget-ms');
  t.is(didYouMean('--verbose', ['--seed', '--secret', '--runs']), undefined);
});

test('a clause that passed after fewer runs than asked, its share of the budget spent, says so in its progress line (the report stays the same)', async (t) => {
  const short: Clause<string> = {
    id: 'short',
    level: 'MUST',
    title: 'short',
    spec: 'test',
    run: async () => ({ status: 'pass', runs: { ran: 3, asked: 20 } }),
  };
  const lines: string[] = [];
  const report = await runSuite(definitionOf([short]), 'ctx', {
    seed: 1,
    onClause: (result, progress) => lines.push(progressLine(result, progress)),
  });
  t.deepEqual(report.clauses, [{ id: 'short', level: 'MUST', status: 'pass' }]);
  t.regex(lines[0] ?? '', /^\[1\/1\] ok {3}MUST {3}short \(\d\.\d s, 3 of 20 runs within its share of the budget\)/);
});

test('JUnit and Markdown count a failed prerequisite once: the clauses it keeps from being judged are skipped there, naming it', async (t) => {
  const seen = new Map<string, ClauseEnv>();
  const report = await runSuite(
    definitionOf([failing('root'), recording('child', seen, { requires: ['root'] }), recording('other', seen)]),
    'ctx',
    { seed: 1 },
  );
  const xml = formatReport(report, 'junit');
  t.regex(xml, /tests="3" failures="1" skipped="1"/);
  t.regex(xml, /<skipped message="not checked until root passes: fix root first"\/>/);
  t.regex(formatReport(report, 'markdown'), /\| ⏭️ not checked \(fix `root` first\) \| MUST \| `child` \|/);
});
