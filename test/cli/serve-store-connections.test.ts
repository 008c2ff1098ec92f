import test from 'ava';
import { basicAuth, getJson, postJson } from '../helpers/harness.js';
import { startPostgres, type PostgresServer } from '../helpers/postgres.js';
import { serveCluster, sql } from '../helpers/serve-cluster.js';
import { runCli } from '../helpers/spawn-cli.js';

// Runs beyond what a stock PostgreSQL's connections allowed: each node keeps one bounded pool (and one LISTEN
// connection) whatever the number of runs; a node the server cannot give its connections is refused at start,
// naming max_connections; and a store that cannot be reached is a 503 with Retry-After, never a 4xx or a 500.
let postgres: PostgresServer | undefined;
test.before(async () => {
  // 40 connections, 3 of them reserved for superusers: before, 3 per run per node filled it at 6 runs on two nodes.
  postgres = await startPostgres({ maxConnections: 40 });
});
test.after.always(async () => {
  await postgres?.stop();
});

interface RunAnswer {
  readonly id: string;
  readonly writeKeys: readonly string[];
}

test.serial(
  '60 runs on two nodes of a 40-connection PostgreSQL: every event is answered 200 and seen on both nodes',
  async (t) => {
    const cluster = await serveCluster(t, postgres, () => ({ status: 200 }), 'runs');
    const [n1, n2] = await Promise.all([cluster.start('n1'), cluster.start('n2')]);
    const runs: RunAnswer[] = [];
    for (let i = 0; i < 60; i++) {
      const created = await postJson(`${n1.url}/__harness/runs`, { clock: 'fake', name: `run ${i}` });
      t.is(created.status, 201, JSON.stringify(created.body));
      runs.push(created.body as unknown as RunAnswer);
    }
    // Node 2 builds each run on its first request (by write key), node 1 reads each run's journal.
    const answers = await Promise.all(
      runs.map((run) =>
        postJson(
          `${n2.url}/v1/track`,
          { userId: 'u', event: 'Many runs' },
          { authorization: basicAuth(run.writeKeys[0] ?? '') },
        ),
      ),
    );
    t.deepEqual(
      answers.map((a) => a.status),
      runs.map(() => 200),
      JSON.stringify(answers.find((a) => a.status !== 200)?.body),
    );
    for (const run of runs) {
      const events = (await getJson(`${n1.url}/__harness/runs/${run.id}/events`)).body as { total: number };
      t.is(events.total, 1);
    }
    // At most a pool and a LISTEN connection per node, whatever the runs: 11 each by default.
    const connections = await sql(
      cluster.store,
      'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
    );
    t.true((connections[0]?.n as number) <= 22, JSON.stringify(connections));
    t.is(n1.child.exitCode, null);
    t.is(n2.child.exitCode, null);
  },
);

test.serial('a node PostgreSQL cannot give its connections is refused at start, naming max_connections', async (t) => {
  const cluster = await serveCluster(t, postgres, () => ({ status: 200 }), 'limit');
  const run = await runCli([
    'serve',
    '--store',
    cluster.store,
    '--store-connections',
    '60',
    '--config',
    cluster.config,
  ]);
  t.is(run.code, 1);
  const lines = run.stderr.trim().split('\n');
  t.is(lines.length, 1, run.stderr);
  t.regex(lines[0] ?? '', /max_connections = 40 .*this node may open 61 .*--store-connections/);
});

test.serial(
  'PostgreSQL down: creating a run, a request naming a run this node has not built and an admin read are 503 with Retry-After',
  async (t) => {
    const cluster = await serveCluster(t, postgres, () => ({ status: 200 }), 'down');
    const [n1, n2] = await Promise.all([cluster.start('n1'), cluster.start('n2')]);
    const created = await postJson(`${n1.url}/__harness/runs`, { clock: 'fake' });
    t.is(created.status, 201);
    const run = created.body as unknown as RunAnswer;
    if (postgres === undefined) throw new Error('PostgreSQL did not start');
    await postgres.shutdown('fast');
    t.teardown(() => postgres?.start());
    const refusals = [
      await postJson(`${n1.url}/__harness/runs`, { clock: 'fake' }),
      await postJson(
        `${n2.url}/v1/track`,
        { userId: 'u', event: 'E' },
        { authorization: basicAuth(run.writeKeys[0] ?? '') },
      ),
      await postJson(`${n1.url}/v1/track`, { userId: 'u', event: 'E' }, { authorization: basicAuth('wk') }),
    ];
    const read = await fetch(`${n2.url}/__harness/events`);
    const answers = [
      ...refusals.map((r) => ({ status: r.status, retryAfter: r.headers.get('retry-after'), code: r.body.code })),
      {
        status: read.status,
        retryAfter: read.headers.get('retry-after'),
        code: ((await read.json()) as { code: string }).code,
      },
    ];
    for (const answer of answers) {
      t.is(answer.status, 503, JSON.stringify(answers));
      t.not(answer.retryAfter, null);
      t.regex(String(answer.code), /^STORE_/);
    }
    t.is(n1.child.exitCode, null);
    t.is(n2.child.exitCode, null);
  },
);
