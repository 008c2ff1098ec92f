import type { RunDirectory, RunDirectoryChange, RunRecord } from './run-directory.js';

/** What the registry lets the sync see and do: whether it built a run, and drop its copy of one. */
export interface RunReplicaHooks {
  isBuilt(id: string): boolean;
  drop(id: string): void;
}

/**
 * What a registry keeps in step with the other processes sharing its run directory (replicas on one database):
 * the write keys of runs they created that this process has not built yet, runs they deleted, and this process's
 * use of each run, written so that no node expires a run that clients use through another.
 */
export class RunReplicaSync {
  readonly #directory: RunDirectory;
  readonly #hooks: RunReplicaHooks;
  /** key -> run id, for runs recorded elsewhere and not built here. */
  readonly #elsewhere = new Map<string, string>();
  /** Runs used since their use was last written: id -> wall ms of the last use. */
  readonly #used = new Map<string, number>();
  #stopFollowing: (() => Promise<void>) | undefined;
  #useTimer: NodeJS.Timeout | undefined;

  constructor(directory: RunDirectory, hooks: RunReplicaHooks) {
    this.#directory = directory;
    this.#hooks = hooks;
  }

  get knowsRuns(): boolean {
    return this.#elsewhere.size > 0;
  }

  /** The id of the run owning the key when another process recorded it and this one has not built it. */
  ownerOf(writeKey: string): string | undefined {
    return this.#elsewhere.get(writeKey);
  }

  /** Follows the directory (when it can be followed) and writes this process's use every `useFlushMs`. */
  async follow(useFlushMs: number): Promise<void> {
    if (this.#directory.watch === undefined || this.#stopFollowing !== undefined) return;
    this.#stopFollowing = await this.#directory.watch((change) => void this.#apply(change).catch(() => undefined));
    for (const record of await this.#directory.list()) this.#learn(record);
    this.#useTimer = setInterval(() => void this.writeUse().catch(() => undefined), useFlushMs);
    this.#useTimer.unref();
  }

  async #apply(change: RunDirectoryChange): Promise<void> {
    if (change.kind === 'removed') {
      this.forget(change.id);
      this.#hooks.drop(change.id);
      return;
    }
    if (this.#hooks.isBuilt(change.id)) return;
    const record = await this.#directory.get(change.id);
    if (record !== undefined) this.#learn(record);
  }

  #learn(record: RunRecord): void {
    if (this.#hooks.isBuilt(record.id)) return;
    for (const writeKey of record.writeKeys) this.#elsewhere.set(writeKey, record.id);
  }

  /** The run was built here (its keys are routed by the registry now) or removed. */
  forget(id: string): void {
    for (const [writeKey, owner] of this.#elsewhere) if (owner === id) this.#elsewhere.delete(writeKey);
    this.#used.delete(id);
  }

  used(id: string, at: number): void {
    this.#used.set(id, at);
  }

  async writeUse(): Promise<void> {
    const used = [...this.#used];
    this.#used.clear();
    for (const [id, at] of used) await this.#directory.markUsed(id, at);
  }

  close(): void {
    clearInterval(this.#useTimer);
    void this.#stopFollowing?.();
    this.#stopFollowing = undefined;
  }
}
