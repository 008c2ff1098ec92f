import test from 'ava';
import { basicAuth, getJson, postJson } from '../helpers/harness.js';
import { startPostgres, type PostgresServer } from '../helpers/postgres.js';
import type { ReceiverBehaviour } from '../helpers/receiver.js';
import { deliveriesOf as deliveries, messageIdOf, serveCluster, sql, waitUntil } from '../helpers/serve-cluster.js';
import { runCli, startServe, type ServeProcess } from '../helpers/spawn-cli.js';

// Real `serve --store` child processes on one real PostgreSQL database: restarts and replicas.
let postgres: PostgresServer | undefined;

test.before(async () => {
  postgres = await startPostgres();
});
test.after.always(async () => {
  await postgres?.stop();
});

const cluster = (t: Parameters<typeof serveCluster>[0], behaviour: ReceiverBehaviour) =>
  serveCluster(t, postgres, behaviour, 'serve');

const auth = { authorization: basicAuth('wk') };

async function eventTotal(url: string): Promise<number> {
  return ((await getJson(`${url}/__harness/events`)).body as { total: number }).total;
}

/** 500 for the first request of each message, 200 after: every delivery is retried once. */
function failFirstOfEach(): ReceiverBehaviour {
  const seen = new Set<string>();
  return (request) => {
    const id = messageIdOf(request.body);
    if (seen.has(id)) return { status: 200 };
    seen.add(id);
    return { status: 500 };
  };
}

test('a node killed with SIGKILL loses nothing accepted: a new node on the database has every event and fires the pending retries', async (t) => {
  const { start, receiver } = await cluster(t, failFirstOfEach());
  const first = await start('first');
  const batch = [1, 2, 3].map((n) => ({ type: 'track', userId: `u${n}`, event: 'Kept', messageId: `m${n}` }));
  t.is((await postJson(`${first.url}/v1/batch`, { batch }, auth)).status, 200);
  await waitUntil(async () => receiver.requests.length === 3, 'the first attempts were not made');
  await waitUntil(
    async () => (await deliveries(first.url)).every((d) => d.attempts.length === 1),
    'the failed attempts were not recorded',
  );
  await first.stop('SIGKILL');
  const second = await start('second');
  t.is(await eventTotal(second.url), 3);
  const loaded = await deliveries(second.url);
  t.deepEqual(
    loaded.map((d) => [d.state, d.attempts.length]),
    [
      ['pending', 1],
      ['pending', 1],
      ['pending', 1],
    ],
  );
  t.is((await postJson(`${second.url}/__harness/clock/advance`, { ms: 3_600_000 })).status, 200);
  await waitUntil(
    async () => (await deliveries(second.url)).every((d) => d.state === 'delivered'),
    'the retries loaded after the restart were not delivered',
  );
  t.is(receiver.requests.length, 6);
});

test('replicas: events sent to either node are visible on both, and each attempt and retry is made by exactly one node', async (t) => {
  const { start, receiver } = await cluster(t, failFirstOfEach());
  const nodes = await Promise.all([start('n1'), start('n2'), start('n3')]);
  const [n1, n2, n3] = nodes as [ServeProcess, ServeProcess, ServeProcess];
  for (let i = 0; i < 12; i++) {
    const node = nodes[i % 3] as ServeProcess;
    const sent = await postJson(
      `${node.url}/v1/track`,
      { userId: `u${i}`, event: 'Replicated', messageId: `r${i}` },
      auth,
    );
    t.is(sent.status, 200);
  }
  // Visible on every node at once: an admin read catches up first.
  for (const node of nodes) t.is(await eventTotal(node.url), 12);
  await waitUntil(async () => receiver.requests.length >= 12, 'the first attempts were not made');
  await waitUntil(
    async () => (await deliveries(n2.url)).filter((d) => d.attempts.length === 1).length === 12,
    'node 2 did not see the first attempts',
  );
  // The clock moves through node 2: the retries of deliveries made by nodes 1 and 3 fire too, each once.
  t.is((await postJson(`${n2.url}/__harness/clock/advance`, { ms: 3_600_000 })).status, 200);
  await waitUntil(
    async () => (await deliveries(n1.url)).filter((d) => d.state === 'delivered').length === 12,
    'the retries were not all delivered',
  );
  // Settled: no node sends a retry twice (a late duplicate would show here).
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  const recorded = await deliveries(n3.url);
  const attempts = recorded.reduce((sum, d) => sum + d.attempts.length, 0);
  // Two attempts each (a 500, then a 200); a loaded machine may time one out in virtual time and add a third,
  // which is then recorded too: what must hold is that the receiver saw each recorded attempt exactly once.
  t.true(recorded.every((d) => d.attempts.length >= 2));
  const perMessage = new Map<string, number>();
  for (const request of receiver.requests) {
    const id = messageIdOf(request.body);
    perMessage.set(id, (perMessage.get(id) ?? 0) + 1);
  }
  const shown = JSON.stringify({ perMessage: [...perMessage], recorded: recorded.map((d) => [d.id, d.attempts]) });
  t.is(receiver.requests.length, attempts, shown);
  t.deepEqual(
    Object.fromEntries(perMessage),
    Object.fromEntries(recorded.map((d) => [d.messageId, d.attempts.length])),
    shown,
  );
  t.is(perMessage.size, 12);
});

