import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { isFakeClock } from '../../clock/clock.js';
import type { DeliveryStore } from '../../domain/delivery/delivery-store.js';
import type { StoredDelivery } from '../../domain/delivery/delivery-record.js';
import type { JournalRecord, JournalStore } from '../../domain/journal/journal-store.js';
import { StoreUnavailableError, StoreUnreachableError, StoreWriteError } from '../../errors/store-errors.js';
import { redactUrlPasswords } from '../../errors/redact-url-passwords.js';
import type { AttachedCore, DurableState, StoreDescription } from './durable-state.js';
import { readChanges, type Changes } from './read-changes.js';
import { WriteBehindDeliveryStore } from './write-behind-delivery-store.js';
import { WriteBehindJournalStore } from './write-behind-journal-store.js';
import { commitBatch, type WriteBatch } from './write-queue.js';
import { journalCopyLine, journalRowPrefix } from './copy-journal-rows.js';
import { RequestRows } from './request-rows.js';
import { applyJournalRows } from './apply-journal-rows.js';
import type { WriteSink } from './write-sink.js';
import { FlushGate } from './flush-gate.js';
import { PostgresRunDirectory } from './postgres-run-directory.js';
import { PostgresFaultRules } from './postgres-fault-rules.js';
import { trimJournal } from './sweep-leases.js';
import { WalkLeases } from './walk-leases.js';
import { JournalVacuum } from './journal-vacuum.js';
import { CHANGES_CHANNEL, FAULTS_CHANNEL, StoreConnections } from './store-connections.js';
import { orUnavailable, withClient } from './pool-client.js';
import { coalescedTask, withinBound } from './coalesced-task.js';
import { type PostgresStateOptions, STORE_ANSWER_MS, STORE_OVERDUE_MS } from './postgres-state-options.js';

export { type PostgresStateOptions, STORE_ANSWER_MS } from './postgres-state-options.js';

/**
 * The replicated write-behind store on PostgreSQL (docs/scaling.md): the core's memory stores are the mirror
 * and answer every query; writes are queued and committed in batches, then NOTIFYd; changes other nodes
 * commit are applied to the mirror on a notification and before every admin read; a walk is sent by the one
 * node whose claim wins. Every run's state on a node shares the node's connections (one pool, one LISTEN).
 */
