import test from 'ava';
import fc from 'fast-check';
import { checkProperty, deriveSeed, runSuite, type Clause } from '../../../conformance/index.js';

test('checkProperty answers the shrunk counterexample with the failure it produced, and its path replays it', async (t) => {
  const env = { seed: 42, runs: 200 };
  const result = await checkProperty(env, fc.integer({ min: 0, max: 10_000 }), async (n) =>
    n > 100 ? { saw: n } : undefined,
  );
  if (!result.failed) return t.fail('a property that fails for n > 100 must fail');
  t.is(result.value, 101);
  t.deepEqual(result.failure, { saw: 101 }, 'the failure is the one of the shrunk value');
  const replayed = await checkProperty({ ...env, path: result.path }, fc.integer({ min: 0, max: 10_000 }), async (n) =>
    n > 100 ? { saw: n } : undefined,
  );
  t.true(replayed.failed && replayed.value === 101);
  const passing = await checkProperty({ seed: 1, runs: 7 }, fc.nat(), async () => undefined, { maxRuns: 3 });
  t.deepEqual(passing, { failed: false, numRuns: 3, interrupted: false });
});

test('a predicate that throws is a bug of the suite: rethrown, not reported as the target failing', async (t) => {
  await t.throwsAsync(
    checkProperty({ seed: 1, runs: 5 }, fc.nat(), async () => {
      throw new RangeError('suite bug');
    }),
    { instanceOf: RangeError, message: 'suite bug' },
  );
});

test('endOnFailure reports the first failing value unshrunk', async (t) => {
  const result = await checkProperty(
    { seed: 3, runs: 50 },
    fc.integer({ min: 1000, max: 2000 }),
    async (n) => (n > 0 ? n : undefined),
    { endOnFailure: true },
  );
  t.true(result.failed && result.value >= 1000 && result.failure === result.value);
});

test('clause seeds depend on the run seed and the clause id only', (t) => {
  t.is(deriveSeed(5, '2.2.track'), deriveSeed(5, '2.2.track'));
  t.not(deriveSeed(5, '2.2.track'), deriveSeed(5, '2.2.page'));
  t.not(deriveSeed(5, '2.2.track'), deriveSeed(6, '2.2.track'));
});

test('runSuite: requires gates on a failed clause, skipReason skips, MUST failure fails the report, SHOULD does not', async (t) => {
  const clause = (
    id: string,
    level: 'MUST' | 'SHOULD',
    status: 'pass' | 'fail',
    extra: Partial<Clause<string>> = {},
  ): Clause<string> => ({
    id,
    level,
    title: id,
    spec: 'test',
    run: async (context, env) =>
      status === 'pass'
        ? { status }
        : { status, message: `${context} ${env.runs}`, counterexample: { n: 1 }, path: '' },
    ...extra,
  });
  const definition = {
    name: 'demo',
    replayCommand: (context: string) => ['demo', context],
    clauses: [
      clause('a', 'SHOULD', 'fail'),
      clause('b', 'MUST', 'pass', { requires: ['a'] }),
      clause('c', 'MUST', 'pass', { skipReason: () => 'not configured' }),
      clause('d', 'MUST', 'fail'),
    ],
  };
  const seen: string[] = [];
  const report = await runSuite(definition, 'ctx', { seed: 9, runs: 2, onClause: (r) => seen.push(r.id) });
  t.deepEqual(seen, ['a', 'b', 'c', 'd']);
  t.deepEqual(
    report.clauses.map((c) => c.status),
    ['fail', 'skip', 'skip', 'fail'],
  );
  t.regex(report.clauses[1]?.message ?? '', /a failed.*fix a first/);
  t.is(report.clauses[2]?.message, 'not configured');
  t.is(report.clauses[3]?.replay, 'demo ctx --seed 9 --runs 2 --only d');
  t.is(report.clauses[0]?.message, 'ctx 2');
  t.false(report.passed);
  const shouldOnly = await runSuite(definition, 'ctx', { seed: 9, only: ['a'] });
  t.true(shouldOnly.passed);
  t.true(
    Number.isInteger((await runSuite(definition, 'ctx', { only: ['b'] })).seed),
    'a random seed when none is given',
  );
});