test('a node killed mid-delivery: another node finishes the attempt after the lease runs out', async (t) => {
  let hung = 0;
  const { start, receiver } = await cluster(t, () => (hung++ === 0 ? { hang: true } : { status: 200 }));
  const n1 = await start('n1', ['--lease-ms', '1500']);
  const n2 = await start('n2', ['--lease-ms', '1500']);
  t.is((await postJson(`${n1.url}/v1/track`, { userId: 'u1', event: 'Hung', messageId: 'h1' }, auth)).status, 200);
  await waitUntil(() => receiver.requests.length === 1, 'the first attempt did not reach the receiver');
  await n1.stop('SIGKILL');
  await waitUntil(
    async () => (await deliveries(n2.url))[0]?.state === 'delivered',
    'node 2 did not finish the delivery node 1 was making',
  );
  t.is(receiver.requests.length, 2);
  t.is(messageIdOf(receiver.requests[1]?.body ?? '{}'), 'h1');
});

test("serve's collection fast path answers 200 only once the request's events are committed: a refused commit is 503 STORE_WRITE, and the events are committed when PostgreSQL takes them again", async (t) => {
  const { start, store } = await cluster(t, () => ({ status: 200 }));
  const node = await start('n1');
  t.is((await postJson(`${node.url}/v1/track`, { userId: 'before', event: 'Kept' }, auth)).status, 200);
  // Committed before the answer: the row is there the moment the 200 is.
  // (A journal row holds its request's text: one track call here.)
  t.deepEqual(await sql(store, `SELECT event FROM journal_entries WHERE event LIKE '%"userId":"before"%'`), [
    { event: JSON.stringify({ userId: 'before', event: 'Kept' }) },
  ]);
  // PostgreSQL now refuses the row (as a full disk or a lost primary would refuse every commit).
  await sql(
    store,
    `ALTER TABLE journal_entries ADD CONSTRAINT refuse_one CHECK (event NOT LIKE '%"userId":"refused"%')`,
  );
  const refused = await postJson(
    `${node.url}/v1/track`,
    { userId: 'refused', event: 'Kept', messageId: 'm-refused' },
    { ...auth, origin: 'http://app.test' },
  );
  t.is(refused.status, 503);
  t.is(refused.body.code, 'STORE_WRITE');
  t.regex(String(refused.body.message), /did not commit this request's writes .*refuse_one.*send it again/);
  t.is(refused.headers.get('access-control-allow-origin'), 'http://app.test');
  t.is(refused.headers.get('content-type'), 'application/json; charset=utf-8');
  await sql(store, 'ALTER TABLE journal_entries DROP CONSTRAINT refuse_one');
  // The refused batch is tried again (every second): what the node took is not lost.
  await waitUntil(
    async () =>
      (await sql(store, `SELECT 1 FROM journal_entries WHERE event LIKE '%"userId":"refused"%'`)).length === 1,
    'the refused batch was not committed once PostgreSQL took it again',
  );
  t.is((await postJson(`${node.url}/v1/track`, { userId: 'after', event: 'Kept' }, auth)).status, 200);
  t.is((await sql(store, `SELECT 1 FROM journal_entries WHERE event LIKE '%"userId":"after"%'`)).length, 1);
});

test('an unreachable store is a one-line start error naming the URL without its password', async (t) => {
  const run = await runCli(['serve', '--store', 'postgres://harness:s3cret@127.0.0.1:1/harness']);
  t.is(run.code, 1);
  const lines = run.stderr.trim().split('\n');
  t.is(lines.length, 1);
  t.regex(lines[0] ?? '', /cannot open the store postgres:\/\/harness:\*\*\*\*@127\.0\.0\.1:1\/harness/);
  t.false(run.stderr.includes('s3cret'));
});

test('EVENT_HARNESS_STORE names the store when --store is not given; health says which store and node', async (t) => {
  const { store } = await cluster(t, () => ({}));
  const node = await startServe(t, ['--quiet', '--node-id', 'from-env'], { env: { EVENT_HARNESS_STORE: store } });
  const health = (await getJson(`${node.url}/__harness/health`)).body as { store: Record<string, unknown> };
  t.deepEqual(health.store, { kind: 'postgres', nodeId: 'from-env', url: store });
});
