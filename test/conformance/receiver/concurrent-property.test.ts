// checkPropertyConcurrently: a clause's examples run concurrently, bounded, with the verdict, counterexample
// and replay path of fast-check's own sequential run; a failure under load that does not repeat alone lowers
// the bound and is not a verdict.
import test from 'ava';
import fc from 'fast-check';
import { checkProperty, type ClauseEnv } from '../../../conformance/index.js';
import { checkPropertyConcurrently } from '../../../conformance/receiver/concurrent-property.js';
import { createDeliveryLimit } from '../../../conformance/receiver/delivery-limit.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A predicate that takes a few ms, as a delivery does, and records how many of its runs overlap. */
function probe<T>(fails: (value: T) => boolean) {
  const state = { inFlight: 0, maxInFlight: 0, seen: [] as T[] };
  const predicate = async (value: T) => {
    state.inFlight++;
    state.maxInFlight = Math.max(state.maxInFlight, state.inFlight);
    state.seen.push(value);
    await sleep(2);
    state.inFlight--;
    return fails(value) ? { value } : undefined;
  };
  return { state, predicate };
}

const payloads = fc.record({ n: fc.nat({ max: 1_000 }), name: fc.string({ maxLength: 6 }) });
const bigN = (value: { n: number }) => value.n > 600;

for (const seed of [1, 42, 20_261_124, -7]) {
  test(`seed ${seed}: the same counterexample, failure and path as fast-check's sequential run, at most 8 examples in flight`, async (t) => {
    const env: ClauseEnv = { seed, runs: 100 };
    const sequential = probe(bigN);
    const expected = await checkProperty(env, payloads, sequential.predicate);
    const concurrent = probe(bigN);
    const limit = createDeliveryLimit(8);
    const actual = await checkPropertyConcurrently(env, payloads, concurrent.predicate, { limit });
    t.true(expected.failed, 'the seed finds a failure');
    t.deepEqual(actual, expected);
    t.true(
      concurrent.state.maxInFlight > 1,
      `examples ran concurrently (at most ${concurrent.state.maxInFlight} at once)`,
    );
    t.true(concurrent.state.maxInFlight <= 8, `never more than the limit in flight (${concurrent.state.maxInFlight})`);
    t.is(sequential.state.maxInFlight, 1);
    t.is(limit.current, 8, 'a failure that repeats alone is a verdict, not a reason to slow down');
  });
}

test('a passing property runs exactly the examples fast-check runs, concurrently', async (t) => {
  const env: ClauseEnv = { seed: 5, runs: 60 };
  const sequential = probe(() => false);
  t.deepEqual(await checkProperty(env, payloads, sequential.predicate), {
    failed: false,
    numRuns: 60,
    interrupted: false,
  });
  const concurrent = probe(() => false);
  t.deepEqual(
    await checkPropertyConcurrently(env, payloads, concurrent.predicate, { limit: createDeliveryLimit(16) }),
    { failed: false, numRuns: 60, interrupted: false },
  );
  t.deepEqual(concurrent.state.seen, sequential.state.seen, 'the same values, started in the same order');
  t.true(concurrent.state.maxInFlight > 1 && concurrent.state.maxInFlight <= 16);
});

test('maxRuns and endOnFailure are honoured as checkProperty honours them', async (t) => {
  const env: ClauseEnv = { seed: 9, runs: 100 };
  const fails = (value: { n: number }) => value.n % 3 === 0;
  const expected = await checkProperty(env, payloads, probe(fails).predicate, { maxRuns: 30, endOnFailure: true });
  const actual = await checkPropertyConcurrently(env, payloads, probe(fails).predicate, {
    limit: createDeliveryLimit(10),
    maxRuns: 30,
    endOnFailure: true,
  });
  t.true(expected.failed);
  t.deepEqual(actual, expected);
  const counted = probe(() => false);
  t.deepEqual(
    await checkPropertyConcurrently(env, payloads, counted.predicate, { limit: createDeliveryLimit(10), maxRuns: 30 }),
    { failed: false, numRuns: 30, interrupted: false },
  );
  t.is(counted.state.seen.length, 30);
});

