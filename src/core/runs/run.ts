import type { HarnessConfig } from '../../contract/generated/wire-types.js';
import type { AdminOperations, AdminOperationsOptions } from '../admin/admin-operations.js';
import type { RunDirectory } from './run-directory.js';
import type { RunBounds } from './run-memory-budget.js';
import type { ServiceCore } from '../service-core.js';

/** What the factory gets to build a run's core: the record's clock and config, validated. */
export interface RunCoreOptions {
  readonly clock: 'fake' | 'system';
  readonly config: HarnessConfig;
}

/** Builds the core of a run (the adapter's: it knows the transport, the CAs, the seed, the store). */
export type RunCoreFactory = (runId: string, options: RunCoreOptions) => ServiceCore | Promise<ServiceCore>;

/** A run: its record and its live core, with the admin operations every adapter answers it with. */
export interface Run {
  readonly id: string;
  readonly name: string;
  readonly writeKeys: readonly string[];
  readonly clock: 'fake' | 'system';
  readonly createdAt: string;
  readonly core: ServiceCore;
  readonly admin: AdminOperations;
  /** Wall time (ms) of the last request that reached the run; idle runs past `idleMs` are deleted. */
  lastUsedAt: number;
}

export interface CreateRunInput {
  readonly clock?: 'fake' | 'system';
  readonly config?: HarnessConfig | unknown;
  readonly name?: string;
}

export interface RunRegistryOptions {
  /** The default run's core: the server's own, exactly as without runs. */
  readonly defaultCore: ServiceCore;
  readonly createCore: RunCoreFactory;
  /** Default: in memory. */
  readonly directory?: RunDirectory;
  /** Runs that may exist besides the default one. Default 1,000. */
  readonly maxRuns?: number;
  /** A run no request reached for this long (wall time) is deleted at the next create or list. Default 2 hours; 0 never. */
  readonly idleMs?: number;
  /** The default run's admin options (runUntilIdle, onReset of parts composed on top of its core). */
  readonly defaultAdmin?: AdminOperationsOptions;
  /** Wall time, for createdAt and idleness. Default Date.now. */
  readonly now?: () => number;
  /** What the runs hold together at most (journal entries and text, deliveries). Default RUNS_MEMORY_BUDGET. */
  readonly memoryBudget?: RunBounds;
}
