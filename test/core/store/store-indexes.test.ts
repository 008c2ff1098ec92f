import test from 'ava';
import pg from 'pg';
import { applyMigrations } from '../../../src/core/store/apply-migrations.js';
import {
  CHANGED_DELIVERIES_SQL,
  CHANGED_ENTRIES_SQL,
  NEWEST_ENTRIES_SQL,
} from '../../../src/core/store/read-changes.js';
import {
  EXPIRED_LEASES_SQL,
  TRIM_BY_AGE_SQL,
  TRIM_BY_COUNT_SQL,
  UNCLAIMED_WALKS_SQL,
} from '../../../src/core/store/sweep-leases.js';
import { startPostgres, type PostgresServer } from '../../helpers/postgres.js';

// The store's own SQL (the catch-up and the sweep; every journal filter of the admin API runs in each node's
// memory mirror) reads an index at 100,000 rows: the plans PostgreSQL picks, read with EXPLAIN.
let postgres: PostgresServer | undefined;
let client: pg.Client | undefined;
const ROWS = 100_000;

test.before(async () => {
  postgres = await startPostgres();
  client = new pg.Client({ connectionString: await postgres.createDatabase('indexes') });
  await client.connect();
  await applyMigrations(client);
  // Two runs, so that an index by run matters; a harness-clock time per row one second apart.
  for (const run of ['default', 'other'])
    await client.query(
      `INSERT INTO journal_entries (run_id, written_by, status, write_key, type, user_id, reason, recorded_at, event)
       SELECT $1, 'n', 'accepted', 'wk-' || (i % 50), 'track', 'user-' || (i % 5000), NULL, i * 1000,
         '{"type":"track","userId":"user-' || (i % 5000) || '"}'
       FROM generate_series(1, $2::int) AS i`,
      [run, ROWS / 2],
    );
  await client.query(
    `INSERT INTO deliveries (run_id, written_by, id, state, record, created_at, next_attempt_at, lease_until)
     SELECT CASE WHEN i % 2 = 0 THEN 'default' ELSE 'other' END, 'n', 'd_' || i,
       CASE WHEN i % 100 = 0 THEN 'pending' ELSE 'delivered' END, '{}', i,
       CASE WHEN i % 300 = 100 THEN i END, CASE WHEN i % 300 = 0 THEN now() END
     FROM generate_series(1, $1::int) AS i`,
    [ROWS],
  );
  await client.query('ANALYZE');
});
test.after.always(async () => {
  await client?.end();
  await postgres?.stop();
});

/** The plan's nodes, flattened: each with its type and the index or relation it reads. */
async function plan(sql: string, params: readonly unknown[]): Promise<{ type: string; index?: string; on?: string }[]> {
  if (client === undefined) throw new Error('PostgreSQL did not start');
  const rows = (await client.query(`EXPLAIN (FORMAT JSON) ${sql}`, [...params])).rows as [
    { 'QUERY PLAN': [{ Plan: PlanNode }] },
  ];
  const out: { type: string; index?: string; on?: string }[] = [];
  const walk = (node: PlanNode) => {
    out.push({
      type: node['Node Type'],
      ...(node['Index Name'] !== undefined ? { index: node['Index Name'] } : {}),
      ...(node['Relation Name'] !== undefined ? { on: node['Relation Name'] } : {}),
    });
    for (const child of node.Plans ?? []) walk(child);
  };
  walk(rows[0]['QUERY PLAN'][0].Plan);
  return out;
}

interface PlanNode {
  readonly 'Node Type': string;
  readonly 'Index Name'?: string;
  readonly 'Relation Name'?: string;
  readonly Plans?: readonly PlanNode[];
}

const latestSeq = async () => Number((await client?.query('SELECT last_value FROM change_seq'))?.rows[0]?.last_value);

const queries: Record<string, { sql: string; params: () => Promise<unknown[]>; index: string }> = {
  'the journal catch-up (rows changed since the last applied)': {
    sql: CHANGED_ENTRIES_SQL,
    params: async () => ['default', (await latestSeq()) - 10],
    index: 'journal_entries_pkey',
  },
  "a start's load (the newest capacity entries)": {
    sql: NEWEST_ENTRIES_SQL,
    params: async () => ['default', 0, 1_000],
    index: 'journal_entries_pkey',
  },
  'the delivery catch-up': {
    sql: CHANGED_DELIVERIES_SQL,
    params: async () => ['default', (await latestSeq()) - 10],
    index: 'deliveries_run_change_seq',
  },
  'the trim by count (rows past the newest capacity)': {
    sql: TRIM_BY_COUNT_SQL,
    params: async () => ['default', 40_000, 5_000],
    index: 'journal_entries_pkey',
  },
  'the trim by age (rows recorded before the bound)': {
    sql: TRIM_BY_AGE_SQL,
    params: async () => ['default', 1_000_000, 5_000],
    index: 'journal_entries_pkey',
  },
  'the sweep of walks whose lease ran out': {
    sql: EXPIRED_LEASES_SQL,
    params: async () => ['default'],
    index: 'deliveries_leases_held',
  },
  'the sweep of walks due and never claimed': {
    sql: UNCLAIMED_WALKS_SQL,
    params: async () => ['default', 60_000, 1_000_000],
    index: 'deliveries_due',
  },
};

for (const [name, query] of Object.entries(queries))
  test(`${name} reads ${query.index}, no sequential scan, at ${ROWS.toLocaleString('en-US')} rows`, async (t) => {
    const nodes = await plan(query.sql, await query.params());
    const shown = JSON.stringify(nodes);
    t.false(
      nodes.some((node) => node.type === 'Seq Scan'),
      shown,
    );
    t.true(
      nodes.some((node) => node.index === query.index),
      shown,
    );
  });
