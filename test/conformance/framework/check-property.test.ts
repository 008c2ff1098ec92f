import test from 'ava';
import fc from 'fast-check';
import { checkProperty, deriveSeed, runSuite, type Clause } from '../../../conformance/index.js';

test('checkProperty answers the shrunk counterexample with the failure it produced, and its path replays it', async (t) => {
  const env = { seed: 42, runs: 200 };
  const result = await checkProperty(env, fc.integer({ min: 0, max: 10_000 }), async (n) => (n > 100 ? { saw: n } : undefined));
  if (!result.failed) return t.fail('a property that fails for n > 100 must fail');
  t.is(result.value, 101);
  t.deepEqual(result.failure, { saw: 101 }, 'the failure is the one of the shrunk value');
  const replayed = await checkProperty({ ...env, path: result.path }, fc.integer({ min: 0, max: 10_000 }), async (n) => (n > 100 ? { saw: n } : undefined));
  t.true(replayed.failed && replayed.value === 101);
  const passing = await checkProperty({ seed: 1, runs: 7 }, fc.nat(), async () => undefined, { maxRuns: 3 });
  t.deepEqual(passing, { failed: false, numRuns: 3 });
});

test('a predicate that throws is a bug of the suite: rethrown, not reported as the target failing', async (t) => {
  await t.throwsAsync(checkProperty({ seed: 1, runs: 5 }, fc.nat(), async () => {
    throw new RangeError('suite bug');
  }), { instanceOf: RangeError, message: 'suite bug' });
});

test('endOnFailure reports the first failing value unshrunk', async (t) => {
  const result = await checkProperty({ seed: 3, runs: 50 }, fc.integer({ min: 1000, max: 2000 }), async (n) => (n > 0 ? n : undefined), { endOnFailure: true });
  t.true(result.failed && result.value >= 1000 && result.failure === result.value);
});

test('clause seeds depend on the run seed and the clause id only', (t) => {
  t.is(deriveSeed(5, '2.2.track'), deriveSeed(5, '2.2.track'));
  t.not(deriveSeed(5, '2.2.track'), deriveSeed(5, '2.2.page'));
  t.not(deriveSeed(5, '2.2.track'), deriveSeed(6, '2.2.track'));
});

test('runSuite: requires gates on a failed clause, skipReason skips, MUST failure fails the report, SHOULD does not', async (t) => {
  const clause = (id: string, level: 'MUST' | 'SHOULD', status: 'pass' | 'fail', extra: Partial<Clause<string>> = {}): Clause<string> => ({
    id,
    level,
    title: id,
    spec: 'test',
    run: async (context, env) => (status === 'pass' ? { status } : { status, message: `${context} ${env.runs}`, counterexample: { n: 1 }, path: '' }),
    ...extra,
  });
  const definition = {
    name: 'demo',
    replayCommand: (context: string) => ['demo', context],
    clauses: [clause('a', 'SHOULD', 'fail'), clause('b', 'MUST', 'pass', { requires: ['a'] }), clause('c', 'MUST', 'pass', { skipReason: () => 'not configured' }), clause('d', 'MUST', 'fail')],
  };
  const seen: string[] = [];
  const report = await runSuite(definition, 'ctx', { seed: 9, runs: 2, onClause: (r) => seen.push(r.id) });
  t.deepEqual(seen, ['a', 'b', 'c', 'd']);
  t.deepEqual(report.clauses.map((c) => c.status), ['fail', 'skip', 'skip', 'fail']);
  t.regex(report.clauses[1]?.message ?? '', /a failed.*fix a first/);
  t.is(report.clauses[2]?.message, 'not configured');
  t.is(report.clauses[3]?.replay, 'demo ctx --seed 9 --runs 2 --only d');
  t.is(report.clauses[0]?.message, 'ctx 2');
  t.false(report.passed);
  const shouldOnly = await runSuite(definition, 'ctx', { seed: 9, only: ['a'] });
  t.true(shouldOnly.passed);
  t.true(Number.isInteger((await runSuite(definition, 'ctx', { only: ['b'] })).seed), 'a random seed when none is given');
});

test('the clause time budget stops shrinking and keeps the smallest failure found so far', async (t) => {
  const slowFailure = async (n: number) => {
    await new Promise((resolve) => setTimeout(resolve, 10));
    return n > 100 ? n : undefined;
  };
  const result = await checkProperty({ seed: 1, runs: 100, timeLimitMs: 150 }, fc.integer({ min: 0, max: 1_000_000 }), slowFailure);
  t.true(result.failed);
  if (result.failed) t.true(result.value > 100 && result.failure === result.value);
});
