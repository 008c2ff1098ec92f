import test from 'ava';
import { createFakeClock, type Clock } from '../../../src/clock/index.js';
import { WebhookDispatcher } from '../../../src/actors/dispatcher/index.js';
import { MemoryDeliveryStore } from '../../../src/domain/delivery/memory-delivery-store.js';
import type { WebhookTransport } from '../../../src/domain/delivery/index.js';
import { RunBudgetExceededError } from '../../../src/errors/index.js';

const settings = { webhooks: [{ url: 'http://receiver.test/hook' }] };
const event = { type: 'track', userId: 'u1', event: 'E', messageId: 'm-1' };

/**
 * A real clock the test moves: each read is `step` ms after the last, so budgets run out without waiting; its timers
 * are the platform's (they only bound waits here).
 */
function steppingClock(step: number): Clock & { reads: number } {
  let now = 0;
  const clock = {
    reads: 0,
    mode: 'system' as const,
    now: () => {
      clock.reads++;
      return (now += step);
    },
    setTimeout: (callback: () => void, ms: number) => ({ clockTimer: setTimeout(callback, Math.min(ms, 50)) }),
    clearTimeout: (handle: { clockTimer: unknown }) => clearTimeout(handle.clockTimer as NodeJS.Timeout),
    sleep: () => Promise.resolve(),
  };
  return clock;
}

test('a move reads real time from the clock it is given: a budget runs out on it, not on the wall clock', async (t) => {
  // Never answers: run-until-idle can only end by its budget.
  const hanging: WebhookTransport = () => new Promise(() => undefined);
  const realClock = steppingClock(10_000);
  const dispatcher = new WebhookDispatcher({ clock: createFakeClock({ realClock }), transport: hanging });
  t.teardown(() => dispatcher.close());
  dispatcher.dispatchEvent({ writeKey: 'wk', settings, event });
  const started = performance.now();
  const error = await t.throwsAsync(dispatcher.runUntilIdle({ budgetMs: 25_000 }), {
    instanceOf: RunBudgetExceededError,
  });
  t.true(performance.now() - started < 4_000, 'ended on injected time, without waiting 25 s of real time');
  t.regex(
    String(error?.message),
    /not done after 25000 ms of real time.*in flight: POST http:\/\/receiver\.test\/hook/,
  );
  t.true(realClock.reads > 0);
});

test('an attempt’s real duration is measured on the injected real clock; an answered attempt takes no virtual time', async (t) => {
  const answering: WebhookTransport = async () => ({ kind: 'response', status: 200 });
  const dispatcher = new WebhookDispatcher({
    clock: createFakeClock(),
    realClock: steppingClock(7),
    transport: answering,
  });
  t.teardown(() => dispatcher.close());
  const view = dispatcher.dispatchEvent({ writeKey: 'wk', settings, event });
  await dispatcher.runUntilIdle();
  const [attempt] = dispatcher.get(view?.id ?? '').attempts;
  t.is(attempt?.durationMs, 0, 'no virtual time passed');
  t.true(
    typeof attempt?.realDurationMs === 'number' && attempt.realDurationMs > 0 && attempt.realDurationMs % 7 === 0,
    String(attempt?.realDurationMs),
  );
});

test('the dispatcher keeps its deliveries in the store it is given', async (t) => {
  const store = new MemoryDeliveryStore({ capacity: 10 });
  const answering: WebhookTransport = async () => ({ kind: 'response', status: 200 });
  const dispatcher = new WebhookDispatcher({ clock: createFakeClock(), transport: answering, store });
  t.teardown(() => dispatcher.close());
  const view = dispatcher.dispatchEvent({ writeKey: 'wk', settings, event });
  await dispatcher.settled();
  t.is(dispatcher.capacity, 10);
  t.like(store.get(view?.id ?? ''), { state: 'delivered', messageId: 'm-1' });
  t.is(store.get(view?.id ?? '')?.attempts.length, 1);
});

test('runToNextRetry lands on the earliest scheduled retry and lets its walk settle; undefined when none is scheduled', async (t) => {
  let calls = 0;
  // 503 first, 200 on the retry.
  const flaky: WebhookTransport = async () => ({ kind: 'response', status: ++calls === 1 ? 503 : 200 });
  const clock = createFakeClock();
  const dispatcher = new WebhookDispatcher({ clock, transport: flaky, seed: 5 });
  t.teardown(() => dispatcher.close());
  const view = dispatcher.dispatchEvent({ writeKey: 'wk', settings, event });
  await dispatcher.settled();
  const due = dispatcher.nextRetryAt();
  t.not(due, undefined);
  t.is(await dispatcher.runToNextRetry(), due);
  t.is(clock.now(), due ?? Number.NaN);
  await dispatcher.settled();
  t.is(dispatcher.get(view?.id ?? '').state, 'delivered');
  t.is(await dispatcher.runToNextRetry(), undefined);
});

test('a record restored over a walk under way: the old walk stops after its attempt, adds nothing and schedules no retry', async (t) => {
  let answer: (outcome: { kind: 'response'; status: number }) => void = () => undefined;
  const held: WebhookTransport = () => new Promise((resolve) => (answer = resolve));
  const dispatcher = new WebhookDispatcher({ clock: createFakeClock(), transport: held });
  t.teardown(() => dispatcher.close());
  const view = dispatcher.dispatchEvent({ writeKey: 'wk', settings, event });
  if (view === undefined) return t.fail('not dispatched');
  await Promise.resolve();
  dispatcher.restore({
    ...view,
    state: 'delivered',
    attempts: [{ url: 'http://receiver.test/hook', at: view.createdAt, status: 200, durationMs: 0 }],
  });
  answer({ kind: 'response', status: 503 });
  await dispatcher.settled();
  t.like(dispatcher.get(view.id), { state: 'delivered' });
  t.is(dispatcher.get(view.id).attempts.length, 1);
  t.is(dispatcher.nextRetryAt(), undefined);
  t.deepEqual(dispatcher.activity, { inFlight: 0, queued: 0, scheduled: 0 });
});
