// JournalVacuum on a real PostgreSQL: trimmed rows add up across overlapping sweeps, one VACUUM runs when they reach
// the threshold (pg_stat_user_tables.vacuum_count counts manual vacuums only), and none starts while one runs.
import test from 'ava';
import type pg from 'pg';
import { JournalVacuum } from '../../../src/core/store/journal-vacuum.js';
import { databasePerTest, migratedPool } from '../../helpers/postgres.js';

const database = databasePerTest(test, 'journal_vacuum');

const manualVacuums = async (pool: pg.Pool) =>
  Number(
    (
      await pool.query<{ vacuum_count: string }>(
        "SELECT vacuum_count FROM pg_stat_user_tables WHERE relname = 'journal_entries'",
      )
    ).rows[0]?.vacuum_count,
  );

test('rows trimmed by overlapping sweeps add up: under the threshold no vacuum, at it exactly one', async (t) => {
  const pool = await migratedPool(database, t, 3);
  const vacuum = new JournalVacuum(pool, 5);
  await Promise.all([vacuum.trimmed(2), vacuum.trimmed(2)]);
  t.is(await manualVacuums(pool), 0, '4 rows of 5: no vacuum');
  await Promise.all([vacuum.trimmed(1), vacuum.trimmed(0)]);
  t.is(await manualVacuums(pool), 1, '5 rows: one vacuum, and the count starts again');
  await vacuum.trimmed(4);
  t.is(await manualVacuums(pool), 1, '4 more rows: no second vacuum yet');
});

test('a sweep reaching the threshold while a vacuum runs does not start another one', async (t) => {
  const pool = await migratedPool(database, t, 3);
  const vacuum = new JournalVacuum(pool, 1);
  await Promise.all([vacuum.trimmed(1), vacuum.trimmed(1), vacuum.trimmed(1)]);
  t.is(await manualVacuums(pool), 1, 'three sweeps at once, each over the threshold: one vacuum');
  await vacuum.trimmed(1);
  t.is(await manualVacuums(pool), 2, 'once it has finished, the next sweep over the threshold vacuums again');
});