test('the clause time budget stops shrinking and keeps the smallest failure found so far', async (t) => {
  const slowFailure = async (n: number) => {
    await new Promise((resolve) => setTimeout(resolve, 50));
    return n > 100 ? n : undefined;
  };
  // The first run takes 50 ms: well inside the limit on a loaded machine; the twenty-odd shrink steps are not.
  const result = await checkProperty(
    { seed: 1, runs: 100, timeLimitMs: 600 },
    fc.integer({ min: 0, max: 1_000_000 }),
    slowFailure,
  );
  t.true(result.failed);
  if (result.failed) t.true(result.value > 100 && result.failure === result.value);
});

test('a property whose passing runs outlast the time limit says it was interrupted (its last run may still be going on)', async (t) => {
  const slowPass = async () => {
    await new Promise((resolve) => setTimeout(resolve, 100));
    return undefined;
  };
  const result = await checkProperty({ seed: 1, runs: 100, timeLimitMs: 500 }, fc.nat(), slowPass);
  t.false(result.failed);
  t.true(result.interrupted);
  t.true(!result.failed && result.numRuns < 100);
});

test("a first run that outlasts the time limit is awaited: its verdict is the clause's, unshrunk (a share shorter than one run costs runs, never the verdict)", async (t) => {
  const slowFailure = async (n: number) => {
    await new Promise((resolve) => setTimeout(resolve, 300));
    return n >= 0 ? `found ${n}` : undefined;
  };
  const failed = await checkProperty({ seed: 1, runs: 5, timeLimitMs: 50 }, fc.nat(), slowFailure);
  t.true(failed.failed);
  if (failed.failed) {
    t.is(failed.failure, `found ${failed.value}`);
    t.is(failed.path, '0');
  }
  const slowPass = async () => {
    await new Promise((resolve) => setTimeout(resolve, 300));
    return undefined;
  };
  const passed = await checkProperty({ seed: 1, runs: 5, timeLimitMs: 50 }, fc.nat(), slowPass);
  t.deepEqual(passed, { failed: false, numRuns: 1, interrupted: true });
});

const hanging = (id: string, level: 'MUST' | 'SHOULD' = 'MUST'): Clause<string> => ({
  id,
  level,
  title: id,
  spec: 'test',
  run: () => new Promise(() => undefined),
});
const passing = (id: string, level: 'MUST' | 'SHOULD' = 'MUST'): Clause<string> => ({
  id,
  level,
  title: id,
  spec: 'test',
  run: async () => ({ status: 'pass' }),
});
const definitionOf = (clauses: Clause<string>[], interrupted: string[] = []) => ({
  name: 'demo',
  replayCommand: () => ['demo'],
  clauses,
  interrupt: async (context: string) => void interrupted.push(context),
});

test('runSuite: a clause that never finishes fails at its hard limit with its own message, the subject is interrupted, and the next clause runs', async (t) => {
  const interrupted: string[] = [];
  const started = Date.now();
  const report = await runSuite(definitionOf([hanging('a'), passing('b')], interrupted), 'ctx', {
    seed: 1,
    clauseTimeLimitMs: 50,
  });
  t.true(Date.now() - started < 10_000, 'ended at the hard limit (limit + 2 s grace), not never');
  t.deepEqual(
    report.clauses.map((c) => c.status),
    ['fail', 'pass'],
  );
  t.regex(
    report.clauses[0]?.message ?? '',
    /^The clause did not finish within its time limit of 2050 ms and was cut off/,
  );
  t.deepEqual(interrupted, ['ctx']);
  t.false(report.passed);
});

