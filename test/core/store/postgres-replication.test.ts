import { readdirSync } from 'node:fs';
import test from 'ava';
import pg from 'pg';
import { createHarness } from '../../../src/harness/create-harness.js';
import { StoreUnreachableError } from '../../../src/errors/store-errors.js';
import { PostgresState } from '../../../src/core/store/postgres-state.js';
import { migrationsDir } from '../../../src/core/store/apply-migrations.js';
import { checkRunDirectoryContract } from '../../helpers/run-directory-contract.js';
import { basicAuth, postJson, startHarness } from '../../helpers/harness.js';
import { databasePerTest } from '../../helpers/postgres.js';

// In-process nodes on one real PostgreSQL database: what replication adds beyond the parity table.
const database = databasePerTest(test, 'replication');

async function rows(url: string, sql: string): Promise<Record<string, unknown>[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows as Record<string, unknown>[];
  } finally {
    await client.end();
  }
}

const config = { sources: [{ writeKey: 'wk' }] };
const auth = { authorization: basicAuth('wk') };

test("node 2's waitFor resolves with an event node 1 accepted (NOTIFY, no admin read)", async (t) => {
  const store = await database();
  const one = await startHarness(t, { clock: 'fake', config, store, storeOptions: { nodeId: 'one' } });
  const two = await startHarness(t, { clock: 'fake', config, store, storeOptions: { nodeId: 'two' } });
  const waited = two.journal.waitFor({ userId: 'far', event: 'Replicated' }, { timeout: 10_000 });
  t.is((await postJson(`${one.url}/v1/track`, { userId: 'far', event: 'Replicated' }, auth)).status, 200);
  const entry = await waited;
  t.is(entry.status, 'accepted');
  t.is(entry.writeKey, 'wk');
});

test('the journal table keeps the run capacity in whole request rows: the sweep deletes rows whose newer rows hold the capacity, and a restart loads exactly the newest', async (t) => {
  const store = await database();
  const capped = { ...config, journal: { capacity: 3 } };
  const one = await createHarness({ clock: 'fake', config: capped, store, storeOptions: { sweepMs: 100 } });
  const batch = (...users: number[]) => ({
    batch: users.map((n) => ({ type: 'track', userId: `u${n}`, event: 'Kept' })),
  });
  // Three requests, three rows: [u1], [u2 u3 u4], [u5 u6]. The newest three entries are u4, u5, u6: the first row
  // goes (five entries are newer), the second stays (only two are newer) though two of its entries are past the cap.
  for (const body of [batch(1), batch(2, 3, 4), batch(5, 6)])
    t.is((await postJson(`${one.url}/v1/batch`, body, auth)).status, 200);
  const held = async () =>
    (
      await rows(
        store,
        'SELECT count(*)::int AS rows, sum(COALESCE(entry_count, 1))::int AS entries FROM journal_entries',
      )
    )[0];
  const deadline = Date.now() + 15_000;
  let now = await held();
  while (now?.rows !== 2 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    now = await held();
  }
  t.deepEqual(now, { rows: 2, entries: 5 }, 'the sweep did not trim the journal table to its capacity within 15 s');
  await one.stop();
  const again = await startHarness(t, { clock: 'fake', config: capped, store });
  t.deepEqual(
    again.journal.query({}).events.map((entry) => entry.event.userId),
    ['u4', 'u5', 'u6'],
  );
  t.is(again.journal.counts().all, 3);
});

test('the sweep vacuums the journal table once it has trimmed vacuumAfterTrimmedRows rows, not before', async (t) => {
  const store = await database();
  const capped = { ...config, journal: { capacity: 1 } };
  const one = await startHarness(t, {
    clock: 'fake',
    config: capped,
    store,
    storeOptions: { sweepMs: 100, vacuumAfterTrimmedRows: 3 },
  });
  const manualVacuums = async () =>
    Number(
      (await rows(store, "SELECT vacuum_count FROM pg_stat_user_tables WHERE relname = 'journal_entries'"))[0]
        ?.vacuum_count,
    );
  const trimmedTo = async (left: number) => {
    const deadline = Date.now() + 15_000;
    let count = -1;
    while (Date.now() < deadline) {
      count = Number((await rows(store, 'SELECT count(*)::int AS n FROM journal_entries'))[0]?.n);
      if (count === left) return count;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return count;
  };
  // Three requests, capacity 1: the sweep trims two rows, under the threshold.
  for (const n of [1, 2, 3])
    t.is((await postJson(`${one.url}/v1/track`, { userId: `u${n}`, event: 'E' }, auth)).status, 200);
  t.is(await trimmedTo(1), 1, 'the sweep did not trim to the capacity within 15 s');
  await new Promise((resolve) => setTimeout(resolve, 300));
  t.is(await manualVacuums(), 0, 'two rows trimmed: no vacuum yet');
  // One more: the third trimmed row reaches the threshold, and the sweep vacuums.
  t.is((await postJson(`${one.url}/v1/track`, { userId: 'u4', event: 'E' }, auth)).status, 200);
  t.is(await trimmedTo(1), 1);
  const deadline = Date.now() + 15_000;
  while ((await manualVacuums()) === 0 && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 100));
  t.is(await manualVacuums(), 1, 'three rows trimmed: one vacuum of the journal table');
});

