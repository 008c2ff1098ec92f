// run-until-idle and a clock move behind a receiver that never answers (issues 16 and 32): an attempt times out only
// once its timeout has passed in real time, a hanging receiver costs that per attempt, and a budget that runs out
// answers what is unfinished instead of cutting anything off.
import test from 'ava';
import { createFakeClock } from '../../../src/clock/index.js';
import { WebhookDispatcher } from '../../../src/actors/dispatcher/index.js';
import { RunBudgetExceededError } from '../../../src/errors/index.js';
import { postJson, startHarness } from '../../helpers/harness.js';
import { startReceiver } from '../../helpers/receiver.js';

const event = (i: number) => ({ type: 'track', userId: 'u1', event: 'E', messageId: `m-${i}` });
// A short timeout keeps the real cost of a hanging receiver small (it is paid in real time, once per attempt), and
// long enough that a fast receiver's answer on a loaded machine is never a timeout.
const TIMEOUT_MS = 400;
const ONE_HOUR = 3_600_000;

test('one hanging receiver beside 50 failing deliveries: each hanging attempt costs its timeout of real time, none is cut short, and the failing ones keep their own records', async (t) => {
  const failing = await startReceiver(t, () => ({ status: 503 }));
  const hanging = await startReceiver(t, () => ({ hang: true }));
  const clock = createFakeClock();
  const dispatcher = new WebhookDispatcher({ clock, seed: 3, timeoutMs: TIMEOUT_MS, retry: { windowMs: ONE_HOUR } });
  t.teardown(() => dispatcher.close());
  const stuck = dispatcher.dispatchEvent({
    writeKey: 'wk',
    settings: { webhooks: [{ url: hanging.url }] },
    event: event(0),
  });
  for (let i = 1; i <= 50; i++)
    dispatcher.dispatchEvent({ writeKey: 'wk', settings: { webhooks: [{ url: failing.url }] }, event: event(i) });
  const started = performance.now();
  await dispatcher.runUntilIdle({ budgetMs: 60_000 });
  const realMs = performance.now() - started;
  t.deepEqual(dispatcher.counts(), { all: 51, pending: 0, delivered: 0, failed: 0, expired: 51 });
  const attempts = dispatcher.get(stuck?.id ?? '').attempts;
  t.true(attempts.length > 5);
  t.true(
    attempts.every(
      (a) => a.error === 'ETIMEDOUT' && a.durationMs === TIMEOUT_MS && (a.realDurationMs ?? 0) >= TIMEOUT_MS - 1,
    ),
    'each hanging attempt lasted its timeout of real time, and exactly its timeout of virtual time',
  );
  t.true(realMs >= attempts.length * (TIMEOUT_MS - 1), `took ${Math.round(realMs)} ms of real time`);
  for (const delivery of dispatcher.list())
    if (delivery.id !== stuck?.id) t.true(delivery.attempts.every((a) => a.status === 503 && a.durationMs === 0));
  t.true(clock.now() - Date.UTC(2024, 0, 1) >= ONE_HOUR);
});

test('a budget that runs out ends run-until-idle with an error naming what is in flight; over HTTP a 504; moving again goes on', async (t) => {
  const hanging = await startReceiver(t, () => ({ hang: true }));
  const clock = createFakeClock();
  const dispatcher = new WebhookDispatcher({ clock });
  t.teardown(() => dispatcher.close());
  dispatcher.dispatchEvent({ writeKey: 'wk', settings: { webhooks: [{ url: hanging.url }] }, event: event(1) });
  const started = performance.now();
  const error = await t.throwsAsync(dispatcher.runUntilIdle({ budgetMs: 300 }), { instanceOf: RunBudgetExceededError });
  t.true(performance.now() - started < 4_900, 'answered at its budget, before the 5 s timeout');
  t.is(error?.code, 'RUN_BUDGET_EXCEEDED');
  t.regex(
    String(error?.message),
    new RegExp(
      `not done after 300 ms of real time: virtual time stopped at 2024-01-01T00:00:00.000Z; in flight: POST ${hanging.url.replace(/[/.]/g, '\\$&')}`,
    ),
  );
  t.deepEqual(dispatcher.list()[0]?.attempts, [], 'nothing was cut off');

  const harness = await startHarness(t, {
    clock: 'fake',
    config: {
      sources: [{ writeKey: 'wk', destinations: { Webhooks: { webhooks: [{ url: hanging.url }] } } }],
      delivery: { timeoutMs: TIMEOUT_MS, retryWindowMs: ONE_HOUR },
    },
  });
  await postJson(`${harness.url}/v1/track`, { writeKey: 'wk', userId: 'u', event: 'e' });
  const answer = await postJson(`${harness.url}/__harness/clock/run-until-idle`, { budgetMs: 1 });
  t.deepEqual([answer.status, answer.body.code], [504, 'RUN_BUDGET_EXCEEDED']);
  t.regex(String(answer.body.message), /GET \/__harness\/deliveries\?state=pending/);
  t.regex(String(answer.body.message), /give a larger budgetMs/);
  // The same as data, for scripts: where virtual time stands and what is in flight.
  const unfinished = answer.body.unfinished as { now: string; inFlight: string[] };
  t.is(unfinished.now, '2024-01-01T00:00:00.000Z');
  t.true(unfinished.inFlight[0]?.startsWith(`POST ${hanging.url} (delivery d_1`), unfinished.inFlight[0]);
  // Where it stops depends on how far the real timeout got; that it says where, and how far short, does not.
  const before = (await (await fetch(`${harness.url}/__harness/clock`)).json()) as { epochMs: number };
  const advance = await postJson(`${harness.url}/__harness/clock/advance`, { ms: 60_000, budgetMs: 1 });
  t.is(advance.status, 504);
  const stopped = /virtual time stopped at (\S+), (\d+) ms short of (\S+);/.exec(String(advance.body.message));
  t.is(stopped?.[3], new Date(before.epochMs + 60_000).toISOString());
  t.is(Date.parse(stopped?.[3] ?? '') - Date.parse(stopped?.[1] ?? ''), Number(stopped?.[2]));
  t.true(Number(stopped?.[2]) > 0, 'short of its target');
  t.is((await postJson(`${harness.url}/__harness/clock/run-until-idle`, { budgetMs: 0 })).status, 400);
  t.is((await postJson(`${harness.url}/__harness/clock/advance`, { ms: 1000, budgetMs: 'x' })).status, 400);
  // With the default budget the hanging attempts time out in real time, one by one, and the run ends.
  t.is((await postJson(`${harness.url}/__harness/clock/run-until-idle`, {})).status, 200);
  const deliveries = (await (await fetch(`${harness.url}/__harness/deliveries`)).json()) as {
    deliveries: { state: string; attempts: { error?: string; durationMs: number }[] }[];
  };
  t.is(deliveries.deliveries[0]?.state, 'expired');
  t.true(deliveries.deliveries[0]?.attempts.every((a) => a.error === 'ETIMEDOUT' && a.durationMs === TIMEOUT_MS));
});