test('runSuite: a clause whose property first run never ends is cut off at its hard limit with its own message, and the subject is interrupted', async (t) => {
  const interrupted: string[] = [];
  const slow: Clause<string> = {
    id: 'slow',
    level: 'MUST',
    title: 'slow',
    spec: 'test',
    run: async (_context, env) => {
      await checkProperty(env, fc.nat(), () => new Promise<undefined>(() => undefined));
      return { status: 'pass' };
    },
  };
  const report = await runSuite(definitionOf([slow, passing('b')], interrupted), 'ctx', {
    seed: 1,
    clauseTimeLimitMs: 100,
  });
  t.deepEqual(
    report.clauses.map((c) => [c.id, c.status]),
    [
      ['slow', 'fail'],
      ['b', 'pass'],
    ],
  );
  t.regex(
    report.clauses[0]?.message ?? '',
    /^The clause did not finish within its time limit of 2100 ms and was cut off/,
  );
  t.deepEqual(interrupted, ['ctx']);
});

test('runSuite: an error thrown by a clause fails that clause with the message; fatal errors of the definition end the run', async (t) => {
  const throwing: Clause<string> = {
    id: 'x',
    level: 'MUST',
    title: 'x',
    spec: 'test',
    run: async () => {
      throw new Error('socket hang up');
    },
  };
  const report = await runSuite(definitionOf([throwing, passing('b')]), 'ctx', { seed: 1 });
  t.regex(report.clauses[0]?.message ?? '', /^The clause could not be judged: socket hang up\./);
  t.is(report.clauses[1]?.status, 'pass');
  await t.throwsAsync(runSuite({ ...definitionOf([throwing]), isFatal: () => true }, 'ctx', { seed: 1 }), {
    message: 'socket hang up',
  });
});

test('runSuite: the budget ends the run; MUST clauses that did not run fail the report unless waived, and waivers are listed', async (t) => {
  // 1 s, not less: on a loaded machine the first clause must still start before the budget runs out.
  const report = await runSuite(definitionOf([hanging('a'), passing('b'), passing('c', 'SHOULD')]), 'ctx', {
    seed: 1,
    budgetMs: 1_000,
  });
  t.deepEqual(
    report.clauses.map((c) => c.status),
    ['skip', 'skip', 'skip'],
  );
  t.regex(
    report.clauses[0]?.message ?? '',
    /^not finished: the suite's budget of 1000 ms ran out \d+ ms into this clause/,
  );
  t.regex(
    report.clauses[1]?.message ?? '',
    /^not run: the suite's budget of 1000 ms was spent before this clause's turn/,
  );
  t.deepEqual(report.notRun, ['a', 'b'], 'a SHOULD clause that did not run is not a MUST left undone');
  t.false(report.passed);
  const skipped = await runSuite(definitionOf([passing('a'), passing('b')]), 'ctx', { seed: 1, skip: ['b'] });
  t.deepEqual(skipped.notRun, ['b']);
  t.false(skipped.passed, 'a MUST clause left out with --skip is not conformance');
  const waived = await runSuite(definitionOf([passing('a'), hanging('b')]), 'ctx', { seed: 1, waive: ['b'] });
  t.true(waived.passed);
  t.deepEqual(waived.waived, ['b']);
  t.deepEqual(waived.notRun, []);
  t.like(waived.clauses[1], { status: 'skip', waived: true });
  // A skip is not a pass: a MUST clause nothing was given to run with did not run, unless waived by name.
  const unconfigured = definitionOf([passing('a'), { ...passing('b'), skipReason: () => 'no secret given' }]);
  const notConfigured = await runSuite(unconfigured, 'ctx', { seed: 1 });
  t.like(notConfigured.clauses[1], { status: 'skip', message: 'no secret given' });
  t.deepEqual(notConfigured.notRun, ['b']);
  t.false(notConfigured.passed, 'a MUST clause skipped for want of configuration is not conformance');
  t.true((await runSuite(unconfigured, 'ctx', { seed: 1, waive: ['b'] })).passed);
  // Only a clause about another kind of subject is outside the run.
  const outside = await runSuite(
    definitionOf([passing('a'), { ...passing('b'), outsideSuite: () => 'another destination kind' }]),
    'ctx',
    { seed: 1 },
  );
  t.like(outside.clauses[1], { status: 'skip', message: 'another destination kind', notApplicable: true });
  t.is(notConfigured.clauses[1]?.notApplicable, undefined, 'a clause nothing was given to run with is not marked n/a');
  t.deepEqual(outside.notRun, []);
  t.true(outside.passed, 'a clause outside the suite of this kind is not a MUST left undone');
  // Outside the suite whatever else failed: a failed requirement does not turn it into a MUST left undone.
  const failingRoot: Clause<string> = {
    ...passing('root'),
    run: async () => ({ status: 'fail', message: 'root broke' }),
  };
  const afterFailure = await runSuite(
    definitionOf([
      failingRoot,
      { ...passing('b'), requires: ['root'], outsideSuite: () => 'another destination kind' },
      { ...passing('c'), requires: ['root'] },
    ]),
    'ctx',
    { seed: 1 },
  );
  t.like(afterFailure.clauses[1], { status: 'skip', message: 'another destination kind', notApplicable: true });
  t.is(afterFailure.clauses[2]?.status, 'skip');
  t.regex(afterFailure.clauses[2]?.message ?? '', /fix root first/);
  t.deepEqual(afterFailure.notRun, ['c']);
  await t.throwsAsync(runSuite(definitionOf([passing('a')]), 'ctx', { waive: ['zz'] }), {
    message: /--waive "zz": no such clause/,
  });
});

