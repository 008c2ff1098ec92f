import pg from 'pg';
import { StoreConnectionLimitError, StoreUnreachableError } from '../../errors/store-errors.js';
import { applyMigrations } from './apply-migrations.js';
import { withClient } from './pool-client.js';

/** Connections a node's pool keeps at most, shared by every run (its LISTEN connection besides). */
export const DEFAULT_STORE_CONNECTIONS = 10;
/** A connection not made within this is an error (PostgreSQL down or not answering). */
export const STORE_CONNECT_TIMEOUT_MS = 5_000;
/**
 * A query not answered within this fails and its connection is closed. Generous: a start's load or a catch-up may
 * read many rows on a loaded machine; a database that hangs is found sooner by the LISTEN connection's probe, and
 * requests are answered within their own bound meanwhile.
 */
export const STORE_QUERY_TIMEOUT_MS = 30_000;
/** How often a lost LISTEN connection is made again. */
const RELISTEN_MS = 500;
/** How often the LISTEN connection is asked a trivial query, and how long it may take: a hanging database is found. */
const PROBE_EVERY_MS = 1_000;
const PROBE_TIMEOUT_MS = 1_500;
/**
 * Once the LISTEN connection is made again after a loss, requests are still refused this long: every node's writes
 * held through the outage commit first (and are notified), so a client's resend of one is seen as a duplicate.
 */
export const STORE_RECOVERY_GRACE_MS = 2_000;

export const CHANGES_CHANNEL = 'event_harness_changes';
export const FAULTS_CHANNEL = 'event_harness_faults';
export const RUNS_CHANNEL = 'event_harness_runs';
const CHANNELS = [CHANGES_CHANNEL, FAULTS_CHANNEL, RUNS_CHANNEL] as const;
type Channel = (typeof CHANNELS)[number];

/**
 * One node's connections to the store (docs/scaling.md "Connections"), shared by every run it holds: one bounded
 * pool, and one LISTEN connection whose notifications are handed to whoever listens. Every client has an 'error'
 * listener (a restart's 57P01 or a lost socket must not end the process); a lost LISTEN connection is made again
 * every half second, and `available` is false until it is, so requests are answered 503 at once meanwhile.
 */
export class StoreConnections {
  readonly pool: pg.Pool;
  readonly url: string;
  readonly #listeners = new Map<Channel, Set<(payload: string) => void>>(CHANNELS.map((c) => [c, new Set()]));
  // Per run: what to call when a node committed a change of the run (with the node's id), or of its fault rules.
  readonly #runListeners = new Map<string, Set<(writtenBy: string) => void>>();
  readonly #onListening = new Set<() => void>();
  #listener: pg.Client | undefined;
  #relisten: NodeJS.Timeout | undefined;
  #probe: NodeJS.Timeout | undefined;
  #listening = false;
  /** When the LISTEN connection was last made (0 at the start: no grace). */
  #listeningSince = 0;
  #closed = false;

  private constructor(url: string, poolSize: number) {
    this.url = url;
    this.pool = new pg.Pool({
      connectionString: url,
      max: poolSize,
      connectionTimeoutMillis: STORE_CONNECT_TIMEOUT_MS,
      query_timeout: STORE_QUERY_TIMEOUT_MS,
      keepAlive: true,
    });
    // An idle client losing its server: the pool drops it, and the next query reports it.
    this.pool.on('error', () => undefined);
    // A client in use losing its server: its query fails (and the client is dropped when given back).
    this.pool.on('connect', (client) => client.on('error', () => undefined));
  }

  /**
   * Connects, checks that PostgreSQL can give this node every connection it may open (StoreConnectionLimitError,
   * naming max_connections), applies the migrations and starts listening; a one-line StoreUnreachableError (the
   * password masked) when it cannot.
   */
  static async open(options: {
    readonly url: string;
    readonly poolSize?: number | undefined;
  }): Promise<StoreConnections> {
    const poolSize = options.poolSize ?? DEFAULT_STORE_CONNECTIONS;
    const connections = new StoreConnections(options.url, poolSize);
    try {
      await withClient(connections.pool, async (client) => {
        await checkConnectionLimit(client, poolSize + 1);
        await applyMigrations(client);
      });
      await connections.#listen();
    } catch (error) {
      await connections.close();
      if (error instanceof StoreConnectionLimitError) throw error;
      throw new StoreUnreachableError(options.url, (error as Error).message || String(error), { cause: error });
    }
    return connections;
  }

  /**
   * False while the LISTEN connection is lost or does not answer its probe (PostgreSQL restarting, down or hanging),
   * and for STORE_RECOVERY_GRACE_MS once it is back.
   */
  get available(): boolean {
    return this.#listening && Date.now() - this.#listeningSince >= STORE_RECOVERY_GRACE_MS;
  }

  /** Calls `handler` with the payload of each notification on `channel`; answers how to stop. */
  listen(channel: typeof RUNS_CHANNEL, handler: (payload: string) => void): () => void {
    const handlers = this.#listeners.get(channel) as Set<(payload: string) => void>;
    handlers.add(handler);
    return () => handlers.delete(handler);
  }

