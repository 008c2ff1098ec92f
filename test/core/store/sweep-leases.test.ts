// The sweep's journal trims on a real PostgreSQL: the age trim deletes the rows recorded before the bound among the
// run's oldest (by change_seq), at most `batch` a sweep, and never another run's rows.
import test from 'ava';
import { trimJournal } from '../../../src/core/store/sweep-leases.js';
import { databasePerTest, migratedPool } from '../../helpers/postgres.js';

const database = databasePerTest(test, 'sweep_trim');

test('the age trim deletes rows recorded before the bound, oldest first, at most batch rows looked at a sweep', async (t) => {
  const pool = await migratedPool(database, t, 2);
  // In change_seq order: a young row (a node whose clock ran ahead), two old, a young, an old one, and another run's old.
  for (const [run, user, recordedAt] of [
    ['r1', 'young-1', 5_000],
    ['r1', 'old-1', 100],
    ['r1', 'old-2', 200],
    ['r1', 'young-2', 6_000],
    ['r1', 'old-3', 300],
    ['r2', 'other-run', 100],
  ] as const)
    await pool.query(
      `INSERT INTO journal_entries (run_id, written_by, status, write_key, user_id, recorded_at, event)
       VALUES ($1, 'n', 'accepted', 'wk', $2, $3, '{}')`,
      [run, user, recordedAt],
    );
  const users = async () =>
    (await pool.query<{ user_id: string }>('SELECT user_id FROM journal_entries ORDER BY change_seq')).rows.map(
      (row) => row.user_id,
    );
  t.is(await trimJournal(pool, 'r1', 100, { recordedBefore: 1_000, batch: 3 }), 2);
  t.deepEqual(await users(), ['young-1', 'young-2', 'old-3', 'other-run']);
  t.is(await trimJournal(pool, 'r1', 100, { recordedBefore: 1_000, batch: 3 }), 1);
  t.deepEqual(await users(), ['young-1', 'young-2', 'other-run']);
});
