// One journal row per request (request-rows.ts), through a real PostgreSQL: what a node writes is read back as the
// same request, so every node rebuilds exactly the entries the writer journaled, whatever the request's text holds.
import test from 'ava';
import pg from 'pg';
import { applyMigrations } from '../../../src/core/store/apply-migrations.js';
import { journalCopyLine, journalRowPrefix } from '../../../src/core/store/copy-journal-rows.js';
import { CopyRows } from '../../../src/core/store/copy-rows.js';
import { readChanges } from '../../../src/core/store/read-changes.js';
import { RequestRows } from '../../../src/core/store/request-rows.js';
import { commitBatch } from '../../../src/core/store/write-queue.js';
import { RequestOrigin } from '../../../src/domain/collection/request-origin.js';
import type { JournalStatus } from '../../../src/domain/journal/journal-entry.js';
import { databasePerTest } from '../../helpers/postgres.js';

const WRITER = { node: 'n1', incarnation: 'n1/test' };

const database = databasePerTest(test, 'request_rows');

async function connect(t: { teardown(fn: () => Promise<void>): void }): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: await database() });
  await client.connect();
  t.teardown(() => client.end());
  await applyMigrations(client);
  await client.query("INSERT INTO runs (run_id, written_by) VALUES ('default', 'n1')");
  return client;
}

const receivedAt = { ms: 1_700_000_000_123, iso: new Date(1_700_000_000_123).toISOString(), ip: '203.0.113.9' };
const utf8 = (text: string) => new Uint8Array(Buffer.from(text, 'utf8'));

/** A request origin as the collection service makes it (bytes when the body came as bytes). */
function origin(text: string, bytes?: Uint8Array): RequestOrigin {
  return new RequestOrigin(text, 'batch', receivedAt, bytes);
}

test('request rows round-trip through COPY: escaped bodies, bodies sent as bytes, invalid UTF-8, strings; each rebuilds the same events and verdicts', async (t) => {
  const client = await connect(t);
  // Pretty-printed (newlines, a tab between tokens) with escapes in strings (a backslash, a quote, \t).
  const pretty =
    '{\n\t"batch": [\n  {"type": "track", "event": "a\\\\b \\"q\\" \\t", "userId": "u1"},\n  {"type": "identify", "userId": "u2", "messageId": "m-2"}\n ]\n}';
  const plain = JSON.stringify({ batch: [{ type: 'track', event: 'Plain €', userId: 'u3' }], context: { app: 'x' } });
  const invalidBytes = Buffer.concat([
    Buffer.from('{"batch":[{"type":"track","event":"bad '),
    Buffer.from([0xff, 0xfe]),
    Buffer.from('","userId":"u4"}]}'),
  ]);
  const asString = JSON.stringify({ batch: [{ type: 'track', event: 'From a string', userId: 'u5' }, 42] });
  const requests = [
    origin(pretty, utf8(pretty)),
    origin(plain, utf8(plain)),
    origin(invalidBytes.toString('utf8'), new Uint8Array(invalidBytes)),
    origin(asString),
  ];
  const verdicts: [RequestOrigin, number, JournalStatus, string | undefined, boolean][] = [
    [requests[0] as RequestOrigin, 0, 'accepted', undefined, true],
    [requests[0] as RequestOrigin, 1, 'duplicate', 'messageId "m-2" was already received for this source', false],
    [requests[1] as RequestOrigin, 0, 'filtered', 'the integrations map disables the Webhooks destination', true],
    [requests[2] as RequestOrigin, 0, 'accepted', undefined, true],
    [requests[3] as RequestOrigin, 0, 'accepted', undefined, true],
    [requests[3] as RequestOrigin, 1, 'rejected', 'must be object\ttab\nline', false],
  ];
  const rows = new CopyRows();
  const requestRows = new RequestRows(journalRowPrefix('default', 'n1'));
  for (const [from, index, status, reason, generated] of verdicts) {
    // As the service enriches it: a generated messageId draws the request's id prefix.
    const event = from.rebuild(index, undefined);
    t.true(
      requestRows.add(
        { status, writeKey: 'wk', event, reason, origin: { origin: from, index, messageIdGenerated: generated } },
        receivedAt.ms,
        rows,
      ),
    );
  }
  requestRows.seal(rows);
  t.is(rows.rows, 4, 'one row per request');
  await commitBatch(client, 'default', WRITER, {
    number: 1,
    resetJournal: false,
    resetDeliveries: false,
    clockNow: undefined,
    journal: { rows: rows.rows, frames: rows.take() },
    deliveries: new Map(),
  });
  const stored = await client.query<{ status: string; entry_count: number }>(
    'SELECT status, entry_count FROM journal_entries ORDER BY change_seq',
  );
  t.deepEqual(
    stored.rows.map((row) => [row.status, row.entry_count]),
    [
      ['request', 2],
      ['request', 1],
      ['request', 1],
      ['request', 2],
    ],
  );
  const read = (await readChanges(client, 'default', 0)).entries;
  const rebuilt = read.flatMap((row) =>
    (row.request?.entries ?? []).map((entry) => ({
      writeKey: row.writeKey,
      recordedAt: row.recordedAt,
      status: entry.status,
      reason: entry.reason,
      generated: entry.messageIdGenerated,
      event: row.request?.origin.rebuild(entry.index, undefined),
    })),
  );
  t.deepEqual(
    rebuilt,
    verdicts.map(([from, index, status, reason, generated]) => ({
      writeKey: 'wk',
      recordedAt: receivedAt.ms,
      status,
      reason,
      generated,
      event: from.rebuild(index, undefined),
    })),
  );
  // The generated messageIds are the writer's, not new ones; the client's address and receivedAt too.
  const first = rebuilt[0]?.event as Record<string, unknown>;
  t.is(first.messageId, requests[0]?.generatedMessageId(0));
  t.is(first.receivedAt, receivedAt.iso);
  t.is((rebuilt[3]?.event as { event?: string } | undefined)?.event, 'bad \ufffd\ufffd');
  t.deepEqual(rebuilt[5]?.event, { value: 42 });
  // A node taking the rows rebuilds a row's events from one parse: the same events as one at a time.
  for (const row of read) {
    const indexes = (row.request?.entries ?? []).map((entry) => entry.index);
    t.deepEqual(
      row.request?.origin.rebuildEach(indexes),
      indexes.map((index) => row.request?.origin.rebuild(index, undefined)),
    );
  }
  const single = new RequestOrigin('{"userId":"s","event":"Single"}', 'track', receivedAt);
  t.deepEqual(single.rebuildEach([0]), [single.rebuild(0, undefined)]);
});

