import type { CreateRunInput, Run, RunCoreFactory, RunRegistryOptions } from './run.js';
import {
  DefaultRunUndeletableError,
  RunLimitReachedError,
  RunNotFoundError,
  WriteKeyTakenError,
} from '../../errors/admin-errors.js';
import { AdminOperations } from '../admin/admin-operations.js';
import type { ServiceCore } from '../service-core.js';
import { MemoryRunDirectory } from './memory-run-directory.js';
import { DEFAULT_RUN_ID, type RunDirectory, type RunRecord } from './run-directory.js';
import { RunReplicaSync } from './run-replica-sync.js';
import { newRunId } from './run-ids.js';
import { runConfigOf } from './run-config.js';
import { boundedRunConfig, defaultRunBounds, RunMemoryLedger, type RunBounds } from './run-memory-budget.js';

export type { CreateRunInput, Run, RunCoreFactory, RunCoreOptions } from './run.js';

export type { RunRegistryOptions } from './run.js';

export const DEFAULT_MAX_RUNS = 1_000;
export const DEFAULT_RUN_IDLE_MS = 2 * 60 * 60 * 1000;

/**
 * The runs (tenants) of one server. The default run is the server's own core: every write key no other run owns
 * reaches it, so unmodified SDKs and zero-config keys behave as without runs. Runs created at run time each have a
 * whole core (clock, faults, sources, journal, deliveries, audiences, request log, reset) built by the factory;
 * their records live in a RunDirectory. Lookups on the request path (`byWriteKey`, `get`) are one map read.
 */
export class RunRegistry {
  readonly default: Run;
  readonly maxRuns: number;
  readonly idleMs: number;
  readonly #createCore: RunCoreFactory;
  readonly #directory: RunDirectory;
  readonly #now: () => number;
  readonly #runs = new Map<string, Run>();
  readonly #byWriteKey = new Map<string, Run>();
  readonly #opening = new Map<string, Promise<Run | undefined>>();
  readonly #listeners = new Set<(event: { kind: 'created' | 'deleted'; run: Run }) => void>();
  readonly #replicas: RunReplicaSync;
  /** What the live runs reserved of the memory budget (their journal and delivery bounds). */
  readonly memory: RunMemoryLedger;
  /** A run's bounds when its config names none: its share of the memory budget. */
  readonly defaultBounds: RunBounds;

