import type pg from 'pg';

/**
 * The journal table's trimmed rows made reusable soon, not at autovacuum's next visit: under sustained ingest the
 * sweep deletes rows as fast as they come, and in the minute autovacuum may take to come round (its default
 * naptime) the dead rows pile up in the table and its indexes, and every insert, trim and catch-up read walks
 * past them. Not SKIP_LOCKED: with it, a vacuum asked while autovacuum is only analyzing the table is skipped and
 * the dead rows stay; a plain VACUUM waits, and PostgreSQL cancels an autovacuum in its way.
 */
export const VACUUM_JOURNAL_SQL = 'VACUUM journal_entries';
const VACUUM_TIMEOUT_MS = 10 * 60_000;

/** Counts the rows the sweep trims and vacuums the journal table once they reach `afterRows`, one vacuum at a time. */
export class JournalVacuum {
  readonly #pool: pg.Pool;
  readonly #afterRows: number;
  #trimmed = 0;
  #running = false;

  constructor(pool: pg.Pool, afterRows = 10_000) {
    this.#pool = pool;
    this.#afterRows = afterRows;
  }

  /** Adds rows a sweep trimmed (sweeps may overlap: each adds after its own trim) and vacuums when they are due. */
  async trimmed(rows: number): Promise<void> {
    this.#trimmed += rows;
    if (this.#trimmed < this.#afterRows || this.#running) return;
    this.#trimmed = 0;
    this.#running = true;
    try {
      // Longer than the pool's query timeout: a large table's vacuum takes what it takes.
      await this.#pool.query({ text: VACUUM_JOURNAL_SQL, query_timeout: VACUUM_TIMEOUT_MS } as pg.QueryConfig);
    } finally {
      this.#running = false;
    }
  }
}
