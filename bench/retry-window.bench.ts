// The 4-hour retry window of 1,000 always-failing deliveries simulated on the fake clock (target < 2 s wall
// time). An in-process transport answers 503 at once, so this measures the dispatcher's scheduling, not
// sockets. Baseline in the same run: the same number of timer firings on a bare FakeClock, no dispatcher.
import { createFakeClock } from '../src/clock/fake-clock.js';
import { WebhookDispatcher } from '../src/actors/dispatcher/webhook-dispatcher.js';
import { fmt, report } from './bench-kit.js';

const DELIVERIES = Number(process.env.BENCH_DELIVERIES ?? 1_000);
const settings = { sharedSecret: 'bench-secret', webhooks: [{ url: 'http://in-process.invalid/hook' }] };

async function dispatcherRun(): Promise<{ wallMs: number; attempts: number; expired: number; spanMs: number }> {
  const clock = createFakeClock({ loopLimit: 10_000_000 });
  const start = clock.now();
  const dispatcher = new WebhookDispatcher({
    clock,
    seed: 7,
    concurrency: 64,
    transport: async () => ({ kind: 'response', status: 503 }),
  });
  const began = performance.now();
  for (let i = 0; i < DELIVERIES; i++) {
    dispatcher.dispatchEvent({
      writeKey: 'bench',
      settings,
      event: {
        type: 'track',
        userId: `u${i}`,
        event: 'Failing',
        messageId: `m${i}`,
        timestamp: '2024-01-01T00:00:00.000Z',
      },
    });
  }
  await dispatcher.runUntilIdle();
  const wallMs = performance.now() - began;
  const all = dispatcher.list();
  const attempts = all.reduce((sum, d) => sum + d.attempts.length, 0);
  const expired = all.filter((d) => d.state === 'expired').length;
  dispatcher.close();
  return { wallMs, attempts, expired, spanMs: clock.now() - start };
}

async function bareClockRun(timers: number): Promise<number> {
  const clock = createFakeClock({ loopLimit: 10_000_000 });
  const began = performance.now();
  let fired = 0;
  const chain = () => {
    fired++;
    if (fired < timers) clock.setTimeout(chain, 1_000);
  };
  for (let i = 0; i < Math.min(DELIVERIES, timers); i++) clock.setTimeout(chain, 1_000);
  while (await clock.next()) {
    // fire every timer one by one, as runUntilIdle does
  }
  return performance.now() - began;
}

const ours = await dispatcherRun();
const baselineMs = await bareClockRun(ours.attempts);
report(
  `retry window: ${fmt(DELIVERIES)} always-failing deliveries over ${fmt(ours.spanMs / 3_600_000, 2)} virtual hours`,
  {
    'wall time (ms)': fmt(ours.wallMs, 0),
    'target': '< 2,000 ms',
    'attempts': fmt(ours.attempts),
    'attempts per delivery': fmt(ours.attempts / DELIVERIES, 1),
    'expired': `${fmt(ours.expired)} / ${fmt(DELIVERIES)}`,
    'virtual ms per wall ms': fmt(ours.spanMs / ours.wallMs, 0),
    'baseline: bare FakeClock, same firings (ms)': fmt(baselineMs, 0),
    'ratio ours / baseline': fmt(ours.wallMs / baselineMs, 2),
  },
);
