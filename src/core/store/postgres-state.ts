import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { isFakeClock } from '../../clock/clock.js';
import type { DeliveryStore } from '../../domain/delivery/delivery-store.js';
import type { StoredDelivery } from '../../domain/delivery/delivery-record.js';
import type { JournalRecord, JournalStore } from '../../domain/journal/journal-store.js';
import { StoreWriteError } from '../../errors/store-write-error.js';
import { redactUrlPasswords } from '../../errors/redact-url-passwords.js';
import { openStorePool } from './open-store-pool.js';
import type { AttachedCore, DurableState, StoreDescription } from './durable-state.js';
import { readChanges, type Changes } from './read-changes.js';
import { WriteBehindDeliveryStore } from './write-behind-delivery-store.js';
import { WriteBehindJournalStore } from './write-behind-journal-store.js';
import { commitBatch, NOTIFY_CHANNEL, type WriteBatch } from './write-queue.js';
import { journalCopyLine, journalRowPrefix } from './copy-journal-rows.js';
import { RequestRows } from './request-rows.js';
import { applyJournalRows } from './apply-journal-rows.js';
import type { WriteSink } from './write-sink.js';
import { FlushGate } from './flush-gate.js';
import { PostgresRunDirectory } from './postgres-run-directory.js';
import { FAULTS_CHANNEL, PostgresFaultRules } from './postgres-fault-rules.js';
import { sweepExpiredLeases, trimJournal } from './sweep-leases.js';
import { JournalVacuum } from './journal-vacuum.js';

export interface PostgresStateOptions {
  readonly url: string;
  /** This node's id (default: random); also the tag in the ids of deliveries it creates. */
  readonly nodeId?: string;
  /** The run whose state this core keeps. Default 'default'. */
  readonly runId?: string;
  /** How long a claimed walk is this node's before another may take it over. Default 60 s (real time). */
  readonly leaseMs?: number;
  /** How often walks whose lease ran out are looked for. Default 2 s (real time). */
  readonly sweepMs?: number;
  /** Connections this run's state keeps at most (besides its LISTEN connection). Default 4. */
  readonly poolSize?: number;
  /** Journal rows the sweep trims before it vacuums the journal table (see JournalVacuum). Default 10,000. */
  readonly vacuumAfterTrimmedRows?: number;
}

/**
 * The replicated write-behind store on PostgreSQL (docs/scaling.md): the core's memory stores are the mirror
 * and answer every query; writes are queued and committed in batches, then NOTIFYd; changes other nodes
 * commit are applied to the mirror on a notification and before every admin read; a walk is sent by the one
 * node whose claim wins.
 */