  constructor(options: RunRegistryOptions) {
    this.#createCore = options.createCore;
    this.#directory = options.directory ?? new MemoryRunDirectory();
    this.#replicas = new RunReplicaSync(this.#directory, {
      isBuilt: (id) => this.#runs.has(id),
      drop: (id) => this.#drop(id),
    });
    this.#now = options.now ?? Date.now;
    this.maxRuns = options.maxRuns ?? DEFAULT_MAX_RUNS;
    this.idleMs = options.idleMs ?? DEFAULT_RUN_IDLE_MS;
    this.memory = new RunMemoryLedger(options.memoryBudget);
    this.defaultBounds = defaultRunBounds(this.maxRuns, this.memory.budget);
    const core = options.defaultCore;
    this.default = {
      id: DEFAULT_RUN_ID,
      name: 'default',
      get writeKeys() {
        return core.sources.writeKeys();
      },
      clock: core.clock.mode,
      createdAt: new Date(this.#now()).toISOString(),
      core,
      admin: new AdminOperations(core, options.defaultAdmin),
      lastUsedAt: this.#now(),
    };
  }

  /** Creates a run: validates its config, generates its id (and a write key when the config names no source). */
  async create(input: CreateRunInput = {}): Promise<Run> {
    await this.sweepIdle();
    const clock = input.clock ?? 'system';
    const id = newRunId();
    // Bounds it leaves out are its share of the memory budget; what it asks for must fit in what is left.
    const { config, bounds, writeKeys } = runConfigOf(input, id, this.defaultBounds);
    for (const writeKey of writeKeys) {
      // The default run's configured keys are owned too (its zero-config keys are not: any run may claim one).
      if (this.default.core.config.sources?.some((source) => source.writeKey === writeKey) === true)
        throw new WriteKeyTakenError(writeKey, DEFAULT_RUN_ID);
    }
    const record: RunRecord = {
      id,
      name: input.name ?? id,
      writeKeys,
      clock,
      createdAt: new Date(this.#now()).toISOString(),
      config,
    };
    this.memory.check(bounds);
    // Reserved before the first await, so two creations at once cannot both take the last of the budget.
    this.memory.reserve(id, bounds);
    const added = await this.#directory.add(record, this.maxRuns).catch((error: unknown) => {
      this.memory.release(id);
      throw error;
    });
    if (!added.added) {
      this.memory.release(id);
      if (added.reason === 'full') throw new RunLimitReachedError(this.maxRuns);
      if (added.reason === 'write-key-taken') throw new WriteKeyTakenError(added.writeKey, added.ownerId);
      // 50 random bits: a collision is a broken random source, not a user error.
      throw new Error(`run id ${id} was generated twice`);
    }
    try {
      return this.#build(record, await this.#createCore(id, { clock, config }));
    } catch (error) {
      this.memory.release(id);
      await this.#directory.remove(id);
      throw error;
    }
  }

  #build(record: RunRecord, core: ServiceCore): Run {
    const run: Run = {
      id: record.id,
      name: record.name,
      writeKeys: record.writeKeys,
      clock: record.clock,
      createdAt: record.createdAt,
      core,
      admin: new AdminOperations(core),
      lastUsedAt: this.#now(),
    };
    // A run another process created is held here too: counted, even past the budget (it was checked there).
    this.memory.reserve(run.id, boundedRunConfig(record.config, this.defaultBounds).bounds);
    this.#runs.set(run.id, run);
    for (const writeKey of run.writeKeys) this.#byWriteKey.set(writeKey, run);
    this.#replicas.forget(run.id);
    for (const listener of this.#listeners) listener({ kind: 'created', run });
    return run;
  }

  /** The live run with this id ("default" included), or undefined. */
  get(id: string): Run | undefined {
    return id === DEFAULT_RUN_ID ? this.default : this.#runs.get(id);
  }

  /** Like get, but a run another process recorded in a shared directory is built here on first use. */
  async open(id: string): Promise<Run | undefined> {
    const live = this.get(id);
    if (live !== undefined) return live;
    // Concurrent first requests to one run share one build: one core, one dispatcher.
    let opening = this.#opening.get(id);
    if (opening === undefined) {
      opening = (async () => {
        const record = await this.#directory.get(id);
        if (record === undefined) return undefined;
        return this.#runs.get(id) ?? this.#build(record, await this.#createCore(id, record));
      })().finally(() => this.#opening.delete(id));
      this.#opening.set(id, opening);
    }
    return opening;
  }

  /** Like get, but an unknown id is a RunNotFoundError (404). */
  async require(id: string): Promise<Run> {
    const run = await this.open(id);
    if (run === undefined) throw new RunNotFoundError(id);
    return run;
  }

  /** The run owning the write key, or the default run: the collection API's one map read per request. */
  byWriteKey(writeKey: string | undefined): Run {
    if (writeKey === undefined) return this.default;
    return this.#byWriteKey.get(writeKey) ?? this.default;
  }

  /** The run owning the key, if a run created at run time does (not the default run's fallback). */
  ownerOf(writeKey: string): Run | undefined {
    return this.#byWriteKey.get(writeKey);
  }

  /** True when runs besides the default exist: the collection API then reads a body's writeKey to route it. */
  get hasRuns(): boolean {
    return this.#runs.size > 0 || this.#replicas.knowsRuns;
  }

  /** The id of the run owning the key when another replica recorded it and this process has not built it yet. */
  builtElsewhere(writeKey: string): string | undefined {
    return this.#replicas.ownerOf(writeKey);
  }

  /**
   * Follows a shared directory (replicas on one database): runs other nodes create are routed here by write key
   * from their first request, runs they delete are dropped here, and this node's use of each run is written every
   * `useFlushMs` so that no node expires a run in use through another. Nothing to do on a directory of one process.
   */
  async follow(useFlushMs = Math.min(60_000, Math.max(1_000, this.idleMs / 4))): Promise<void> {
    await this.#replicas.follow(useFlushMs);
  }

  /** The default run first, then the others oldest first. */
  async list(): Promise<Run[]> {
    await this.sweepIdle();
    const records = await this.#directory.list();
    const runs: Run[] = [this.default];
    for (const record of records) {
      const run = await this.open(record.id);
      if (run !== undefined) runs.push(run);
    }
    return runs;
  }

  /** Deletes a run: its dispatcher stops, its write keys are free at once. False when no such run. */
  async delete(id: string): Promise<boolean> {
    if (id === DEFAULT_RUN_ID) throw new DefaultRunUndeletableError();
    const removed = await this.#directory.remove(id);
    this.#replicas.forget(id);
    return this.#drop(id) || removed;
  }

  /** Drops this process's copy of a run (its record is gone): its dispatcher stops, its keys reach the default run. */
  #drop(id: string): boolean {
    const run = this.#runs.get(id);
    this.memory.release(id);
    if (run === undefined) return false;
    this.#runs.delete(id);
    this.#replicas.forget(id);
    for (const writeKey of run.writeKeys) if (this.#byWriteKey.get(writeKey) === run) this.#byWriteKey.delete(writeKey);
    run.core.dispatcher.close();
    for (const listener of this.#listeners) listener({ kind: 'deleted', run });
    return true;
  }

  /** Marks a run used now (a request reached it): idle expiry counts from here. */
  touch(run: Run): void {
    if (run === this.default) return;
    run.lastUsedAt = this.#now();
    this.#replicas.used(run.id, run.lastUsedAt);
  }

  /**
   * Deletes the runs no process used for `idleMs` (the directory keeps each run's last use by any node); answers
   * their ids. Called on create and list (no timer of its own).
   */
  async sweepIdle(): Promise<string[]> {
    if (this.idleMs <= 0) return [];
    await this.#replicas.writeUse();
    const idle = await this.#directory.removeIdle(this.#now() - this.idleMs);
    for (const id of idle) {
      this.#replicas.forget(id);
      this.#drop(id);
    }
    return idle;
  }

  /** The runs this process has built now: the default run first. */
  built(): Run[] {
    return [this.default, ...this.#runs.values()];
  }

  /** Called when a run is created or deleted here (the inspector's stream tells the page). Returns an unsubscribe. */
  onChange(listener: (event: { kind: 'created' | 'deleted'; run: Run }) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Stops every run's dispatcher but the default's (its owner stops it). */
  close(): void {
    this.#replicas.close();
    for (const run of this.#runs.values()) run.core.dispatcher.close();
  }
}