test('a request whose text a text column cannot hold (a lone surrogate) and an entry with no request get rows of their own', async (t) => {
  const client = await connect(t);
  const lone = '{"batch":[{"type":"track","event":"half \ud800","userId":"u1"}]}';
  const from = origin(lone);
  const rows = new CopyRows();
  const prefix = journalRowPrefix('default', 'n1');
  const requestRows = new RequestRows(prefix);
  const event = from.rebuild(0, undefined);
  const record = { status: 'accepted' as const, writeKey: 'wk', event, origin: { origin: from, index: 0 } };
  t.false(requestRows.add(record, 1, rows));
  rows.add(journalCopyLine(prefix, record, 1));
  const imported = { status: 'accepted' as const, writeKey: 'wk', event: { type: 'track', userId: 'imported' } };
  t.false(requestRows.add(imported, 2, rows));
  rows.add(journalCopyLine(prefix, imported, 2));
  requestRows.seal(rows);
  await commitBatch(client, 'default', WRITER, {
    number: 2,
    resetJournal: false,
    resetDeliveries: false,
    clockNow: undefined,
    journal: { rows: rows.rows, frames: rows.take() },
    deliveries: new Map(),
  });
  const read = (await readChanges(client, 'default', 0)).entries;
  t.deepEqual(
    read.map((row) => [row.request, row.event]),
    [
      [undefined, JSON.parse(JSON.stringify(event))],
      [undefined, { type: 'track', userId: 'imported' }],
    ],
  );
});

test('an entry journaled without enrichment (no destination took it) is stored enriched on a row of its own', async (t) => {
  const client = await connect(t);
  // A lone surrogate keeps the request out of a request row, so the entry's own JSON is what is stored.
  const lone = '{"batch":[{"type":"track","event":"half \ud800","userId":"u1"}]}';
  const from = origin(lone);
  const raw = { type: 'track', event: 'half \ud800', userId: 'u1' };
  const record = {
    status: 'accepted' as const,
    writeKey: 'wk',
    event: raw,
    origin: { origin: from, index: 0, messageIdGenerated: true, unenriched: true },
  };
  const rows = new CopyRows();
  const prefix = journalRowPrefix('default', 'n1');
  t.false(new RequestRows(prefix).add(record, 1, rows));
  rows.add(journalCopyLine(prefix, record, 1));
  await commitBatch(client, 'default', WRITER, {
    number: 3,
    resetJournal: false,
    resetDeliveries: false,
    clockNow: undefined,
    journal: { rows: rows.rows, frames: rows.take() },
    deliveries: new Map(),
  });
  const [stored] = (await readChanges(client, 'default', 0)).entries;
  const enriched = JSON.parse(JSON.stringify(from.rebuild(0, undefined))) as Record<string, unknown>;
  t.deepEqual(stored?.event, enriched);
  t.is(typeof stored?.event?.receivedAt, 'string', 'receivedAt, which the parsed event lacks');
  t.is(stored?.event?.messageId, from.generatedMessageId(0));
});
