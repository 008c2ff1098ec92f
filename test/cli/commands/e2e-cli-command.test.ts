import test from 'ava';
import { createHarness } from '../../../src/index.js';
import { runCli } from '../../helpers/spawn-cli.js';

async function harness(t: { teardown(fn: () => Promise<void>): void }) {
  const mock = await createHarness({ clock: 'system' });
  t.teardown(() => mock.stop());
  return mock;
}

const input = (apiHost: string, events: readonly Record<string, unknown>[], extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    writeKey: 'wk-e2e',
    apiHost,
    sequences: [
      { delayMs: 0, events: events.slice(0, 1) },
      { delayMs: 150, events: events.slice(1) },
    ],
    config: { flushAt: 2, flushInterval: 200, maxRetries: 3, timeout: 5_000 },
    ...extra,
  });

/** The result line: the only line on stdout. */
const resultOf = (stdout: string) => {
  const lines = stdout.trim().split('\n');
  return { lines: lines.length, result: JSON.parse(lines.at(-1) ?? '') as Record<string, unknown> };
};

test('event-harness e2e-cli sends each sequence through our client after its delay, closes, prints one result line and exits 0', async (t) => {
  const mock = await harness(t);
  const events = [
    { type: 'identify', userId: 'u1', traits: { plan: 'pro' } },
    { type: 'track', userId: 'u1', event: 'Signed Up', properties: { é: 'ü' }, integrations: { Mixpanel: false } },
    { type: 'page', anonymousId: 'a1', name: 'Home' },
    { type: 'screen', userId: 'u1', name: 'Main' },
    { type: 'group', userId: 'u1', groupId: 'g1' },
    { type: 'alias', userId: 'u1', previousId: 'a1' },
  ];
  const run = await runCli(['e2e-cli', '--input', input(mock.url, events)]);
  t.is(run.code, 0, run.stderr);
  const { lines, result } = resultOf(run.stdout);
  t.is(lines, 1);
  t.like(result, { success: true, delivered: 6, failed: 0 });
  t.is(typeof result.sentBatches, 'number');
  t.false('error' in result);
  const journal = mock.journal.query({ writeKey: 'wk-e2e' }).events;
  t.deepEqual(
    journal.map((e) => [e.status, e.event.type]),
    events.map((e) => ['accepted', e.type]),
  );
  t.deepEqual(journal[1]?.event.integrations, { Mixpanel: false });
  t.deepEqual(journal[1]?.event.properties, { é: 'ü' });
});

test('an event of an unknown type and a call the client refuses are skipped and named: the others are delivered, success false, exit 1', async (t) => {
  const mock = await harness(t);
  const run = await runCli([
    'e2e-cli',
    '--input',
    input(mock.url, [
      { type: 'track', userId: 'u1', event: 'Kept' },
      { type: 'purchase', userId: 'u1' },
      { type: 'track', userId: 'u1' },
      { type: 'identify', userId: 'u2' },
    ]),
  ]);
  t.is(run.code, 1);
  const { result } = resultOf(run.stdout);
  t.like(result, { success: false, delivered: 2 });
  t.regex(
    String(result.error),
    /event 1: unknown type "purchase" \(expected identify, track, page, screen, group, alias\); skipped/,
  );
  t.regex(run.stderr, /event 2 \(track\): .*event/);
  t.deepEqual(
    mock.journal.query({ writeKey: 'wk-e2e' }).events.map((e) => e.event.userId),
    ['u1', 'u2'],
  );
});

test('a batch retried after a 503 is delivered (success true); one refused with 400 is a failure named in the result', async (t) => {
  const mock = await harness(t);
  await mock.faults.add({ count: 1, status: 503 });
  const retried = await runCli(['e2e-cli', '--input', input(mock.url, [{ type: 'identify', userId: 'u1' }])]);
  t.is(retried.code, 0, retried.stderr);
  t.like(resultOf(retried.stdout).result, { success: true, delivered: 1, sentBatches: 2 });
  await mock.faults.add({ count: 1, status: 400 });
  const refused = await runCli(['e2e-cli', '--input', input(mock.url, [{ type: 'identify', userId: 'u2' }])]);
  t.is(refused.code, 1);
  const { result } = resultOf(refused.stdout);
  t.like(result, { success: false, delivered: 0, failed: 1 });
  t.regex(String(result.error), /400/);
});

test('no --input, input that is not JSON or not the contract: a result with success false naming it, exit 1; --help and a mistyped option', async (t) => {
  const missing = await runCli(['e2e-cli']);
  t.is(missing.code, 1);
  t.like(resultOf(missing.stdout).result, {
    success: false,
    error: "missing --input '<JSON>' (the e2e-cli contract's one argument)",
  });
  const notJson = await runCli(['e2e-cli', '--input', '{writeKey']);
  t.is(notJson.code, 1);
  t.regex(String(resultOf(notJson.stdout).result.error), /^--input is not JSON/);
  const noKey = await runCli(['e2e-cli', '--input', '{"apiHost": "http://127.0.0.1:1", "sequences": []}']);
  t.regex(String(resultOf(noKey.stdout).result.error), /writeKey must be a non-empty string; received nothing/);
  const badDelay = await runCli([
    'e2e-cli',
    '--input',
    '{"writeKey": "k", "apiHost": "http://127.0.0.1:1", "sequences": [{"delayMs": -1, "events": []}]}',
  ]);
  t.regex(String(resultOf(badDelay.stdout).result.error), /sequences\[0\]\.delayMs must be a number >= 0; received -1/);
  const badConfig = await runCli([
    'e2e-cli',
    '--input',
    '{"writeKey": "k", "apiHost": "http://127.0.0.1:1", "sequences": [], "config": {"flushAt": 0}}',
  ]);
  t.regex(String(resultOf(badConfig.stdout).result.error), /config\.flushAt must be a whole number >= 1; received 0/);
  const help = await runCli(['e2e-cli', '--help']);
  t.is(help.code, 0);
  t.regex(help.stdout, /usage: event-harness e2e-cli --input '<JSON>'/);
  const typo = await runCli(['e2e-cli', '--inptu', '{}']);
  t.is(typo.code, 2);
  t.regex(typo.stderr, /e2e-cli: Unknown option '--inptu'/);
});
