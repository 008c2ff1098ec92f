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
import { brokenDriver, referenceDriver } from './helpers/broken-clients.js';

const node = (script: string) => ({ command: [process.execPath, '-e', script] });

test('our client (event-harness driver) passes every clause, MUST and SHOULD', async (t) => {
  const report = await runClientSuite({ target: referenceDriver, seed: 5, runs: 3 });
  t.true(report.passed);
  t.is(report.suite, 'client');
  t.deepEqual(report.clauses.map((c) => c.id), clientClauses.map((c) => c.id));
  t.deepEqual(report.clauses.filter((c) => c.status !== 'pass'), []);
});

test('the same seed gives the identical report, and the printed replay reproduces the failure alone', async (t) => {
  const options = { target: brokenDriver('drops-integrations'), seed: 31, runs: 4, only: ['5.3.write-key', '2.4.integrations', '4.3.flush-at'] };
  const first = await runClientSuite(options);
  const second = await runClientSuite(options);
  t.is(JSON.stringify(second), JSON.stringify(first));
  const failed = first.clauses.find((c) => c.status === 'fail');
  t.is(failed?.id, '2.4.integrations');
  const path = /--path ([\d:]+)/.exec(failed?.replay ?? '')?.[1];
  t.truthy(path);
  const replayed: SuiteReport = await runClientSuite({ ...options, only: ['2.4.integrations'], ...(path !== undefined ? { path } : {}) });
  t.deepEqual(replayed.clauses, [failed]);
});

test('clauses whose feature the driver does not list are skipped, saying which capability is missing', async (t) => {
  const target = brokenDriver('none', { BROKEN_CLIENT_CAPABILITIES: 'flushAt,screen' });
  const report = await runClientSuite({ target, seed: 8, runs: 2, only: ['5.3.write-key', '2.4.integrations', '4.3.flush-after', '4.3.flush-at', '4.2.event-size', '7.retry.5xx', '7.retry-after', '7.slow-server'] });
  t.true(report.passed);
  t.deepEqual(Object.fromEntries(report.clauses.map((c) => [c.id, c.status])), {
    '5.3.write-key': 'pass',
    '2.4.integrations': 'skip',
    '4.3.flush-at': 'pass',
    '4.3.flush-after': 'skip',
    '4.2.event-size': 'skip',
    '7.retry.5xx': 'skip',
    '7.retry-after': 'skip',
    '7.slow-server': 'pass',
  });
  const retryAfter = report.clauses.find((c) => c.id === '7.retry-after');
  t.is(retryAfter?.message, 'the driver broken-client (none) does not list the capabilities "retry", "retryAfter" in its ready line (it lists ["flushAt","screen"])');
  t.regex(report.clauses.find((c) => c.id === '2.4.integrations')?.message ?? '', /does not list the capability "integrations"/);
});

test('a driver that cannot start, never says ready, or says something else is a DriverStartError naming what was received', async (t) => {
  const missing = await t.throwsAsync(runClientSuite({ target: { command: ['/nonexistent/event-harness-driver'] } }), { instanceOf: DriverStartError });
  t.regex(missing.message, /^cannot start the driver \/nonexistent\/event-harness-driver: spawn \/nonexistent\/event-harness-driver ENOENT; check the command after --$/);
  t.is(missing.code, 'ERR_DRIVER_START');
  const chatty = await t.throwsAsync(runClientSuite({ target: node('console.log("starting my driver..."); setInterval(() => {}, 1000)') }), { instanceOf: DriverStartError });
  t.regex(chatty.message, /must first print \{"ready": true, "name": "\.\.\.", "capabilities": \[\.\.\.\]\} on stdout; received "starting my driver\.\.\."$/);
  const crashed = await t.throwsAsync(runClientSuite({ target: node('console.error("ModuleNotFoundError: mylib"); process.exit(3)') }), { instanceOf: DriverStartError });
  t.regex(crashed.message, /exited with code 3 before its ready line \(received nothing on stdout; stderr: ModuleNotFoundError: mylib\)$/);
  const silent = await t.throwsAsync(runClientSuite({ target: node('setInterval(() => {}, 1000)'), readyTimeoutMs: 300 }), { instanceOf: DriverStartError });
  t.regex(silent.message, /printed no ready line within 300 ms \(received nothing on stdout; nothing on stderr\)/);
  const noCapabilities = await t.throwsAsync(runClientSuite({ target: node('console.log(JSON.stringify({ ready: true, name: "x" })); setInterval(() => {}, 1000)') }), { instanceOf: DriverStartError });
  t.regex(noCapabilities.message, /received "\{\\"ready\\":true,\\"name\\":\\"x\\"\}"$/);
});

test('a driver that refuses init is a DriverProtocolError; bad options and unknown clauses are refused before anything starts', async (t) => {
  const refusing = node(`
    console.log(JSON.stringify({ ready: true, name: 'refuser', capabilities: [] }));
    require('node:readline').createInterface({ input: process.stdin }).on('line', (line) => console.log(JSON.stringify({ id: JSON.parse(line).id, ok: false, error: 'config not understood' })));
  `);
  const refused = await t.throwsAsync(runClientSuite({ target: refusing, runs: 1, only: ['5.3.write-key'] }), { instanceOf: DriverProtocolError });
  t.regex(refused.message, /^the driver refused or did not answer \{"op": "init", "config": \{"flushAt":\d,"flushAfterMs":1000\}\}: config not understood; a driver must accept flushAt and flushAfterMs$/);
  await t.throwsAsync(runClientSuite({ target: { command: [] } }), { instanceOf: UsageError, message: /the driver command must be a non-empty list of strings.*received \[\]/ });
  await t.throwsAsync(runClientSuite({ target: referenceDriver, settleTimeoutMs: 0 }), { instanceOf: UsageError, message: /settleTimeoutMs must be a positive whole number of milliseconds; received 0/ });
  const unknown = await t.throwsAsync(runClientSuite({ target: referenceDriver, only: ['7.retry'] }), { instanceOf: UnknownClauseError });
  t.regex(unknown.message, /"7\.retry": no such clause; expected one of 5\.3\.write-key, /);
});