test('runSuite: onClause sees each clause as it finishes, with its position and time', async (t) => {
  const seen: string[] = [];
  await runSuite(definitionOf([passing('a'), passing('b')]), 'ctx', {
    seed: 1,
    onClause: (r, p) => seen.push(`${p.index + 1}/${p.total} ${r.id} ${p.durationMs >= 0 ? 'timed' : ''}`),
  });
  t.deepEqual(seen, ['1/2 a timed', '2/2 b timed']);
});

/** A clause that records when it ran and on which context, taking `ms` of real time. */
const timed = (
  id: string,
  ms: number,
  log: { id: string; context: string; start: number; end: number }[],
  extra: Partial<Clause<string>> = {},
): Clause<string> => ({
  id,
  level: 'MUST',
  title: id,
  spec: 'test',
  run: async (context) => {
    const start = Date.now();
    await new Promise((resolve) => setTimeout(resolve, ms));
    log.push({ id, context, start, end: Date.now() });
    return { status: 'pass' };
  },
  ...extra,
});

test('runSuite with workers: clauses run side by side on their own contexts, each after the clauses it requires; the report keeps the suite order', async (t) => {
  const log: { id: string; context: string; start: number; end: number }[] = [];
  let starts = 0;
  const clauses = [
    timed('root', 50, log),
    timed('a', 300, log, { requires: ['root'] }),
    timed('b', 300, log, { requires: ['root'] }),
    timed('c', 300, log, { requires: ['root'] }),
    timed('after-a', 10, log, { requires: ['a'] }),
  ];
  const progress: string[] = [];
  const started = Date.now();
  const report = await runSuite(
    definitionOf(clauses),
    'w0',
    { seed: 1, onClause: (r, p) => progress.push(`${p.index}:${p.position}:${r.id}`) },
    { size: 3, start: async () => `w${++starts}` },
  );
  const elapsed = Date.now() - started;
  t.deepEqual(
    report.clauses.map((c) => c.id),
    ['root', 'a', 'b', 'c', 'after-a'],
    'the report lists clauses in the suite order',
  );
  t.is(starts, 2, 'two more workers for three clauses at once');
  const at = (id: string) => log.find((entry) => entry.id === id)!;
  for (const id of ['a', 'b', 'c'])
    t.true(at(id).start >= at('root').end, `${id} starts after root, which it requires`);
  t.true(at('after-a').start >= at('a').end, 'after-a starts after a');
  t.is(new Set(['a', 'b', 'c'].map((id) => at(id).context)).size, 3, 'a, b and c ran on three different contexts');
  // Serially they take 960 ms; side by side about 360 ms. The bound leaves room for a loaded machine.
  t.true(elapsed < 900, `side by side: ${elapsed} ms`);
  t.deepEqual(
    progress.map((p) => p.split(':')[0]),
    ['0', '1', '2', '3', '4'],
    'progress counts clauses as they finish',
  );
  t.is(progress[0], '0:0:root');
  t.true(report.passed);
});