  /**
   * Calls `handler` when a node committed a change of run `runId` (with that node's id: see changePayload) or, on
   * the faults channel, changed its fault rules; answers how to stop. A notification is parsed once for every run.
   */
  listenRun(
    channel: typeof CHANGES_CHANNEL | typeof FAULTS_CHANNEL,
    runId: string,
    handler: (writtenBy: string) => void,
  ): () => void {
    const key = `${channel}\n${runId}`;
    let handlers = this.#runListeners.get(key);
    if (handlers === undefined) this.#runListeners.set(key, (handlers = new Set()));
    handlers.add(handler);
    return () => {
      handlers.delete(handler);
      if (handlers.size === 0) this.#runListeners.delete(key);
    };
  }

  /** Calls `handler` each time the LISTEN connection is made again: notifications sent meanwhile were missed. */
  onListening(handler: () => void): () => void {
    this.#onListening.add(handler);
    return () => this.#onListening.delete(handler);
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    clearTimeout(this.#relisten);
    clearInterval(this.#probe);
    this.#listening = false;
    await this.#listener?.end().catch(() => undefined);
    // pool.end() waits for clients in use: a query to a database that hangs ends at its own timeout at most.
    await this.pool.end().catch(() => undefined);
  }

  async #listen(): Promise<void> {
    const client = new pg.Client({
      connectionString: this.url,
      connectionTimeoutMillis: STORE_CONNECT_TIMEOUT_MS,
      query_timeout: STORE_QUERY_TIMEOUT_MS,
      keepAlive: true,
    });
    client.on('error', () => this.#lost(client));
    client.on('end', () => this.#lost(client));
    client.on('notification', (message) => this.#notified(message.channel, message.payload ?? ''));
    this.#listener = client;
    try {
      await client.connect();
      for (const channel of CHANNELS) await client.query(`LISTEN ${channel}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    if (this.#closed || this.#listener !== client) return;
    this.#listening = true;
    clearInterval(this.#probe);
    let probing = false;
    this.#probe = setInterval(() => {
      if (probing) return;
      probing = true;
      // query_timeout per query is read by pg, though its types leave it out.
      const probe = { text: 'SELECT 1', query_timeout: PROBE_TIMEOUT_MS } as pg.QueryConfig;
      client.query(probe).then(
        () => (probing = false),
        () => this.#lost(client),
      );
    }, PROBE_EVERY_MS);
    this.#probe.unref();
  }

  #notified(channel: string, payload: string): void {
    if (channel === RUNS_CHANNEL) {
      for (const handler of this.#listeners.get(channel) ?? []) handler(payload);
      return;
    }
    let runId = payload;
    let writtenBy = '';
    if (channel === CHANGES_CHANNEL) {
      const parsed = parseChange(payload);
      if (parsed === undefined) return;
      ({ runId, writtenBy } = parsed);
    }
    for (const handler of this.#runListeners.get(`${channel}\n${runId}`) ?? []) handler(writtenBy);
  }

  #lost(client: pg.Client): void {
    if (this.#listener !== client || this.#closed) return;
    this.#listener = undefined;
    this.#listening = false;
    clearInterval(this.#probe);
    void client.end().catch(() => undefined);
    this.#scheduleRelisten();
  }

  #scheduleRelisten(): void {
    if (this.#closed) return;
    clearTimeout(this.#relisten);
    this.#relisten = setTimeout(() => {
      this.#listen().then(
        () => {
          if (!this.#listening) return;
          this.#listeningSince = Date.now();
          for (const handler of this.#onListening) handler();
        },
        () => this.#scheduleRelisten(),
      );
    }, RELISTEN_MS);
    this.#relisten.unref();
  }
}

/** Fails with StoreConnectionLimitError when PostgreSQL has fewer free connections than `needed` besides this one. */
async function checkConnectionLimit(client: pg.ClientBase, needed: number): Promise<void> {
  const result = await client.query<{ max: number; reserved: number; used: number }>(
    `SELECT current_setting('max_connections')::int AS max,
       current_setting('superuser_reserved_connections')::int AS reserved,
       (SELECT count(*)::int FROM pg_stat_activity WHERE backend_type = 'client backend') AS used`,
  );
  const row = result.rows[0];
  if (row === undefined) return;
  // This connection is counted in use, and is one of those needed.
  if (row.max - row.reserved - row.used + 1 < needed)
    throw new StoreConnectionLimitError(needed, { maxConnections: row.max, reserved: row.reserved, inUse: row.used });
}

/** The payload a commit notifies on the changes channel (SQL): the run it changed and the node that wrote it. */
export function changePayloadSql(runLiteral: string, nodeLiteral: string): string {
  return `json_build_object('run', ${runLiteral}::text, 'node', ${nodeLiteral}::text)::text`;
}

function parseChange(payload: string): { runId: string; writtenBy: string } | undefined {
  try {
    const { run, node } = JSON.parse(payload) as { run?: unknown; node?: unknown };
    return typeof run === 'string' && typeof node === 'string' ? { runId: run, writtenBy: node } : undefined;
  } catch {
    return undefined;
  }
}
