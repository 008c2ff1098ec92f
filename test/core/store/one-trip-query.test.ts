// One simple query carrying a COPY's data: labelled rows answered, one round trip, and a failure before or inside
// the COPY rejects with PostgreSQL's message and leaves the connection usable (the data sent along is ignored).
import test, { type ExecutionContext } from 'ava';
import pg from 'pg';
import { CopyRows } from '../../../src/core/store/copy-rows.js';
import { oneTripQuery } from '../../../src/core/store/one-trip-query.js';
import { countQueries, databasePerTest } from '../../helpers/postgres.js';

const database = databasePerTest(test, 'one_trip');

/** Rows of COPY text as the CopyData messages the store sends. */
function frames(...lines: string[]): Buffer[] {
  const rows = new CopyRows();
  for (const line of lines) rows.add(line);
  return rows.take();
}

async function client(t: ExecutionContext): Promise<pg.Client> {
  const connection = new pg.Client({ connectionString: await database() });
  await connection.connect();
  t.teardown(() => connection.end());
  await connection.query('CREATE TABLE rows_copied (id integer PRIMARY KEY, note text NOT NULL)');
  return connection;
}

const count = async (connection: pg.Client) =>
  Number((await connection.query<{ n: string }>('SELECT count(*) AS n FROM rows_copied')).rows[0]?.n);

test('a transaction with a COPY goes as one query: its data is sent along, and labelled rows come back', async (t) => {
  const connection = await client(t);
  const queries = countQueries(connection);
  const rows = await oneTripQuery(
    connection,
    [
      'BEGIN',
      "SELECT 'before', count(*) FROM rows_copied",
      'COPY rows_copied (id, note) FROM STDIN',
      "SELECT 'after', count(*), max(note) FROM rows_copied",
      'COMMIT',
    ].join(';\n'),
    frames('1\tone\n', '2\ttwo\n', '3\tthree\n'),
  );
  t.is(queries(), 1);
  t.deepEqual(rows.get('before'), ['0']);
  t.deepEqual(rows.get('after'), ['3', 'two']);
  t.is(await count(connection), 3);
});

test('a statement failing before the COPY rejects with its message; the data sent along is ignored and the connection goes on', async (t) => {
  const connection = await client(t);
  const error = await t.throwsAsync(
    oneTripQuery(
      connection,
      ['BEGIN', 'SELECT 1 / 0', 'COPY rows_copied (id, note) FROM STDIN', 'COMMIT'].join(';\n'),
      frames('1\tone\n'),
    ),
  );
  t.regex(error?.message ?? '', /division by zero/);
  await connection.query('ROLLBACK');
  t.is(await count(connection), 0);
  await oneTripQuery(connection, 'BEGIN; COPY rows_copied (id, note) FROM STDIN; COMMIT', frames('7\tseven\n'));
  t.is(await count(connection), 1);
});

test('a row the COPY refuses rejects the whole transaction with PostgreSQL message; nothing of it is kept', async (t) => {
  const connection = await client(t);
  const error = await t.throwsAsync(
    oneTripQuery(
      connection,
      'BEGIN; COPY rows_copied (id, note) FROM STDIN; COMMIT',
      frames('1\tone\n', 'not-a-number\ttwo\n'),
    ),
  );
  t.regex(error?.message ?? '', /invalid input syntax for type integer: "not-a-number"/);
  await connection.query('ROLLBACK');
  t.is(await count(connection), 0);
  t.is((await connection.query("SELECT 'usable' AS state")).rows[0]?.state, 'usable');
});

test("on a client with a query timeout, a one-trip query that ends leaves no timer behind (the store's pool has one)", async (t) => {
  const connection = new pg.Client({ connectionString: await database(), query_timeout: 60_000 });
  await connection.connect();
  t.teardown(() => connection.end());
  await connection.query('CREATE TABLE rows_copied (id integer PRIMARY KEY, note text NOT NULL)');
  const timers = () => process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length;
  const before = timers();
  for (let i = 0; i < 5; i++)
    await oneTripQuery(connection, 'BEGIN;\nCOPY rows_copied (id, note) FROM STDIN;\nCOMMIT', frames(`${i}\tn\n`));
  await t.throwsAsync(oneTripQuery(connection, 'SELECT 1/0'));
  t.is(timers(), before, 'each query cleared its timeout once it was over');
});
