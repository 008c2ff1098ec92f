import type { HarnessConfig } from '../../contract/generated/wire-types.js';
import type { AdminOperations } from '../admin/admin-operations.js';
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
