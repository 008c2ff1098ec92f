// A batch's commit: one round trip (one Query message) for the lock, the deliveries, the journal rows by COPY, NOTIFY
// and COMMIT; the change_seq range it reports is what the sequence issued around its rows.
import test from 'ava';
import pg from 'pg';
import { applyMigrations } from '../../../src/core/store/apply-migrations.js';
import { commitBatch } from '../../../src/core/store/write-queue.js';
import { journalCopyLine, journalRowPrefix } from '../../../src/core/store/copy-journal-rows.js';
import { CopyRows } from '../../../src/core/store/copy-rows.js';
import { countQueries, databasePerTest } from '../../helpers/postgres.js';

const database = databasePerTest(test, 'write_queue');

/** 1,200 journal rows (more than one 64 KiB CopyData message), one with a tab and a backslash in its event. */
function journalRows(): { frames: Buffer[]; rows: number } {
  const rows = new CopyRows();
  const prefix = journalRowPrefix('default', 'n1');
  for (let i = 0; i < 1_200; i++)
    rows.add(
      journalCopyLine(
        prefix,
        {
          status: 'accepted',
          writeKey: 'wk',
          event: { type: 'track', userId: `user-${i}`, note: 'tab\there \\ slash' },
        },
        1_700_000_000_000 + i,
      ),
    );
  const count = rows.rows;
  return { frames: rows.take(), rows: count };
}

test('a batch commits in one query: journal rows, the clock, NOTIFY, and the change_seq range around them', async (t) => {
  const url = await database();
  const connection = new pg.Client({ connectionString: url });
  await connection.connect();
  t.teardown(() => connection.end());
  await applyMigrations(connection);
  await connection.query("INSERT INTO runs (run_id, written_by) VALUES ('default', 'n1')");
  const listener = new pg.Client({ connectionString: url });
  await listener.connect();
  t.teardown(() => listener.end());
  const notified = new Promise<string | undefined>((resolve) => listener.on('notification', (m) => resolve(m.payload)));
  await listener.query('LISTEN event_harness_changes');

  const queries = countQueries(connection);

  const batch = {
    number: 1,
    resetJournal: false,
    resetDeliveries: false,
    clockNow: 1_700_000_000_500,
    journal: journalRows(),
    deliveries: new Map(),
  };
  const range = await commitBatch(connection, 'default', { node: 'n1', incarnation: 'n1/a' }, batch);
  t.is(queries(), 1);
  t.deepEqual(JSON.parse((await notified) ?? '{}'), { run: 'default', node: 'n1' });
  if (range === 'committed-already') throw new Error('a first commit cannot have been committed already');
  const seqs = await connection.query<{ min: string; max: string; n: string }>(
    'SELECT min(change_seq), max(change_seq), count(*) AS n FROM journal_entries',
  );
  t.is(seqs.rows[0]?.n, '1200');
  t.true(range.before < Number(seqs.rows[0]?.min));
  t.is(range.after, Number(seqs.rows[0]?.max));
  const tabbed = await connection.query<{ event: string }>(
    "SELECT event FROM journal_entries WHERE user_id = 'user-7'",
  );
  t.is(JSON.parse(tabbed.rows[0]?.event ?? '{}').note, 'tab\there \\ slash');
  // Sent again (its first answer lost): the store skips it whole, and says so; nothing is journaled twice.
  t.is(await commitBatch(connection, 'default', { node: 'n1', incarnation: 'n1/a' }, batch), 'committed-already');
  const after = await connection.query<{ n: string }>('SELECT count(*) AS n FROM journal_entries');
  t.is(after.rows[0]?.n, '1200');
  // Another process of the same node (a restart) numbers from 1 again: its batches are its own.
  const restarted = await commitBatch(
    connection,
    'default',
    { node: 'n1', incarnation: 'n1/b' },
    { ...batch, journal: journalRows() },
  );
  t.not(restarted, 'committed-already');
});