test('failures that happen only under load are not verdicts: each is run alone, the limit is halved, the run goes on', async (t) => {
  // A subject that refuses whatever arrives while two others are being handled, and accepts everything alone.
  let inFlight = 0;
  const busy = async () => {
    inFlight++;
    const crowded = inFlight > 2;
    await sleep(3);
    inFlight--;
    return crowded ? 'busy' : undefined;
  };
  const limit = createDeliveryLimit(16);
  const result = await checkPropertyConcurrently({ seed: 3, runs: 80 }, payloads, busy, { limit });
  t.deepEqual(
    result,
    { failed: false, numRuns: 80, interrupted: false },
    'the verdict of the sequential run: every example is accepted alone',
  );
  t.true(limit.current <= 2, `the limit came down to what the subject copes with (${limit.current})`);
  t.true(limit.current >= 1);
});

test('a failure under load that also fails alone is found where the sequential run finds it, after the limit came down', async (t) => {
  let inFlight = 0;
  const predicate = async (value: { n: number }) => {
    inFlight++;
    const crowded = inFlight > 1;
    await sleep(2);
    inFlight--;
    return crowded || value.n > 900 ? 'refused' : undefined;
  };
  const env: ClauseEnv = { seed: 11, runs: 100 };
  const expected = await checkProperty(env, payloads, async (value) => (value.n > 900 ? 'refused' : undefined));
  t.true(expected.failed);
  t.deepEqual(await checkPropertyConcurrently(env, payloads, predicate, { limit: createDeliveryLimit(8) }), expected);
});

test('at a limit of 1, and when replaying a path, the examples run one after another', async (t) => {
  const env: ClauseEnv = { seed: 1, runs: 40 };
  const one = probe(bigN);
  const expected = await checkProperty(env, payloads, probe(bigN).predicate);
  t.deepEqual(
    await checkPropertyConcurrently(env, payloads, one.predicate, { limit: createDeliveryLimit(1) }),
    expected,
  );
  t.is(one.state.maxInFlight, 1);
  if (!expected.failed) return t.fail('seed 1 finds a failure');
  const replay = probe(bigN);
  const replayed = await checkPropertyConcurrently({ ...env, path: expected.path }, payloads, replay.predicate, {
    limit: createDeliveryLimit(8),
  });
  t.deepEqual(replayed, expected, 'the printed path replays the same counterexample');
  t.is(replay.state.maxInFlight, 1);
});

test('a predicate that throws is a bug of the suite: rethrown, not a verdict', async (t) => {
  const error = await t.throwsAsync(
    checkPropertyConcurrently(
      { seed: 2, runs: 20 },
      payloads,
      async (value) => {
        if (value.n > 100) throw new TypeError('suite bug: cannot read x of undefined');
        return undefined;
      },
      { limit: createDeliveryLimit(4) },
    ),
  );
  t.regex(error.message, /suite bug/);
});

test('the examples in flight at the time limit are awaited and judged (each delivery ends by its own deadline); none starts after it', async (t) => {
  const started = Date.now();
  const seen: unknown[] = [];
  const result = await checkPropertyConcurrently(
    { seed: 2, runs: 20, timeLimitMs: 100 },
    payloads,
    (value) => {
      seen.push(value);
      return sleep(600).then(() => undefined);
    },
    { limit: createDeliveryLimit(4) },
  );
  t.deepEqual(result, { failed: false, numRuns: 4, interrupted: true });
  t.is(seen.length, 4, 'one wave, then nothing more');
  t.true(Date.now() - started >= 590, 'the wave was awaited');
  const failing = await checkPropertyConcurrently(
    { seed: 2, runs: 20, timeLimitMs: 100 },
    payloads,
    () => sleep(300).then(() => 'refused'),
    { limit: createDeliveryLimit(4) },
  );
  t.true(failing.failed, 'a failure found in the last wave is kept');
});

test('onScreened is told the number of examples once, whatever was in flight when the first failure came back', async (t) => {
  const calls: number[] = [];
  await checkPropertyConcurrently({ seed: 42, runs: 100 }, payloads, probe(bigN).predicate, {
    limit: createDeliveryLimit(8),
    onScreened: (n) => calls.push(n),
  });
  t.deepEqual(calls, [100]);
});