test('runSuite with workers: no more workers than clauses that run; --concurrency 1 keeps one context', async (t) => {
  const log: { id: string; context: string; start: number; end: number }[] = [];
  let starts = 0;
  const start = async () => `w${++starts}`;
  await runSuite(
    definitionOf([timed('a', 1, log), timed('b', 1, log), timed('c', 1, log)]),
    'w0',
    { seed: 1, only: ['a', 'b'] },
    { size: 4, start },
  );
  t.is(starts, 1, 'two clauses: one more worker');
  starts = 0;
  log.length = 0;
  await runSuite(definitionOf([timed('a', 20, log), timed('b', 20, log)]), 'w0', { seed: 1 }, { size: 1, start });
  t.is(starts, 0);
  t.deepEqual(
    log.map((e) => `${e.id}@${e.context}`),
    ['a@w0', 'b@w0'],
  );
  t.true(log[1]!.start >= log[0]!.end, 'one after another');
});

test('runSuite with workers: a worker that cannot start, or a fatal error, ends the run and interrupts the clauses still running elsewhere', async (t) => {
  const interrupted: string[] = [];
  const failingStart = runSuite(
    definitionOf([hanging('a'), hanging('b')], interrupted),
    'w0',
    { seed: 1 },
    {
      size: 2,
      start: async () => {
        await new Promise((resolve) => setTimeout(resolve, 50));
        throw new Error('the second driver did not start');
      },
    },
  );
  await t.throwsAsync(failingStart, { message: 'the second driver did not start' });
  t.deepEqual(interrupted, ['w0'], 'the clause hanging on the first worker was interrupted');
  interrupted.length = 0;
  const fatal: Clause<string> = {
    id: 'f',
    level: 'MUST',
    title: 'f',
    spec: 'test',
    run: async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
      throw new Error('driver gone');
    },
  };
  let starts = 0;
  const seen: string[] = [];
  await t.throwsAsync(
    runSuite(
      { ...definitionOf([hanging('a'), fatal], interrupted), isFatal: () => true },
      'w0',
      { seed: 1, onClause: (r) => seen.push(r.id) },
      { size: 2, start: async () => `w${++starts}` },
    ),
    { message: 'driver gone' },
  );
  t.deepEqual(interrupted, ['w0'], 'the hanging clause on the other worker was interrupted');
  t.deepEqual(seen, [], 'nothing is reported after the run ended');
});

