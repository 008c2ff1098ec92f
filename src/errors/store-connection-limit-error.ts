import { HarnessError } from './harness-error.js';

/**
 * The store's PostgreSQL cannot give this node the connections it may open (its pool and its LISTEN connection):
 * refused at start, naming max_connections, instead of failing later when the pool grows.
 */
export class StoreConnectionLimitError extends HarnessError {
  readonly code = 'ERR_STORE_CONNECTION_LIMIT';

  constructor(
    readonly needed: number,
    readonly limit: { readonly maxConnections: number; readonly reserved: number; readonly inUse: number },
  ) {
    const free = limit.maxConnections - limit.reserved - limit.inUse;
    super(
      `the store's PostgreSQL allows max_connections = ${limit.maxConnections} (${limit.reserved} reserved for superusers) and ${limit.inUse} are in use, so ${Math.max(0, free)} are free; this node may open ${needed} (its pool of ${needed - 1}, --store-connections, and one to LISTEN): raise max_connections in postgresql.conf or give a smaller --store-connections`,
    );
  }
}
