import pg from 'pg';
import { StoreUnreachableError } from '../../errors/store-unreachable-error.js';
import { applyMigrations } from './apply-migrations.js';

/**
 * A pool on the store's database with the migrations applied and the run's row made; a one-line
 * StoreUnreachableError (the URL's password masked) when it cannot.
 */
export async function openStorePool(
  options: { readonly url: string; readonly poolSize?: number | undefined },
  runId: string,
  node: string,
): Promise<pg.Pool> {
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolSize ?? 4,
    connectionTimeoutMillis: 10_000,
  });
  // An idle client losing its server must not crash the process: the next query reports it.
  pool.on('error', () => undefined);
  try {
    const client = await pool.connect();
    try {
      await applyMigrations(client);
      await client.query('INSERT INTO runs (run_id, written_by) VALUES ($1, $2) ON CONFLICT (run_id) DO NOTHING', [
        runId,
        node,
      ]);
    } finally {
      client.release();
    }
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw new StoreUnreachableError(options.url, (error as Error).message || String(error), { cause: error });
  }
  return pool;
}
