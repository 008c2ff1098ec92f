import test from 'ava';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  DriverStartError,
  MAX_INPUT_BYTES,
  runClientSuite,
  type ClientTarget,
  type E2eCliInput,
} from '../../../../conformance/index.js';
import { E2eCliSubject } from '../../../../conformance/client/e2e-cli/e2e-cli-subject.js';
import { inputArgument } from '../../../../conformance/client/e2e-cli/e2e-cli-input.js';
import { isProcessRunning, repoRoot } from '../../../helpers/spawn-cli.js';
import { until } from '../../../helpers/until.js';

const RECORDER = path.join(repoRoot, 'test/conformance/client/fixtures/e2e-cli/recording-e2e-cli.mjs');

interface Recorded {
  readonly json: string;
  readonly argvBytes: number;
  readonly startedAt: number;
  readonly endedAt: number;
  readonly input: E2eCliInput;
  readonly settings?: { readonly status: number; readonly body: Record<string, unknown> };
}

/** The recording CLI (plain node: a real child process per start), writing what each start got to a file of the test. */
async function recorder(
  t: { teardown(fn: () => Promise<void>): void },
  env: NodeJS.ProcessEnv = {},
): Promise<{
  target: ClientTarget;
  starts(): Promise<Recorded[]>;
}> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'event-harness-e2e-record-'));
  t.teardown(() => rm(dir, { recursive: true, force: true }));
  return {
    target: { command: [process.execPath, RECORDER], cwd: repoRoot, env: { E2E_RECORD: dir, ...env } },
    /** What every start that ran to its end wrote down (one file each; a killed start's dot file is skipped), in start order. */
    async starts() {
      const files = (await readdir(dir)).filter((name) => name.endsWith('.json'));
      const recorded = await Promise.all(
        files.map(async (name) => JSON.parse(await readFile(path.join(dir, name), 'utf8')) as Omit<Recorded, 'input'>),
      );
      return recorded
        .map((r) => ({ ...r, input: JSON.parse(r.json) as E2eCliInput }))
        .sort((a, b) => a.startedAt - b.startedAt);
    },
  };
}

test('each run is one start of the CLI with --input as one argv element: its own write key, the mock as apiHost and cdnHost, the knobs as config, non-ASCII raw, runs side by side', async (t) => {
  t.timeout(120_000);
  const { target, starts } = await recorder(t);
  const report = await runClientSuite({
    protocol: 'e2e-cli',
    target,
    seed: 3,
    runs: 4,
    only: ['5.3.write-key', '4.2.accepted', '4.3.flush-after', '4.2.event-size'],
    parallelRuns: 3,
    concurrency: 2,
    // The recorder sends only as it closes: 4.3.flush-after fails, and its shrinking is not what this test is about.
    clauseTimeLimitMs: 6_000,
  });
  t.is(report.clauses.find((c) => c.id === '5.3.write-key')?.status, 'pass');
  const all = await starts();
  // The preflight (no events) and every run of the four clauses.
  t.true(all.length >= 1 + 4 + 2 + 1, `${all.length} starts`);
  const [preflight] = all;
  t.deepEqual(preflight?.input.sequences, [], 'the preflight has no events');
  const keys = all.map((s) => s.input.writeKey);
  t.is(new Set(keys).size, keys.length, 'every start has a write key of its own');
  for (const start of all) {
    t.regex(start.input.apiHost, /^http:\/\/127\.0\.0\.1:\d+$/);
    t.is(start.input.cdnHost, start.input.apiHost);
    t.is(start.argvBytes, Buffer.byteLength(JSON.stringify(start.input)), 'the argument is the JSON as written');
    t.true(start.argvBytes <= MAX_INPUT_BYTES);
  }
  const runs = all.slice(1);
  for (const start of runs) {
    t.deepEqual(Object.keys(start.input.config).sort(), ['flushAt', 'flushInterval']);
    t.true((start.input.config.flushInterval ?? 0) > 100, 'never a flushInterval Python reads as seconds');
  }
  // 4.3.flush-after: three sequences, the calls, the others flushAfter/2 later, the last call 2.5 s past flushAfter.
  const flushAfter = runs.filter((s) => s.input.sequences.length === 3);
  t.true(flushAfter.length > 0);
  for (const start of flushAfter) {
    const interval = start.input.config.flushInterval ?? 0;
    t.deepEqual(
      start.input.sequences.map((s) => s.delayMs),
      [0, interval / 2, interval + 2_500],
    );
  }
  // 4.2.event-size: events over 32 KiB of multi-byte text, sent raw (é is 2 bytes in the argument, not \u00e9's 6).
  const big = runs.find((s) => s.json.includes('é'.repeat(100)));
  t.truthy(big, 'a run with text of é');
  t.false(big?.json.includes('\\u00e9'));
  // Side by side: some starts overlapped in time.
  const overlapping = runs.some((a) => runs.some((b) => a !== b && a.startedAt < b.endedAt && b.startedAt < a.endedAt));
  t.true(overlapping, 'runs of a clause went side by side');
});