export class PostgresState implements DurableState, WriteSink {
  readonly description: StoreDescription;
  readonly #connections: StoreConnections;
  /** The default run's state owns the node's connections: closing it closes them. */
  readonly #ownsConnections: boolean;
  readonly #pool: pg.Pool;
  readonly #runId: string;
  readonly #node: string;
  readonly #rowPrefix: string;
  readonly #sweepMs: number;
  readonly #vacuum: JournalVacuum;
  readonly #requests: RequestRows;
  readonly #gate = new FlushGate(
    (batch) => this.#commit(batch),
    (rows) => this.#requests.seal(rows),
  );
  readonly #stopListening: (() => void)[] = [];
  readonly #leases: WalkLeases;
  /** Whose batches these are: the node, and a tag of this process's state of the run (migrations/009). */
  readonly #writer: { readonly node: string; readonly incarnation: string };
  #faults: PostgresFaultRules | undefined;
  #core: AttachedCore | undefined;
  #deliveries: DeliveryStore | undefined;
  #applying = false;
  #lastSeq = 0;
  #epoch = 0;
  #clockWritten: number | undefined;
  readonly #catchUp = coalescedTask(async () => this.#apply(await this.#read(undefined), false));
  #sweep: NodeJS.Timeout | undefined;
  #closed = false;

  readonly #options: PostgresStateOptions;

  private constructor(connections: StoreConnections, owns: boolean, options: PostgresStateOptions, node: string) {
    this.#connections = connections;
    this.#ownsConnections = owns;
    this.#pool = connections.pool;
    this.#options = { ...options, nodeId: node };
    this.#runId = options.runId ?? 'default';
    this.#node = node;
    this.#rowPrefix = journalRowPrefix(this.#runId, node);
    this.#requests = new RequestRows(this.#rowPrefix);
    this.#writer = { node, incarnation: `${node}/${randomBytes(6).toString('hex')}` };
    this.#leases = new WalkLeases(this.#pool, this.#runId, this.#writer.incarnation, options.leaseMs ?? 60_000);
    this.#sweepMs = options.sweepMs ?? 2_000;
    this.#vacuum = new JournalVacuum(this.#pool, options.vacuumAfterTrimmedRows);
    this.description = { kind: 'postgres', nodeId: node, url: redactUrlPasswords(options.url) };
  }

  /**
   * Opens the node's connections (see StoreConnections.open: migrations, the max_connections check) and makes sure
   * the run's row exists; a one-line error when it cannot.
   */
  static async open(options: PostgresStateOptions): Promise<PostgresState> {
    const connections = await StoreConnections.open(options);
    const node = options.nodeId ?? randomBytes(3).toString('hex');
    return new PostgresState(connections, true, options, node).#ensureRun();
  }

  /** Run records in this database, for the run registry (every node sees every run). */
  runDirectory(): PostgresRunDirectory {
    return new PostgresRunDirectory(this.#connections);
  }

  /**
   * The state of another run in the same database, with this node's id, settings and connections; a store that
   * cannot be reached is a StoreUnreachableError (503 to the request that named the run).
   */
  openRun(runId: string): Promise<PostgresState> {
    return new PostgresState(this.#connections, false, { ...this.#options, runId }, this.#node).#ensureRun();
  }

  /**
   * Whether this run's writes commit now: the node's LISTEN connection is up, no batch is held after a failure,
   * and none has been committing past the answer bound. Collection requests are answered 503 at once while not.
   */
  get available(): boolean {
    return this.#connections.available && this.#gate.committing(STORE_OVERDUE_MS);
  }

  /** Makes sure the run's row exists; StoreUnreachableError when it cannot (the node's own connections then close). */
  async #ensureRun(): Promise<this> {
    try {
      await this.#pool.query('INSERT INTO runs (run_id, written_by) VALUES ($1, $2) ON CONFLICT (run_id) DO NOTHING', [
        this.#runId,
        this.#node,
      ]);
    } catch (error) {
      if (this.#ownsConnections) await this.#connections.close();
      const reason = (error as Error).message || String(error);
      throw new StoreUnreachableError(this.#options.url, reason, { cause: error });
    }
    return this;
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
    await this.#apply(await orUnavailable(this.#read(core.journal.capacity)), true);
    const connections = this.#connections;
    this.#stopListening.push(
      connections.listenRun(CHANGES_CHANNEL, this.#runId, (writtenBy) => {
        if (writtenBy !== this.#node) void this.catchUp().catch(() => undefined);
      }),
      connections.listenRun(FAULTS_CHANNEL, this.#runId, () => this.#faults?.changed()),
      // Back after a loss: what other nodes committed meanwhile was not notified, and a held batch may go now.
      connections.onListening(() => {
        this.#gate.retryNow();
        void this.catchUp().then(
          () => this.#faults?.changed(),
          () => undefined,
        );
      }),
    );
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

  /**
   * Resolves once every write made before the call is committed, within STORE_ANSWER_MS: past it (a database
   * down or hanging) a StoreWriteError, answered 503 with Retry-After. The writes stay queued and commit later.
   */
  committed(): Promise<void> {
    return withinBound(
      this.flushed(),
      STORE_ANSWER_MS,
      () => new StoreWriteError(`not committed within ${STORE_ANSWER_MS} ms; it will be once the database answers`),
    );
  }

  /** Applies what other nodes committed; a store that cannot be reached is a StoreUnavailableError (503). */
  catchUp(): Promise<void> {
    return orUnavailable(this.#catchUp());
  }

  /**
   * Claims a walk for this node (see WalkLeases). While the store cannot be reached the claim fails at once; the
   * delivery is walked again once a commit goes through (or by the sweep).
   */
  claimWalk(id: string, walk: number): Promise<boolean | 'taken-over'> {
    return this.#leases.claim(id, walk, async () => {
      if (!this.available) throw new StoreUnavailableError('a batch is held or the LISTEN connection is lost');
      await this.flushed();
    });
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    if (this.#sweep !== undefined) clearInterval(this.#sweep);
    for (const stop of this.#stopListening.splice(0)) stop();
    // What was written goes to the store first; a store that does not answer keeps it (bounded: the process stops).
    await withinBound(this.flushed(), STORE_ANSWER_MS, () => new Error('not committed')).catch(() => undefined);
    this.#closed = true;
    if (this.#ownsConnections) await this.#connections.close();
  }

  #read(journalLimit: number | undefined): Promise<Changes> {
    return withClient(this.#pool, (client) => readChanges(client, this.#runId, this.#lastSeq, journalLimit));
  }

  async #commit(batch: WriteBatch): Promise<void> {
    try {
      await withClient(this.#pool, async (client) => {
        const range = await commitBatch(client, this.#runId, this.#writer, batch);
        // Nothing but this commit came after what this node already applied: the catch-up need not read it back.
        if (range !== 'committed-already' && this.#lastSeq >= range.before)
          this.#lastSeq = Math.max(this.#lastSeq, range.after);
      });
    } catch (error) {
      throw new StoreWriteError((error as Error).message, { cause: error });
    }
    if (this.#core !== undefined) this.#leases.retryFailed(this.#core.dispatcher);
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
      // The move waits for this node's walks (docs/rules.md, "Virtual time"); past its budget it stops short, and
      // the rows below are applied all the same: the next change moves the clock on.
      await core.clock.advanceTo(run.clockNow).catch(() => undefined);
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
      // Every node remembers the messageIds any node accepted: a client's resend to another node is a duplicate.
      applyJournalRows(core.journal, changes.entries, {
        oldest,
        skip: (writtenBy) => !theirs(writtenBy),
        newest: loading ? core.journal.capacity : undefined,
        seen: (writeKey, messageId) => core.collection.rememberMessageId(writeKey, messageId),
      });
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
    await this.#leases.sweep(core.dispatcher, core.clock.now());
    const maxAgeMs = core.config.journal?.maxAgeMs;
    const recordedBefore = maxAgeMs === undefined ? undefined : core.clock.now() - maxAgeMs;
    await this.#vacuum.trimmed(await trimJournal(this.#pool, this.#runId, core.journal.capacity, { recordedBefore }));
  }
}
