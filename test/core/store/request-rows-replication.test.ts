// Request rows between nodes and across restarts: a request whose entries are accepted, rejected, duplicate and
// filtered is one row, and a second node (caught up by NOTIFY) and a restarted node answer GET /events and waitFor
// exactly as the node that took it; a database written before migration 007 (one row per event) still loads.
import { copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import test from 'ava';
import pg from 'pg';
import { applyMigrations, migrationsDir } from '../../../src/core/store/apply-migrations.js';
import { basicAuth, getJson, postJson, startHarness } from '../../helpers/harness.js';
import { databasePerTest } from '../../helpers/postgres.js';

const database = databasePerTest(test, 'request_rows_nodes');
const config = { sources: [{ writeKey: 'wk' }] };
const auth = { authorization: basicAuth('wk') };

async function rows(url: string, sql: string): Promise<Record<string, unknown>[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows as Record<string, unknown>[];
  } finally {
    await client.end();
  }
}

/** GET /events as a client reads it, without `seq` (each node's own arrival order, docs/scaling.md). */
async function events(url: string): Promise<unknown[]> {
  const body = (await getJson(`${url}/__harness/events?limit=100`)).body as { events: Record<string, unknown>[] };
  return body.events.map(({ seq: _seq, ...rest }) => rest);
}

test("one request's accepted, rejected, duplicate and filtered entries are one row; a second node and a restarted node answer the same events", async (t) => {
  const store = await database();
  const one = await startHarness(t, { clock: 'fake', config, store, storeOptions: { nodeId: 'one' } });
  const two = await startHarness(t, { clock: 'fake', config, store, storeOptions: { nodeId: 'two' } });
  const streamed = two.journal.waitFor({ userId: 'last' }, { timeout: 15_000 });
  const batch = [
    { type: 'track', userId: 'u1', event: 'Generated id' },
    { type: 'track', userId: 'u2', event: 'Client id', messageId: 'm-1' },
    { type: 'track', userId: 'u2', event: 'Client id', messageId: 'm-1' },
    { type: 'track', userId: 'u3', event: 'Filtered', integrations: { All: false } },
    { type: 'track', userId: 'u4' },
    { type: 'track', userId: 'u5', event: 7 },
    { type: 'identify', userId: 'last', traits: { plan: 'pro' } },
  ];
  const sent = await postJson(`${one.url}/v1/batch`, { batch, context: { app: { name: 'x' } } }, auth);
  t.is(sent.status, 200);
  const stored = await rows(store, 'SELECT status, entry_count FROM journal_entries');
  t.deepEqual(stored, [{ status: 'request', entry_count: 7 }]);
  const seen = await events(one.url);
  t.deepEqual(
    seen.map((entry) => (entry as { status: string }).status),
    ['accepted', 'accepted', 'duplicate', 'filtered', 'rejected', 'rejected', 'accepted'],
  );
  // Node two took the row from NOTIFY (no admin read before waitFor resolved), with the writer's generated messageId.
  const last = await streamed;
  t.deepEqual(last.event, one.journal.query({ userId: 'last' }).events[0]?.event);
  t.deepEqual(await events(two.url), seen);
  t.deepEqual(two.journal.counts(), one.journal.counts());
  await one.stop();
  const three = await startHarness(t, { clock: 'fake', config, store, storeOptions: { nodeId: 'three' } });
  t.deepEqual(await events(three.url), seen);
  t.deepEqual(three.journal.counts(), one.journal.counts());
});

test('a database written before migration 007 (one row per event) loads, and its rows and request rows keep their order', async (t) => {
  const store = await database();
  // The database as migrations 001-006 left it, with per-event rows written by that version.
  const before007 = mkdtempSync(path.join(tmpdir(), 'eh-migrations-'));
  t.teardown(() => rmSync(before007, { recursive: true, force: true }));
  for (const name of readdirSync(migrationsDir()).filter((name) => name.endsWith('.sql') && name < '007'))
    copyFileSync(path.join(migrationsDir(), name), path.join(before007, name));
  const client = new pg.Client({ connectionString: store });
  await client.connect();
  t.teardown(() => client.end());
  await applyMigrations(client, before007);
  await client.query("INSERT INTO runs (run_id, written_by) VALUES ('default', 'old')");
  for (const [userId, status] of [
    ['old-1', 'accepted'],
    ['old-2', 'rejected'],
  ] as const)
    await client.query(
      `INSERT INTO journal_entries (run_id, written_by, status, write_key, type, user_id, reason, recorded_at, event)
       VALUES ('default', 'old', $1, 'wk', 'track', $2, $3, 0, $4)`,
      [status, userId, status === 'rejected' ? 'an old reason' : null, JSON.stringify({ type: 'track', userId })],
    );
  const node = await startHarness(t, { clock: 'fake', config, store, storeOptions: { nodeId: 'new' } });
  t.true(
    (await rows(store, 'SELECT name FROM schema_migrations ORDER BY name'))
      .map((row) => row.name)
      .includes('007-journal-request-rows.sql'),
  );
  t.is(
    (await postJson(`${node.url}/v1/batch`, { batch: [{ type: 'track', userId: 'new-1', event: 'E' }] }, auth)).status,
    200,
  );
  const seen = await events(node.url);
  t.deepEqual(
    seen.map((entry) => [(entry as { status: string }).status, (entry as { event: { userId: string } }).event.userId]),
    [
      ['accepted', 'old-1'],
      ['rejected', 'old-2'],
      ['accepted', 'new-1'],
    ],
  );
  t.is((seen[1] as { reason?: string }).reason, 'an old reason');
  await node.stop();
  const again = await startHarness(t, { clock: 'fake', config, store, storeOptions: { nodeId: 'again' } });
  t.deepEqual(await events(again.url), seen);
});
