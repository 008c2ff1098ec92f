import test from 'ava';
import type { HarnessOptions } from '../../src/harness/create-harness.js';
import { startPostgres, type PostgresServer } from './postgres.js';

/**
 * The store the harness tests run against: `EVENT_HARNESS_TEST_STORE=postgres` runs them on a real PostgreSQL
 * (store parity, docs/scaling.md), unset (or `memory`) on the in-memory store as always.
 */
export const TEST_STORE = process.env.EVENT_HARNESS_TEST_STORE ?? 'memory';
if (TEST_STORE !== 'memory' && TEST_STORE !== 'postgres')
  throw new Error(`EVENT_HARNESS_TEST_STORE must be "memory" or "postgres"; received ${JSON.stringify(TEST_STORE)}`);

// One server per test file (ava runs each file in its own process), started by the first harness that needs it.
let server: Promise<PostgresServer> | undefined;
let databases = 0;
// Stopped after the file's last test when this module is loaded while tests are declared; a helper imported
// from inside a test cannot declare a hook, so there each harness stops the server it started.
let stopsAfterFile = false;
if (TEST_STORE === 'postgres') {
  try {
    test.after.always('stop the parity PostgreSQL', async () => {
      await (await server)?.stop();
    });
    stopsAfterFile = true;
  } catch {
    stopsAfterFile = false;
  }
}

/**
 * The options with the test store filled in: a fresh database per harness on the file's PostgreSQL, a short
 * lease and sweep (real time) so a walk taken over after a stop does not wait a minute. Options that name a
 * store keep it. The returned cleanup runs after the harness stops.
 */
export async function withTestStore(
  options: HarnessOptions,
): Promise<{ options: HarnessOptions; cleanup: () => Promise<void> }> {
  if (TEST_STORE === 'memory' || options.store !== undefined) return { options, cleanup: async () => undefined };
  let own: Promise<PostgresServer> | undefined;
  if (stopsAfterFile) server ??= startPostgres();
  else own = startPostgres();
  const postgres = await (own ?? server);
  if (postgres === undefined) throw new Error('the parity PostgreSQL did not start');
  const store = await postgres.createDatabase(`parity_${process.pid}_${++databases}`);
  return {
    options: { ...options, store, storeOptions: { leaseMs: 2_000, sweepMs: 200, ...options.storeOptions } },
    cleanup: async () => {
      if (own !== undefined) await postgres.stop();
    },
  };
}

/**
 * Names the nth delivery a harness made: `d_<n>` on the memory store; a PostgreSQL store tags its ids with
 * the node that made them (`d_<n>_<nodeId>`, so replicas never collide), read from the harness's health.
 */
export async function deliveryIdNamer(harnessUrl: string): Promise<(n: number) => string> {
  const response = await fetch(`${harnessUrl}/__harness/health`);
  const { store } = (await response.json()) as { store: { kind: string; nodeId: string } };
  return store.kind === 'memory' ? (n) => `d_${n}` : (n) => `d_${n}_${store.nodeId}`;
}
