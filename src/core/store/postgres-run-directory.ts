import pg from 'pg';
import type { RunDirectory, RunDirectoryAddResult, RunDirectoryChange, RunRecord } from '../runs/run-directory.js';

// Adds serialize on this lock, so the bound and the key check hold across nodes adding at once.
const RUN_ADD_LOCK = 4_711_003;

/** Every node LISTENs here to learn of runs other nodes add and remove (payload: {"kind","id"}). */
const RUNS_CHANNEL = 'event_harness_runs';

interface RunRow {
  id: string;
  name: string;
  write_keys: string[];
  clock: 'fake' | 'system';
  created_at: string;
  config: string;
}

function recordOf(row: RunRow): RunRecord {
  return {
    id: row.id,
    name: row.name,
    writeKeys: row.write_keys,
    clock: row.clock,
    createdAt: row.created_at,
    config: JSON.parse(row.config) as RunRecord['config'],
  };
}

const COLUMNS = 'id, name, write_keys, clock, created_at, config';

/** Run records in PostgreSQL (table run_records, migrations/002 and 003), shared by every node on the database. */
export class PostgresRunDirectory implements RunDirectory {
  readonly #pool: pg.Pool;
  readonly #url: string;

  /** `url` opens the LISTEN connection of `watch` (its own: a pooled client would be held for good). */
  constructor(pool: pg.Pool, url: string) {
    this.#pool = pool;
    this.#url = url;
  }

  async add(record: RunRecord, maxRuns: number): Promise<RunDirectoryAddResult> {
    const client = await this.#pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('SELECT pg_advisory_xact_lock($1)', [RUN_ADD_LOCK]);
      const result = await this.#check(client, record, maxRuns);
      if (result.added) {
        await client.query(`INSERT INTO run_records (${COLUMNS}, last_used_at) VALUES ($1, $2, $3, $4, $5, $6, $7)`, [
          record.id,
          record.name,
          record.writeKeys,
          record.clock,
          record.createdAt,
          JSON.stringify(record.config),
          Date.parse(record.createdAt),
        ]);
        await notify(client, { kind: 'added', id: record.id });
      }
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  async #check(client: pg.PoolClient, record: RunRecord, maxRuns: number): Promise<RunDirectoryAddResult> {
    const count = Number((await client.query<{ n: string }>('SELECT count(*) AS n FROM run_records')).rows[0]?.n);
    if (count >= maxRuns) return { added: false, reason: 'full' };
    const same = await client.query('SELECT 1 FROM run_records WHERE id = $1', [record.id]);
    if ((same.rowCount ?? 0) > 0) return { added: false, reason: 'id-taken' };
    for (const writeKey of record.writeKeys) {
      const owner = await client.query<{ id: string }>('SELECT id FROM run_records WHERE $1 = ANY(write_keys)', [
        writeKey,
      ]);
      const ownerId = owner.rows[0]?.id;
      if (ownerId !== undefined) return { added: false, reason: 'write-key-taken', writeKey, ownerId };
    }
    return { added: true };
  }

  async get(id: string): Promise<RunRecord | undefined> {
    const result = await this.#pool.query<RunRow>(`SELECT ${COLUMNS} FROM run_records WHERE id = $1`, [id]);
    const row = result.rows[0];
    return row === undefined ? undefined : recordOf(row);
  }

  async ownerOf(writeKey: string): Promise<RunRecord | undefined> {
    const result = await this.#pool.query<RunRow>(
      `SELECT ${COLUMNS} FROM run_records WHERE write_keys @> ARRAY[$1::text]`,
      [writeKey],
    );
    const row = result.rows[0];
    return row === undefined ? undefined : recordOf(row);
  }

  async list(): Promise<readonly RunRecord[]> {
    const result = await this.#pool.query<RunRow>(`SELECT ${COLUMNS} FROM run_records ORDER BY created_at, id`);
    return result.rows.map(recordOf);
  }

  async remove(id: string): Promise<boolean> {
    return (await this.#removeWhere('id = $1', [id])).length > 0;
  }

  async markUsed(id: string, at: number): Promise<void> {
    await this.#pool.query('UPDATE run_records SET last_used_at = $2 WHERE id = $1 AND last_used_at < $2', [id, at]);
  }

  async removeIdle(before: number): Promise<string[]> {
    return this.#removeWhere('last_used_at < $1', [before]);
  }

  /** Deletes the matching records and tells every node (NOTIFY is sent at commit, so only for what was removed). */
  async #removeWhere(condition: string, values: unknown[]): Promise<string[]> {
    const client = await this.#pool.connect();
    try {
      await client.query('BEGIN');
      const removed = await client.query<{ id: string }>(
        `DELETE FROM run_records WHERE ${condition} RETURNING id`,
        values,
      );
      for (const { id } of removed.rows) await notify(client, { kind: 'removed', id });
      await client.query('COMMIT');
      return removed.rows.map((row) => row.id);
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  async watch(listener: (change: RunDirectoryChange) => void): Promise<() => Promise<void>> {
    const client = new pg.Client({ connectionString: this.#url });
    // A lost LISTEN connection must not crash the process; runs other nodes add are then found when first named.
    client.on('error', () => undefined);
    client.on('notification', (message) => {
      if (message.channel !== RUNS_CHANNEL || message.payload === undefined) return;
      const change = JSON.parse(message.payload) as RunDirectoryChange;
      listener(change);
    });
    await client.connect();
    await client.query(`LISTEN ${RUNS_CHANNEL}`);
    return () => client.end().catch(() => undefined);
  }
}

function notify(client: pg.PoolClient, change: RunDirectoryChange): Promise<unknown> {
  return client.query('SELECT pg_notify($1, $2)', [RUNS_CHANNEL, JSON.stringify(change)]);
}
