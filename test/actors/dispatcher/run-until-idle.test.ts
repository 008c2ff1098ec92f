// run-until-idle and a settled advance behind a receiver that never answers (issue 16, item 5).
import test from 'ava';
import { createFakeClock } from '../../../src/clock/index.js';
import { WebhookDispatcher } from '../../../src/actors/dispatcher/index.js';
import { RunBudgetExceededError } from '../../../src/errors/index.js';
import { postJson, startHarness } from '../../helpers/harness.js';
import { startReceiver } from '../../helpers/receiver.js';

const event = (i: number) => ({ type: 'track', userId: 'u1', event: 'E', messageId: `m-${i}` });

test('one hanging receiver does not stall run-until-idle: 50 failing deliveries and the hanging one run their 4 hours in seconds', async (t) => {
  const failing = await startReceiver(t, () => ({ status: 503 }));
  const hanging = await startReceiver(t, () => ({ hang: true }));
  const clock = createFakeClock();
  const dispatcher = new WebhookDispatcher({ clock, seed: 3 });
  t.teardown(() => dispatcher.close());
  const stuck = dispatcher.dispatchEvent({
    writeKey: 'wk',
    settings: { webhooks: [{ url: hanging.url }] },
    event: event(0),
  });
  for (let i = 1; i <= 50; i++)
    dispatcher.dispatchEvent({ writeKey: 'wk', settings: { webhooks: [{ url: failing.url }] }, event: event(i) });
  const started = performance.now();
  await dispatcher.runUntilIdle({ budgetMs: 45_000 });
  const realMs = performance.now() - started;
  // Before the fix each of the ~700 clock steps waited the 1 s grace behind the hanging request (over 10 minutes).
  // Now the grace is paid once per hanging attempt (about 20 in 4 hours), not per step.
  t.true(realMs < 45_000, `took ${Math.round(realMs)} ms of real time`);
  t.deepEqual(dispatcher.counts(), { all: 51, pending: 0, delivered: 0, failed: 0, expired: 51 });
  const attempts = dispatcher.get(stuck?.id ?? '').attempts;
  t.true(attempts.length > 5);
  t.true(
    attempts.every((a) => a.error === 'ETIMEDOUT' && a.durationMs === 5_000),
    'each hanging attempt is cut off at its virtual 5 s',
  );
  t.true(clock.now() - Date.UTC(2024, 0, 1) >= 4 * 3_600_000);
});

test('a budget that runs out ends run-until-idle with an error naming the unfinished requests, over HTTP a 504', async (t) => {
  const hanging = await startReceiver(t, () => ({ hang: true }));
  const clock = createFakeClock();
  // A grace longer than the budget: the hanging request is never given up on inside it.
  const dispatcher = new WebhookDispatcher({ clock, settleGraceMs: 60_000 });
  t.teardown(() => dispatcher.close());
  dispatcher.dispatchEvent({ writeKey: 'wk', settings: { webhooks: [{ url: hanging.url }] }, event: event(1) });
  const started = performance.now();
  const error = await t.throwsAsync(dispatcher.runUntilIdle({ budgetMs: 300 }), { instanceOf: RunBudgetExceededError });
  t.true(performance.now() - started < 10_000);
  t.is(error?.code, 'RUN_BUDGET_EXCEEDED');
  t.regex(
    String(error?.message),
    new RegExp(`not idle after 300 ms of real time .*requests in flight to ${hanging.url.replace(/[/.]/g, '\\$&')}`),
  );

  const harness = await startHarness(t, {
    clock: 'fake',
    config: { sources: [{ writeKey: 'wk', destinations: { Webhooks: { webhooks: [{ url: hanging.url }] } } }] },
  });
  await postJson(`${harness.url}/v1/track`, { writeKey: 'wk', userId: 'u', event: 'e' });
  const answer = await postJson(`${harness.url}/__harness/clock/run-until-idle`, { budgetMs: 1 });
  t.deepEqual([answer.status, answer.body.code], [504, 'RUN_BUDGET_EXCEEDED']);
  t.regex(String(answer.body.message), /GET \/__harness\/deliveries\?state=pending/);
  t.is((await postJson(`${harness.url}/__harness/clock/run-until-idle`, { budgetMs: 0 })).status, 400);
  t.is(
    (await postJson(`${harness.url}/__harness/clock/advance`, { ms: 1000, settle: true, budgetMs: 'x' })).status,
    400,
  );
  // Without a small budget, the hanging request is cut off by virtual time and the run ends.
  t.is((await postJson(`${harness.url}/__harness/clock/run-until-idle`, {})).status, 200);
});