export class PostgresState implements DurableState, WriteSink {
  readonly description: StoreDescription;
  readonly #pool: pg.Pool;
  readonly #runId: string;
  readonly #node: string;
  readonly #rowPrefix: string;
  readonly #leaseMs: number;
  readonly #sweepMs: number;
  readonly #vacuum: JournalVacuum;
  readonly #requests: RequestRows;
  readonly #gate = new FlushGate(
    (batch) => this.#commit(batch),
    (rows) => this.#requests.seal(rows),
  );
  #listener: pg.Client | undefined;
  #faults: PostgresFaultRules | undefined;
  #core: AttachedCore | undefined;
  #deliveries: DeliveryStore | undefined;
  #applying = false;
  #lastSeq = 0;
  #epoch = 0;
  #clockWritten: number | undefined;
  #catchingUp: Promise<void> | undefined;
  #catchUpAgain = false;
  #sweep: NodeJS.Timeout | undefined;
  #closed = false;

  readonly #options: PostgresStateOptions;

  private constructor(pool: pg.Pool, options: PostgresStateOptions, node: string) {
    this.#pool = pool;
    this.#options = { ...options, nodeId: node };
    this.#runId = options.runId ?? 'default';
    this.#node = node;
    this.#rowPrefix = journalRowPrefix(this.#runId, node);
    this.#requests = new RequestRows(this.#rowPrefix);
    this.#leaseMs = options.leaseMs ?? 60_000;
    this.#sweepMs = options.sweepMs ?? 2_000;
    this.#vacuum = new JournalVacuum(pool, options.vacuumAfterTrimmedRows);
    this.description = { kind: 'postgres', nodeId: node, url: redactUrlPasswords(options.url) };
  }

  /** Connects, applies the migrations and makes sure the run's row exists; a one-line error when it cannot. */
  static async open(options: PostgresStateOptions): Promise<PostgresState> {
    const node = options.nodeId ?? randomBytes(3).toString('hex');
    return new PostgresState(await openStorePool(options, options.runId ?? 'default', node), options, node);
  }

  /** Also once closed: stopping clears the dispatcher's mirror, which must not clear the shared state. */
  /** Run records in this database, for the run registry (every node sees every run). */
  runDirectory(): PostgresRunDirectory {
    return new PostgresRunDirectory(this.#pool, this.#options.url);
  }

  /** The state of another run in the same database, with this node's id and settings (its own small pool). */
  openRun(runId: string): Promise<PostgresState> {
    return PostgresState.open({ ...this.#options, runId, poolSize: 2 });
  }

  get applying(): boolean {
    return this.#applying || this.#closed;
  }

  wrapJournal(mirror: JournalStore): JournalStore {
    return new WriteBehindJournalStore(mirror, this);
  }

  sharedFaults(): PostgresFaultRules {
    this.#faults ??= new PostgresFaultRules(this.#pool, this.#runId, () => this.applying);
    return this.#faults;
  }

  wrapDeliveries(mirror: DeliveryStore): DeliveryStore {
    this.#deliveries = new WriteBehindDeliveryStore(mirror, this, this.#node);
    this.#gate.readDeliveriesFrom((id) => mirror.get(id));
    return this.#deliveries;
  }

  /** A request's entries go in one row (request-rows.ts); an entry with no request in a row of its own. */
  journalAppended(record: JournalRecord): void {
    const now = this.#core?.clock.now() ?? Date.now();
    this.#gate.entries((rows) => {
      if (!this.#requests.add(record, now, rows)) rows.add(journalCopyLine(this.#rowPrefix, record, now));
    });
  }

  journalCleared(): void {
    this.#requests.discard();
    this.#gate.resetJournal();
  }

  deliveryChanged(id: string): void {
    this.#gate.delivery(id);
  }

  deliveriesCleared(): void {
    this.#gate.resetDeliveries();
  }

  async attach(core: AttachedCore): Promise<void> {
    this.#core = core;
    const capacity = core.journal.capacity;
    await this.#apply(await this.#read(capacity), true);
    const listener = new pg.Client({ connectionString: this.#pool.options.connectionString });
    listener.on('error', () => undefined);
    listener.on('notification', (message) => {
      if (message.channel === FAULTS_CHANNEL) {
        if (message.payload === this.#runId) this.#faults?.changed();
      } else if (message.payload !== this.#node) void this.catchUp().catch(() => undefined);
    });
    await listener.connect();
    await listener.query(`LISTEN ${NOTIFY_CHANNEL}`);
    await listener.query(`LISTEN ${FAULTS_CHANNEL}`);
    this.#listener = listener;
    this.#sweep = setInterval(() => void this.#sweepOnce().catch(() => undefined), this.#sweepMs);
    this.#sweep.unref();
  }

  flushed(): Promise<void> {
    const clock = this.#core?.clock;
    if (clock !== undefined && isFakeClock(clock) && clock.now() !== this.#clockWritten) {
      this.#clockWritten = clock.now();
      this.#gate.clock(clock.now());
    }
    return this.#gate.flushed();
  }

  catchUp(): Promise<void> {
    if (this.#catchingUp !== undefined) {
      // One under way may have read before the call: one more follows it.
      this.#catchUpAgain = true;
      return this.#catchingUp;
    }
    this.#catchingUp = (async () => {
      try {
        do {
          this.#catchUpAgain = false;
          await this.#apply(await this.#read(undefined), false);
        } while (this.#catchUpAgain);
      } finally {
        this.#catchingUp = undefined;
      }
    })();
    return this.#catchingUp;
  }

  /**
   * A walk is keyed by the attempts recorded before it. A node wins a higher walk than any claimed while no
   * lease runs, or takes over the same walk once its lease ran out (its node died mid-walk); a walk that ended
   * (its lease let go) is never walked again under the same key, whatever a node's stale mirror says. A lease
   * still set when a claim wins is one whose walk never ended: 'taken-over' (its request may have been sent).
   */
  async claimWalk(id: string, walk: number): Promise<boolean | 'taken-over'> {
    await this.flushed();
    const result = await this.#pool.query<{ taken_over: boolean }>(
      `UPDATE deliveries SET walk = $3, lease_owner = $4, lease_until = now() + $5 * interval '1 millisecond',
         taken_over = lease_until IS NOT NULL
       WHERE run_id = $1 AND id = $2 AND state = 'pending' AND (
         (walk < $3 AND (lease_until IS NULL OR lease_until < now()))
         OR (walk = $3 AND lease_until < now()))
       RETURNING taken_over`,
      [this.#runId, id, walk, this.#node, this.#leaseMs],
    );
    const row = result.rows[0];
    return row === undefined ? false : row.taken_over ? 'taken-over' : true;
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    if (this.#sweep !== undefined) clearInterval(this.#sweep);
    await this.flushed().catch(() => undefined);
    this.#closed = true;
    await this.#listener?.end().catch(() => undefined);
    await this.#pool.end().catch(() => undefined);
  }

  async #read(journalLimit: number | undefined): Promise<Changes> {
    const client = await this.#pool.connect();
    try {
      return await readChanges(client, this.#runId, this.#lastSeq, journalLimit);
    } finally {
      client.release();
    }
  }

  async #commit(batch: WriteBatch): Promise<void> {
    const client = await this.#pool.connect().catch((error: unknown) => {
      throw new StoreWriteError((error as Error).message, { cause: error });
    });
    try {
      const { before, after } = await commitBatch(client, this.#runId, this.#node, batch);
      // Nothing but this commit came after what this node already applied: the catch-up need not read it back.
      if (this.#lastSeq >= before) this.#lastSeq = Math.max(this.#lastSeq, after);
    } catch (error) {
      throw new StoreWriteError((error as Error).message, { cause: error });
    } finally {
      client.release();
    }
  }

  /** Applies rows to the mirrors (its own rows too when loading at start, none of them later). */
  async #apply(changes: Changes, loading: boolean): Promise<void> {
    const core = this.#core;
    const deliveries = this.#deliveries;
    if (core === undefined || deliveries === undefined) return;
    this.#lastSeq = Math.max(this.#lastSeq, changes.lastSeq);
    const theirs = (writtenBy: string) => loading || writtenBy !== this.#node;
    const { run } = changes;
    // The clock first, outside `applying` (its timers may write): entries then age from the run's time. The
    // mirror's retry timers fire; the claims make each due walk go out from one node.
    if (run?.clockNow !== undefined && run.clockNow > core.clock.now() && isFakeClock(core.clock)) {
      this.#clockWritten = run.clockNow;
      await core.clock.advanceTo(run.clockNow);
    }
    this.#applying = true;
    try {
      if (run !== undefined) {
        if (!loading && run.epoch > this.#epoch && theirs(run.writtenBy)) core.reset();
        this.#epoch = Math.max(this.#epoch, run.epoch);
      }
      // Entries past the age bound are not taken back into the mirror (the sweep deletes their rows).
      const maxAgeMs = core.config.journal?.maxAgeMs;
      const oldest = maxAgeMs === undefined ? Number.NEGATIVE_INFINITY : core.clock.now() - maxAgeMs;
      applyJournalRows(
        core.journal,
        changes.entries,
        oldest,
        (writtenBy) => !theirs(writtenBy),
        loading ? core.journal.capacity : undefined,
      );
      for (const row of changes.deliveries) {
        if (!theirs(row.writtenBy)) continue;
        deliveries.restore(row.delivery as StoredDelivery);
        core.dispatcher.adopt(row.delivery.id);
      }
    } finally {
      this.#applying = false;
    }
  }

  async #sweepOnce(): Promise<void> {
    const core = this.#core;
    if (core === undefined || this.#closed) return;
    await this.catchUp();
    for (const id of await sweepExpiredLeases(this.#pool, this.#runId, this.#leaseMs, core.clock.now()))
      core.dispatcher.adopt(id, { walkNow: true });
    const maxAgeMs = core.config.journal?.maxAgeMs;
    const trimmed = await trimJournal(this.#pool, this.#runId, core.journal.capacity, {
      ...(maxAgeMs !== undefined ? { recordedBefore: core.clock.now() - maxAgeMs } : {}),
    });
    await this.#vacuum.trimmed(trimmed);
  }
}
