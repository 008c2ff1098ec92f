// The client suite with --server: each worker's mock is a run on a shared `event-harness serve` (a real child
// process here), deleted at the end; two suites on one server at once judge each their own client.
import test from 'ava';
import { runClientSuite } from '../../../conformance/index.js';
import { runCli, startServe } from '../../helpers/spawn-cli.js';
import { brokenDriver, referenceDriver } from './helpers/broken-clients.js';
import { fixtureE2eCli } from '../../interop/helpers/client-suite-verdicts.js';

const CLAUSES = ['5.3.write-key', '4.2.accepted', '7.retry.5xx', '2.4.integrations', '4.3.delivered'];

async function runsOn(url: string): Promise<readonly { id: string }[]> {
  const answer = (await (await fetch(`${url}/__harness/runs`)).json()) as { runs: { id: string }[] };
  return answer.runs;
}

test('two client suites on one shared serve at once: each judges its own client, and their runs are deleted', async (t) => {
  const serve = await startServe(t);
  const [reference, broken] = await Promise.all([
    runClientSuite({ target: referenceDriver, seed: 3, runs: 2, only: CLAUSES, server: serve.url, concurrency: 2 }),
    runClientSuite({
      target: brokenDriver('drops-integrations'),
      seed: 3,
      runs: 2,
      only: CLAUSES,
      server: serve.url,
      concurrency: 2,
    }),
  ]);
  t.deepEqual(
    reference.clauses.map((c) => [c.id, c.status]).sort(),
    CLAUSES.map((id) => [id, 'pass']).sort(),
    JSON.stringify(reference.clauses.filter((c) => c.status !== 'pass')),
  );
  t.deepEqual(
    broken.clauses.filter((c) => c.status !== 'pass').map((c) => c.id),
    ['2.4.integrations'],
    'the broken client fails its own clause and nothing of the other suite leaks into its verdicts',
  );
  t.deepEqual(
    (await runsOn(serve.url)).map((run) => run.id),
    ['default'],
    'every run the suites made was deleted',
  );
  const events = (await (await fetch(`${serve.url}/__harness/events?limit=0`)).json()) as { total: number };
  t.is(events.total, 0, 'nothing reached the default run');
});

test('check client --server URL runs as users run it; a server that is not there is exit 2 naming it', async (t) => {
  const serve = await startServe(t);
  const run = await runCli([
    'check',
    'client',
    '--server',
    serve.url,
    '--runs',
    '2',
    '--seed',
    '4',
    '--only',
    '5.3.write-key',
    '--only',
    '4.2.accepted',
    '--reporter',
    'json',
    '--',
    ...referenceDriver.command,
  ]);
  t.is(run.code, 0, run.stderr);
  const report = JSON.parse(run.stdout) as { passed: boolean; clauses: { id: string; status: string }[] };
  t.true(report.passed);
  t.deepEqual(
    report.clauses.map((c) => c.status),
    ['pass', 'pass'],
  );
  const stopped = await startServe(t);
  const deadUrl = stopped.url;
  await stopped.stop();
  const dead = await runCli(['check', 'client', '--server', deadUrl, '--', ...referenceDriver.command]);
  t.is(dead.code, 2);
  t.regex(dead.stderr, /POST http:\/\/127\.0\.0\.1:\d+\/__harness\/runs failed/);
  const bad = await runCli(['check', 'client', '--server', 'not a url', '--', ...referenceDriver.command]);
  t.is(bad.code, 2);
  t.regex(bad.stderr, /server must be the http\(s\) URL/);
});

test("on a shared serve, a clause run judges only its own requests: the previous client's last batch is not counted against the next", async (t) => {
  // Each run of 4.3.flush-at starts a client with a new flushAt right after the previous one closed (flushing);
  // when that batch reached the log after the clear, our own correct client was judged to have sent "2 events with
  // flushAt 1" (this seed, its third run). The clause's 1 s window can still run out on a machine loaded far
  // past its cores, so that verdict is told apart from the one this test is about.
  const serve = await startServe(t, ['--quiet']);
  const report = await runClientSuite({
    target: referenceDriver,
    seed: 1_841_728_923,
    runs: 5,
    only: ['4.3.flush-at'],
    server: serve.url,
    concurrency: 1,
  });
  const [clause] = report.clauses;
  t.is(clause?.id, '4.3.flush-at');
  t.notRegex(
    clause?.message ?? '',
    /A request carried \d+ events with flushAt|events were sent before any flush/,
    "no request of an earlier run is judged as this run's",
  );
  if (clause?.status !== 'pass') t.log(`4.3.flush-at did not pass, for another reason: ${clause?.message ?? ''}`);
});

test('check client --server gives the verdict the suite gives in process (4.2.batch-size and 4.3.flush failed our client there), and its replay command carries --server', async (t) => {
  // As measured: seeds 1 and 2 against `serve` failed our own client on 4.2.batch-size ("calls 18, 19 were never
  // delivered") and 4.3.flush ("0 of the 1 events had been delivered"): the shared server's request log is read by
  // polling, and the clauses judged before the last requests had been read.
  const serve = await startServe(t, ['--quiet']);
  const only = ['5.3.write-key', '4.2.accepted', '4.2.batch-size', '4.3.flush'];
  const shared = await runClientSuite({ target: referenceDriver, seed: 1, runs: 4, only, server: serve.url });
  t.deepEqual(
    shared.clauses.filter((c) => c.status !== 'pass').map((c) => `${c.id}: ${c.message ?? ''}`),
    [],
  );
  const broken = await runClientSuite({
    target: brokenDriver('drops-integrations'),
    seed: 1,
    runs: 2,
    only: ['5.3.write-key', '4.2.accepted', '2.4.integrations'],
    server: serve.url,
  });
  const failed = broken.clauses.find((c) => c.status === 'fail');
  t.is(failed?.id, '2.4.integrations');
  t.regex(
    failed?.replay ?? '',
    new RegExp(`^event-harness check client --server ${serve.url.replaceAll('.', '\\.')} --seed 1 `),
  );
});

test('through an e2e CLI on a shared serve (each run a run of its own on the server): the clauses hold against a conformant CLI, and every run is deleted', async (t) => {
  const serve = await startServe(t);
  const report = await runClientSuite({
    protocol: 'e2e-cli',
    target: fixtureE2eCli('mini', 'none'),
    seed: 4,
    runs: 3,
    only: ['5.3.write-key', '4.2.accepted', '7.retry.5xx', 'e2e-cli.result'],
    server: serve.url,
    concurrency: 2,
  });
  t.deepEqual(
    report.clauses.filter((c) => c.status !== 'pass').map((c) => `${c.id}: ${c.message}`),
    [],
  );
  t.deepEqual(
    (await runsOn(serve.url)).map((run) => run.id),
    ['default'],
    'every run the suite made was deleted',
  );
  const events = (await (await fetch(`${serve.url}/__harness/events?limit=0`)).json()) as { total: number };
  t.is(events.total, 0, 'nothing reached the default run');
});