test('--api-path /v1 puts /v1 in apiHost and cdnHost; a CLI without the knobs gets no config', async (t) => {
  t.timeout(60_000);
  const { target, starts } = await recorder(t);
  await runClientSuite({
    protocol: 'e2e-cli',
    target,
    seed: 5,
    runs: 2,
    only: ['5.3.write-key'],
    apiPath: '/v1',
    capabilities: ['screen'],
  });
  const all = await starts();
  t.true(all.length >= 2);
  for (const start of all) {
    t.regex(start.input.apiHost, /^http:\/\/127\.0\.0\.1:\d+\/v1$/);
    t.is(start.input.cdnHost, start.input.apiHost);
    t.deepEqual(start.input.config, {});
  }
});

test("cdnHost answers each run's settings, with the httpConfig given: where a mobile SDK (cdnHost with /v1) loads them", async (t) => {
  t.timeout(60_000);
  const { target, starts } = await recorder(t, { E2E_SETTINGS_PATH: '/projects/{writeKey}/settings' });
  const httpConfig = { backoffConfig: { maxRetryCount: 2, statusCodeOverrides: { '503': 'drop' } } };
  await runClientSuite({
    protocol: 'e2e-cli',
    target,
    seed: 8,
    runs: 2,
    only: ['5.3.write-key'],
    apiPath: '/v1',
    httpConfig: httpConfig as never,
  });
  const all = await starts();
  t.true(all.length >= 2);
  for (const start of all) {
    t.is(start.settings?.status, 200);
    const integrations = (start.settings?.body.integrations ?? {}) as Record<string, Record<string, unknown>>;
    const segment = integrations['Segment.io'];
    t.is(segment?.apiKey, start.input.writeKey, "the run's own key");
    t.deepEqual(segment?.httpConfig, httpConfig);
    t.is(`http://${String(segment?.apiHost)}`, start.input.apiHost, 'events go back to the mock');
  }
});

test('a command that cannot start, and a CLI that prints no result for an input without events: DriverStartError saying what came', async (t) => {
  t.timeout(60_000);
  await t.throwsAsync(runClientSuite({ protocol: 'e2e-cli', target: { command: ['/nonexistent/e2e-cli'] }, runs: 1 }), {
    instanceOf: DriverStartError,
    message: /cannot start the e2e CLI \/nonexistent\/e2e-cli: spawn \/nonexistent\/e2e-cli ENOENT/,
  });
  const silent = { command: [process.execPath, '-e', 'console.error("boom: no config"); process.exit(3)', '--'] };
  await t.throwsAsync(runClientSuite({ protocol: 'e2e-cli', target: silent, runs: 1 }), {
    instanceOf: DriverStartError,
    message:
      /started with an input without events .* exited with code 3 and printed no result \(nothing on stdout\); stderr: boom: no config\. It must print its result on stdout/,
  });
});

test('a start that outlives its deadline is killed with its process group, and says so', async (t) => {
  // It starts a child of its own (as npx or a shell would) and prints the child's pid; neither ever exits. The
  // deadline leaves a loaded machine time to start both.
  const hang = `const c = require('node:child_process').spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'inherit' }); console.error("child " + c.pid); setInterval(() => {}, 1000)`;
  const subject = new E2eCliSubject(
    { command: [process.execPath, '-e', hang, '--'] },
    { endpoint: 'http://127.0.0.1:9', writeKey: 'k' },
    { capabilities: ['flushAt', 'flushAfter', 'screen'], apiPath: '', settleTimeoutMs: 1_500 },
  );
  t.teardown(() => subject.kill());
  await subject.request({ op: 'init', config: { flushAt: 1, flushAfterMs: 1_000 } }, 1_000);
  await subject.request({ op: 'track', message: { userId: 'u', event: 'e' } }, 1_000);
  const started = Date.now();
  const outcome = await subject.request({ op: 'close' }, 8_000);
  t.true(Date.now() - started < 5_000, 'ended at its deadline, not at close timeout');
  t.is(outcome.kind, 'answer', 'close answers once the start has ended (killed)');
  const [record] = subject.cliRuns();
  t.is(record?.killed, 'deadline');
  t.regex(subject.describeEnd() ?? '', /was still running at its deadline of 1500 ms and was killed/);
  t.deepEqual(record?.input.sequences, [{ delayMs: 0, events: [{ type: 'track', userId: 'u', event: 'e' }] }]);
  const child = Number(/child (\d+)/.exec(subject.stderrTail())?.[1]);
  t.true(child > 0, subject.stderrTail());
  await until(async () => (isProcessRunning(child) ? undefined : true), 'its child to be killed with it', 2_000);
});

test('an input over what one argument carries on Linux is refused before the spawn, naming its size', (t) => {
  const input: E2eCliInput = {
    writeKey: 'k',
    apiHost: 'http://127.0.0.1:1',
    cdnHost: 'http://127.0.0.1:1',
    sequences: [
      { delayMs: 0, events: [{ type: 'track', userId: 'u', event: 'e', properties: { blob: 'é'.repeat(70_000) } }] },
    ],
    config: {},
  };
  t.throws(() => inputArgument(input), {
    instanceOf: RangeError,
    message: /is 140\d{3} bytes, over the 131071 one argument can carry/,
  });
});
