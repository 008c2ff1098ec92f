import type pg from 'pg';
import type { RunDirectory, RunDirectoryAddResult, RunDirectoryChange, RunRecord } from '../runs/run-directory.js';
import { orUnavailable, withClient } from './pool-client.js';
// Every node LISTENs here to learn of runs other nodes add and remove (payload: {"kind","id"}).
import { RUNS_CHANNEL, type StoreConnections } from './store-connections.js';

// Adds serialize on this lock, so the bound and the key check hold across nodes adding at once.
const RUN_ADD_LOCK = 4_711_003;

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

/**
 * Run records in PostgreSQL (table run_records, migrations/002 and 003), shared by every node on the database,
 * through the node's shared connections. A store that cannot be reached is a StoreUnavailableError (503).
 */
export class PostgresRunDirectory implements RunDirectory {
  readonly #connections: StoreConnections;
  readonly #pool: pg.Pool;

  constructor(connections: StoreConnections) {
    this.#connections = connections;
    this.#pool = connections.pool;
  }

  add(record: RunRecord, maxRuns: number): Promise<RunDirectoryAddResult> {
    return orUnavailable(withClient(this.#pool, (client) => this.#add(client, record, maxRuns)));
  }

  async #add(client: pg.PoolClient, record: RunRecord, maxRuns: number): Promise<RunDirectoryAddResult> {
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
    const result = await orUnavailable(
      this.#pool.query<RunRow>(`SELECT ${COLUMNS} FROM run_records WHERE id = $1`, [id]),
    );
    const row = result.rows[0];
    return row === undefined ? undefined : recordOf(row);
  }

  async ownerOf(writeKey: string): Promise<RunRecord | undefined> {
    const result = await orUnavailable(
      this.#pool.query<RunRow>(`SELECT ${COLUMNS} FROM run_records WHERE write_keys @> ARRAY[$1::text]`, [writeKey]),
    );
    const row = result.rows[0];
    return row === undefined ? undefined : recordOf(row);
  }

  async list(): Promise<readonly RunRecord[]> {
    const result = await orUnavailable(
      this.#pool.query<RunRow>(`SELECT ${COLUMNS} FROM run_records ORDER BY created_at, id`),
    );
    return result.rows.map(recordOf);
  }

  async remove(id: string): Promise<boolean> {
    return (await this.#removeWhere('id = $1', [id])).length > 0;
  }

  async markUsed(id: string, at: number): Promise<void> {
    await orUnavailable(
      this.#pool.query('UPDATE run_records SET last_used_at = $2 WHERE id = $1 AND last_used_at < $2', [id, at]),
    );
  }

  async removeIdle(before: number): Promise<string[]> {
    return this.#removeWhere('last_used_at < $1', [before]);
  }

  /** Deletes the matching records and tells every node (NOTIFY is sent at commit, so only for what was removed). */
  #removeWhere(condition: string, values: unknown[]): Promise<string[]> {
    return orUnavailable(
      withClient(this.#pool, async (client) => {
        await client.query('BEGIN');
        try {
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
        }
      }),
    );
  }

  /**
   * Follows the records on the node's LISTEN connection. Once it is made again after a loss, the records are read
   * again and each is announced as added (a run added meanwhile is learnt; one removed meanwhile stays built here
   * until it idles out).
   */
  async watch(listener: (change: RunDirectoryChange) => void): Promise<() => Promise<void>> {
    const stopListening = this.#connections.listen(RUNS_CHANNEL, (payload) => {
      try {
        listener(JSON.parse(payload) as RunDirectoryChange);
      } catch {
        // Not a change this version wrote.
      }
    });
    const stopResync = this.#connections.onListening(() => {
      this.list().then(
        (records) => {
          for (const record of records) listener({ kind: 'added', id: record.id });
        },
        () => undefined,
      );
    });
    return async () => {
      stopListening();
      stopResync();
    };
  }
}

function notify(client: pg.PoolClient, change: RunDirectoryChange): Promise<unknown> {
  return client.query('SELECT pg_notify($1, $2)', [RUNS_CHANNEL, JSON.stringify(change)]);
}
