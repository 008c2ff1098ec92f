import test from 'ava';
import {
  clientClauses,
  DriverProtocolError,
  DriverStartError,
  runClientSuite,
  UnknownClauseError,
  type SuiteReport,
} from '../../../conformance/index.js';
import { UsageError } from '../../../src/index.js';
import { brokenDriver, OPS_ONLY, referenceDriver } from './helpers/broken-clients.js';

const node = (script: string) => ({ command: [process.execPath, '-e', script] });

test('our client (event-harness driver) passes every clause, MUST and SHOULD', async (t) => {
  const report = await runClientSuite({ target: referenceDriver, seed: 5, runs: 3 });
  t.true(report.passed);
  t.is(report.suite, 'client');
  t.deepEqual(
    report.clauses.map((c) => c.id),
    clientClauses.map((c) => c.id),
  );
  t.deepEqual(
    report.clauses.filter((c) => c.status !== 'pass'),
    [],
  );
});

test('the same seed gives the identical report, and the printed replay reproduces the failure alone', async (t) => {
  const options = {
    target: brokenDriver('drops-integrations'),
    seed: 31,
    runs: 4,
    only: ['5.3.write-key', '4.2.accepted', '2.4.integrations', '4.3.flush-at'],
  };
  const first = await runClientSuite(options);
  const second = await runClientSuite(options);
  t.is(JSON.stringify(second), JSON.stringify(first));
  const failed = first.clauses.find((c) => c.status === 'fail');
  t.is(failed?.id, '2.4.integrations');
  const path = /--path ([\d:]+)/.exec(failed?.replay ?? '')?.[1];
  t.truthy(path);
  const replayed: SuiteReport = await runClientSuite({
    ...options,
    only: ['2.4.integrations'],
    ...(path !== undefined ? { path } : {}),
  });
  // The same calls; only the run number in each marker differs (the replay's run is its first, the original's came
  // after shrinking), as the markers say which run of the clause sent an event.
  const withoutRunNumbers = (value: unknown) => JSON.parse(JSON.stringify(value).replace(/-r\d+-c(\d+)/g, '-rN-c$1'));
  t.deepEqual(withoutRunNumbers(replayed.clauses), withoutRunNumbers([failed]));
});

test('a driver that lists only its ops runs every clause, at the SPEC defaults for the knobs it does not list (flushAt 20, flushAfter 5 s)', async (t) => {
  const target = brokenDriver('flush-at-off-by-one', { BROKEN_CLIENT_CAPABILITIES: OPS_ONLY });
  const report = await runClientSuite({
    target,
    seed: 8,
    runs: 1,
    only: ['5.3.write-key', '4.2.accepted', '4.3.flush-at'],
  });
  t.deepEqual(
    report.clauses.map((c) => [c.id, c.status]),
    [
      ['5.3.write-key', 'pass'],
      ['4.2.accepted', 'pass'],
      ['4.3.flush-at', 'fail'],
    ],
  );
  const flushAt = report.clauses[2];
  t.regex(
    flushAt?.message ?? '',
    /with flushAt 20 \(the default of the rules: the driver does not list the flushAt knob\), 20 calls make 1 full batch/,
  );
  t.deepEqual((flushAt?.counterexample as { init: unknown } | undefined)?.init, { flushAt: 20, flushAfterMs: 5000 });
  t.false(report.passed);
});

test('conformant variants pass: full-jitter backoff with real doubling passes 7.backoff (judged over several sessions)', async (t) => {
  const report = await runClientSuite({
    target: brokenDriver('full-jitter'),
    seed: 11,
    runs: 2,
    concurrency: 1,
    only: ['5.3.write-key', '4.2.accepted', '7.retry.5xx', '7.backoff'],
  });
  // The jitter is seeded and one driver makes every draw in suite order, so this run is the same each time; the
  // median rule itself misjudges unseeded full jitter in about 1 run of 18 (docs/decisions.md).
  t.deepEqual(
    report.clauses.filter((c) => c.status !== 'pass').map((c) => `${c.id}: ${c.message ?? ''}`),
    [],
  );
});

