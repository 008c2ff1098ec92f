import type pg from 'pg';
import type { RunDirectory, RunDirectoryAddResult, RunRecord } from '../runs/run-directory.js';

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

/** Run records in PostgreSQL (table run_records, migrations/002), shared by every node on the database. */
export class PostgresRunDirectory implements RunDirectory {
  readonly #pool: pg.Pool;

  constructor(pool: pg.Pool) {
    this.#pool = pool;
  }

  async add(record: RunRecord, maxRuns: number): Promise<RunDirectoryAddResult> {
    const client = await this.#pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('SELECT pg_advisory_xact_lock($1)', [RUN_ADD_LOCK]);
      const result = await this.#check(client, record, maxRuns);
      if (result.added)
        await client.query(`INSERT INTO run_records (${COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6)`, [
          record.id,
          record.name,
          record.writeKeys,
          record.clock,
          record.createdAt,
          JSON.stringify(record.config),
        ]);
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
    const result = await this.#pool.query('DELETE FROM run_records WHERE id = $1', [id]);
    return (result.rowCount ?? 0) > 0;
  }
}