test('the sweep deletes journal rows past the age bound', async (t) => {
  const store = await database();
  const aged = { ...config, journal: { maxAgeMs: 60_000 } };
  const one = await startHarness(t, { clock: 'fake', config: aged, store, storeOptions: { sweepMs: 100 } });
  t.is((await postJson(`${one.url}/v1/track`, { userId: 'old', event: 'Aged' }, auth)).status, 200);
  t.is((await postJson(`${one.url}/__harness/clock/advance`, { ms: 61_000 })).status, 200);
  t.is((await postJson(`${one.url}/v1/track`, { userId: 'new', event: 'Aged' }, auth)).status, 200);
  const deadline = Date.now() + 15_000;
  let users: unknown[] = [];
  do {
    await new Promise((resolve) => setTimeout(resolve, 100));
    // Each row holds one request's text: here one track call each.
    users = (await rows(store, 'SELECT event FROM journal_entries')).map(
      (row) => (JSON.parse(String(row.event)) as { userId?: unknown }).userId,
    );
  } while (users.length > 1 && Date.now() < deadline);
  t.deepEqual(users, ['new']);
});

test('nodes starting at once apply each migration once, under the advisory lock', async (t) => {
  const store = await database();
  await Promise.all(['a', 'b', 'c'].map((nodeId) => startHarness(t, { config, store, storeOptions: { nodeId } })));
  t.deepEqual(
    (await rows(store, 'SELECT name FROM schema_migrations ORDER BY name')).map((row) => row.name),
    readdirSync(migrationsDir())
      .filter((name) => name.endsWith('.sql'))
      .sort(),
  );
  // Only the indexes the store's queries read (test/core/store/store-indexes.test.ts): each costs every insert.
  const indexes = (
    await rows(store, "SELECT indexname FROM pg_indexes WHERE tablename = 'journal_entries' ORDER BY indexname")
  ).map((row) => row.indexname);
  t.deepEqual(indexes, ['journal_entries_pkey']);
});

test('createHarness with an unreachable store fails with StoreUnreachableError, the password masked', async (t) => {
  const error = await t.throwsAsync(createHarness({ store: 'postgres://me:hunter2@127.0.0.1:1/none' }), {
    instanceOf: StoreUnreachableError,
  });
  t.is(error?.code, 'STORE_UNREACHABLE');
  t.false(error?.message.includes('hunter2'));
  t.regex(error?.message ?? '', /postgres:\/\/me:\*\*\*\*@127\.0\.0\.1:1\/none/);
});

test('a store that is neither memory nor a PostgreSQL URL is a usage error naming what was received', async (t) => {
  await t.throwsAsync(createHarness({ store: 'mysql://db' }), { message: /received "mysql:\/\/db"/ });
});

test('the PostgreSQL run directory keeps the RunDirectory contract', async (t) => {
  const store = await database();
  await checkRunDirectoryContract(t, async (tt) => {
    const state = await PostgresState.open({ url: store });
    tt.teardown(() => state.close());
    return state.runDirectory();
  });
});

test("a run created on node 1 is opened on node 2 from the shared directory, with node 1's events in its store", async (t) => {
  const store = await database();
  const one = await startHarness(t, { clock: 'fake', config, store, storeOptions: { nodeId: 'one' } });
  const two = await startHarness(t, { clock: 'fake', config, store, storeOptions: { nodeId: 'two' } });
  const run = await one.runs.create({ clock: 'fake' });
  const key = run.writeKeys[0] ?? '';
  const sent = await postJson(
    `${one.url}/v1/track`,
    { userId: 'tenant', event: 'In a run' },
    { authorization: basicAuth(key) },
  );
  t.is(sent.status, 200);
  const seen = await fetch(`${two.url}/__harness/runs/${run.id}/events`);
  t.is(seen.status, 200);
  const page = (await seen.json()) as { total: number; events: { event: { userId: string } }[] };
  t.deepEqual(
    page.events.map((entry) => entry.event.userId),
    ['tenant'],
  );
  // The default run's journal holds nothing of it.
  t.is(two.journal.query({}).total, 0);
});
