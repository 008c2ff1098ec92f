import type pg from 'pg';
import { HarnessError } from '../../errors/harness-error.js';
import { StoreUnavailableError } from '../../errors/store-errors.js';

/**
 * Runs `use` on a client of the pool and gives it back; a client whose work failed is closed, not reused: its
 * connection may be lost, or still busy with a query that timed out (queries behind it would wait for it).
 */
export async function withClient<T>(pool: pg.Pool, use: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let result: T;
  try {
    result = await use(client);
  } catch (error) {
    client.release(error instanceof Error ? error : new Error(String(error)));
    throw error;
  }
  client.release();
  return result;
}

/**
 * Whatever fails reaching the store (a lost connection, a timeout, PostgreSQL shutting down) becomes a
 * StoreUnavailableError: 503 with Retry-After, never a 4xx or a 500 (the request was fine; the server was not).
 */
export async function orUnavailable<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof HarnessError) throw error;
    throw new StoreUnavailableError((error as Error).message || String(error), { cause: error });
  }
}