test('runSuite with workers: a clause judged after another starts beside it, and its verdict becomes "fix X first" when that one failed', async (t) => {
  const log: { id: string; context: string; start: number; end: number }[] = [];
  const failing: Clause<string> = {
    ...timed('slow-root', 200, log),
    run: async (context) => {
      const start = Date.now();
      await new Promise((resolve) => setTimeout(resolve, 200));
      log.push({ id: 'slow-root', context, start, end: Date.now() });
      return { status: 'fail', message: 'broken' };
    },
  };
  const progress: string[] = [];
  let starts = 0;
  const report = await runSuite(
    definitionOf([
      failing,
      timed('beside', 20, log, { judgedAfter: ['slow-root'] }),
      timed('after', 20, log, { requires: ['slow-root'] }),
    ]),
    'w0',
    { seed: 1, onClause: (r) => progress.push(r.id) },
    { size: 3, start: async () => `w${++starts}` },
  );
  const at = (id: string) => log.find((entry) => entry.id === id);
  t.true(at('beside')!.start < at('slow-root')!.end, 'beside started before slow-root ended');
  t.is(at('after'), undefined, 'a clause that requires it did not run at all');
  t.deepEqual(
    report.clauses.map((c) => [c.id, c.status]),
    [
      ['slow-root', 'fail'],
      ['beside', 'skip'],
      ['after', 'skip'],
    ],
  );
  t.regex(report.clauses[1]?.message ?? '', /^not checked: slow-root failed.*fix slow-root first$/);
  t.deepEqual(
    progress,
    ['slow-root', 'beside', 'after'],
    'the held verdict is reported once the clause it waited on finished',
  );
  const sequential = await runSuite(
    definitionOf([failing, timed('beside', 20, log, { judgedAfter: ['slow-root'] })]),
    'w0',
    { seed: 1 },
  );
  t.is(sequential.clauses[1]?.status, 'skip', 'one at a time it acts as requires');
  log.length = 0;
  const passingRoot = await runSuite(
    definitionOf([timed('root', 50, log), timed('beside', 10, log, { judgedAfter: ['root'] })]),
    'w0',
    { seed: 1 },
    { size: 2, start: async () => 'w1' },
  );
  t.deepEqual(
    passingRoot.clauses.map((c) => c.status),
    ['pass', 'pass'],
  );
});

test('lanes: the runs are made side by side, and the report is the one of runs made one at a time (value, failure, path)', async (t) => {
  const arbitrary = fc.integer({ min: 0, max: 10_000 });
  const predicate = async (n: number) => (n > 100 ? { saw: n } : undefined);
  const alone = await checkProperty({ seed: 42, runs: 200 }, arbitrary, predicate);
  const byLane = new Map<number, number>();
  let atOnce = 0;
  let most = 0;
  const lanes = {
    count: 4,
    async checkOn(n: number, lane: number) {
      byLane.set(lane, (byLane.get(lane) ?? 0) + 1);
      most = Math.max(most, ++atOnce);
      await new Promise((resolve) => setTimeout(resolve, 5));
      atOnce--;
      return predicate(n);
    },
  };
  const sideBySide = await checkProperty({ seed: 42, runs: 200 }, arbitrary, predicate, {}, lanes);
  t.deepEqual(sideBySide, alone);
  t.is(most, 4, 'four runs at once');
  t.true(byLane.size > 1, 'on several lanes');
  // A property that holds: every run is made on the lanes, none again on lane 0.
  const seen: number[] = [];
  const passing = await checkProperty(
    { seed: 5, runs: 12 },
    fc.nat(),
    async () => {
      seen.push(-1);
      return undefined;
    },
    {},
    { count: 3, checkOn: async (n) => void seen.push(n) },
  );
  t.deepEqual(passing, { failed: false, numRuns: 12, interrupted: false });
  t.is(seen.length, 12);
  t.false(seen.includes(-1), 'the predicate itself ran no run: each came from a lane');
  t.deepEqual(
    seen.sort((a, b) => a - b),
    fc
      .sample(fc.nat(), { seed: 5, numRuns: 12 })
      .slice()
      .sort((a, b) => a - b),
  );
});

test('lanes: past the time limit no run starts (the first always does); those that ran decide, and the result says it was cut short', async (t) => {
  let started = 0;
  const result = await checkProperty(
    { seed: 9, runs: 50, timeLimitMs: 120 },
    fc.nat(),
    async () => undefined,
    {},
    {
      count: 2,
      async checkOn() {
        started++;
        await new Promise((resolve) => setTimeout(resolve, 50));
        return undefined;
      },
    },
  );
  t.false(result.failed);
  t.true(started >= 2 && started < 50, `${started} runs`);
  t.deepEqual(result, { failed: false, numRuns: started, interrupted: true });
  // A lane that throws is a bug of the suite: rethrown.
  await t.throwsAsync(
    checkProperty(
      { seed: 1, runs: 5 },
      fc.nat(),
      async () => undefined,
      {},
      {
        count: 2,
        checkOn: async () => {
          throw new RangeError('lane bug');
        },
      },
    ),
    { instanceOf: RangeError },
  );
});
