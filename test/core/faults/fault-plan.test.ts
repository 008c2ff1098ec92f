import test from 'ava';
import { FaultPlan, parseFaultRule, seededRandom } from '../../../src/core/faults/index.js';

test('the next N requests get the fault, then requests pass', (t) => {
  const plan = new FaultPlan();
  plan.add({ count: 2, status: 503 });
  t.deepEqual(plan.take('batch'), { status: 503 });
  t.deepEqual(plan.pending(), [{ fault: { status: 503 }, remaining: 1 }]);
  t.deepEqual(plan.take('track'), { status: 503 });
  t.is(plan.take('batch'), undefined);
});

test('retryAfter alone means 429; routes restrict which requests match', (t) => {
  const plan = new FaultPlan();
  plan.add({ retryAfter: 7, routes: ['batch'] });
  t.is(plan.take('track'), undefined);
  t.deepEqual(plan.take('batch'), { status: 429, retryAfter: 7 });
  plan.add({ delayMs: 100, reset: true });
  t.deepEqual(plan.take('i'), { delayMs: 100, reset: true });
});

test('a share draws from the seeded PRNG: the same seed gives the same schedule', (t) => {
  const schedule = (seed: number) => {
    const plan = new FaultPlan(seed);
    plan.add({ share: 0.3, status: 500 });
    return Array.from({ length: 200 }, () => (plan.take('batch') === undefined ? 0 : 1));
  };
  const a = schedule(42);
  t.deepEqual(a, schedule(42));
  t.notDeepEqual(a, schedule(43));
  const hits = a.reduce<number>((n, x) => n + x, 0);
  t.true(hits > 30 && hits < 90, `about 30% of 200, got ${hits}`);
  const plan = new FaultPlan(42);
  plan.add({ share: 0.3, status: 500 });
  plan.clear();
  t.deepEqual(plan.pending(), []);
  t.is(seededRandom(1)(), seededRandom(1)());
});

test('parseFaultRule names the field that is wrong and what it expects', (t) => {
  t.deepEqual(parseFaultRule({ count: 3, status: 503 }), { count: 3, status: 503 });
  const cases: [unknown, RegExp][] = [
    [null, /JSON object/],
    [{ count: 0, status: 500 }, /\/count must be a positive integer; received 0/],
    [{ status: 99 }, /\/status must be an HTTP status 300-599; received 99/],
    [
      { status: 204 },
      /\/status 204 is a success: a faulted request is answered without being handled, so its events would be lost/,
    ],
    [{ status: 200, count: 3 }, /\/status 200 is a success/],
    [{ delayMs: 86_400_001 }, /\/delayMs must be milliseconds from 0 to 86400000 \(one day\); received 86400001/],
    [{ delayMs: 1e308 }, /\/delayMs must be milliseconds from 0 to 86400000/],
    [{ retryAfter: 1e308 }, /\/retryAfter must be seconds from 0 to 86400/],
    [{ share: 2, status: 500 }, /\/share must be a number in \(0, 1\]/],
    [{ retryAfter: -1 }, /\/retryAfter must be seconds/],
    [{ delayMs: 'soon' }, /\/delayMs must be milliseconds/],
    [{ reset: 'yes' }, /\/reset must be true or false/],
    [{ routes: 'batch', status: 500 }, /\/routes must be a list/],
    [{ count: 1 }, /needs at least one of/],
    [{ statuss: 500 }, /unknown fault field "statuss"/],
  ];
  for (const [body, message] of cases) t.throws(() => parseFaultRule(body), { code: 'INVALID_REQUEST', message });
});
