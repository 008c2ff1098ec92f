import type { HarnessConfig } from '../../contract/generated/wire-types.js';

/** The id of the run that exists on every server, holding today's behaviour (zero-config keys, serve's config). */
export const DEFAULT_RUN_ID = 'default';

/**
 * What a server remembers of a run created at run time: enough to build its core again (on another replica, or
 * after a restart with a persistent directory). The run's state (journal, deliveries, faults, clock time) is not
 * here: it lives in the run's core and its stores.
 */
export interface RunRecord {
  /** `run_` + 10 base32 characters (see run-ids.ts); URL-safe, unique in the directory. */
  readonly id: string;
  /** A label for people (the inspector's picker); not unique. */
  readonly name: string;
  /** The write keys the run owns: its config's sources' keys. No two records share a key. */
  readonly writeKeys: readonly string[];
  /** The clock the run's core was created with. */
  readonly clock: 'fake' | 'system';
  /** ISO 8601 UTC, wall time of creation. */
  readonly createdAt: string;
  /** The run's config as created (validated by schemas/harness-config.schema.json), its sources holding `writeKeys`. */
  readonly config: HarnessConfig;
}

/**
 * Where run records live: in memory by default (MemoryRunDirectory), in PostgreSQL with `serve --store postgres://`.
 * The RunRegistry is the only caller; it holds the live cores and answers the hot lookups (write key -> run) from
 * its own maps, so this interface is on the slow path only: creating, deleting and listing runs, and finding a run
 * this process has not built yet (another replica created it).
 *
 * Contract every implementation keeps (test/core/runs/ runs it against each):
 * - `add` is atomic: it stores the record only when no stored record has its id or any of its write keys, and
 *   otherwise stores nothing and answers the conflict; two concurrent adds of one key: exactly one wins.
 * - `add` also enforces the bound: with `maxRuns` records already stored it stores nothing and answers `'full'`.
 * - `remove` answers whether a record was removed; removing frees its write keys at once.
 * - `list` answers every record, oldest first (createdAt, then id).
 * - `removeIdle` judges by the latest `markUsed` of any process (or the creation time), so a run in use through
 *   one replica is not expired by another that never served it.
 * - Methods may reject (a lost database connection); the registry lets that error reach the caller.
 * The default run is never stored: it exists on every server without a record.
 */
export interface RunDirectory {
  add(record: RunRecord, maxRuns: number): Promise<RunDirectoryAddResult>;
  get(id: string): Promise<RunRecord | undefined>;
  /** The record owning `writeKey`, if any. */
  ownerOf(writeKey: string): Promise<RunRecord | undefined>;
  list(): Promise<readonly RunRecord[]>;
  remove(id: string): Promise<boolean>;
  /** Records that the run was used at `at` (wall ms) by this process; a later time only moves it forward. */
  markUsed(id: string, at: number): Promise<void>;
  /** Removes the records no process marked used since `before` (wall ms, creation counts as use); answers their ids. */
  removeIdle(before: number): Promise<string[]>;
  /**
   * Calls `listener` when another process adds or removes a record (a directory shared by replicas); resolves once
   * following, with the function that stops it. Absent on a directory only this process writes.
   */
  watch?(listener: (change: RunDirectoryChange) => void): Promise<() => Promise<void>>;
}

/** A record added or removed by any process sharing the directory (the watcher's own changes included). */
export type RunDirectoryChange = { readonly kind: 'added' | 'removed'; readonly id: string };

export type RunDirectoryAddResult =
  | { readonly added: true }
  | { readonly added: false; readonly reason: 'full' }
  | { readonly added: false; readonly reason: 'id-taken' }
  | { readonly added: false; readonly reason: 'write-key-taken'; readonly writeKey: string; readonly ownerId: string };