test('a driver that cannot start, never says ready, or says something else is a DriverStartError naming what was received', async (t) => {
  const missing = await t.throwsAsync(runClientSuite({ target: { command: ['/nonexistent/event-harness-driver'] } }), {
    instanceOf: DriverStartError,
  });
  t.regex(
    missing.message,
    /^cannot start the driver \/nonexistent\/event-harness-driver: spawn \/nonexistent\/event-harness-driver ENOENT; check the command after --$/,
  );
  t.is(missing.code, 'DRIVER_START');
  const chatty = await t.throwsAsync(
    runClientSuite({ target: node('console.log("starting my driver..."); setInterval(() => {}, 1000)') }),
    { instanceOf: DriverStartError },
  );
  t.regex(
    chatty.message,
    /must first print \{"ready": true, "name": "\.\.\.", "capabilities": \[\.\.\.\]\} on stdout; received "starting my driver\.\.\."$/,
  );
  const crashed = await t.throwsAsync(
    runClientSuite({ target: node('console.error("ModuleNotFoundError: mylib"); process.exit(3)') }),
    { instanceOf: DriverStartError },
  );
  t.regex(
    crashed.message,
    /exited with code 3 before its ready line \(received nothing on stdout; stderr: ModuleNotFoundError: mylib\)$/,
  );
  const silent = await t.throwsAsync(
    runClientSuite({ target: node('setInterval(() => {}, 1000)'), readyTimeoutMs: 300 }),
    { instanceOf: DriverStartError },
  );
  t.regex(silent.message, /printed no ready line within 300 ms \(received nothing on stdout; nothing on stderr\)/);
  const noCapabilities = await t.throwsAsync(
    runClientSuite({
      target: node('console.log(JSON.stringify({ ready: true, name: "x" })); setInterval(() => {}, 1000)'),
    }),
    { instanceOf: DriverStartError },
  );
  t.regex(
    noCapabilities.message,
    /\(the ready line of the driver protocol, schemas\/driver-protocol\.schema\.json\); received "\{\\"ready\\":true,\\"name\\":\\"x\\"\}": \/capabilities is required; received nothing$/,
  );
  const wrongShape = await t.throwsAsync(
    runClientSuite({
      target: node(
        'console.log(JSON.stringify({ ready: "yes", name: 7, capabilities: "screen" })); setInterval(() => {}, 1000)',
      ),
    }),
    { instanceOf: DriverStartError },
  );
  t.regex(
    wrongShape.message,
    /: \/ready must be true; received "yes"; \/name must be string; received 7; \/capabilities must be array; received "screen"$/,
  );
});

test('a driver that refuses init is a DriverProtocolError; bad options and unknown clauses are refused before anything starts', async (t) => {
  const refusing = node(`
    console.log(JSON.stringify({ ready: true, name: 'refuser', capabilities: [] }));
    require('node:readline').createInterface({ input: process.stdin }).on('line', (line) => console.log(JSON.stringify({ id: JSON.parse(line).id, ok: false, error: 'config not understood' })));
  `);
  const refused = await t.throwsAsync(runClientSuite({ target: refusing, runs: 1, only: ['5.3.write-key'] }), {
    instanceOf: DriverProtocolError,
  });
  t.regex(
    refused.message,
    /^the driver refused or did not answer \{"op": "init", "config": \{"flushAt":20,"flushAfterMs":5000\}\}: config not understood; a driver must accept flushAt and flushAfterMs$/,
  );
  await t.throwsAsync(runClientSuite({ target: { command: [] } }), {
    instanceOf: UsageError,
    message: /the driver command must be a non-empty list of strings.*received \[\]/,
  });
  await t.throwsAsync(runClientSuite({ target: referenceDriver, settleTimeoutMs: 0 }), {
    instanceOf: UsageError,
    message: /settleTimeoutMs must be a positive whole number of milliseconds; received 0/,
  });
  const unknown = await t.throwsAsync(runClientSuite({ target: referenceDriver, only: ['7.retry'] }), {
    instanceOf: UnknownClauseError,
  });
  t.regex(unknown.message, /"7\.retry": no such clause; expected one of 5\.3\.write-key, /);
  await t.throwsAsync(runClientSuite({ target: referenceDriver, waive: ['7.nope'] }), {
    instanceOf: UnknownClauseError,
    message: /--waive "7\.nope": no such clause/,
  });
});
