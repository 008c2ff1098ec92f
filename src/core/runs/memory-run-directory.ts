import type { RunDirectory, RunDirectoryAddResult, RunRecord } from './run-directory.js';

/** The embedded run directory: records in two maps (by id, by write key); gone when the process ends. */
export class MemoryRunDirectory implements RunDirectory {
  readonly #byId = new Map<string, RunRecord>();
  readonly #byWriteKey = new Map<string, RunRecord>();
  readonly #lastUsedAt = new Map<string, number>();

  async add(record: RunRecord, maxRuns: number): Promise<RunDirectoryAddResult> {
    if (this.#byId.has(record.id)) return { added: false, reason: 'id-taken' };
    for (const writeKey of record.writeKeys) {
      const owner = this.#byWriteKey.get(writeKey);
      if (owner !== undefined) return { added: false, reason: 'write-key-taken', writeKey, ownerId: owner.id };
    }
    if (this.#byId.size >= maxRuns) return { added: false, reason: 'full' };
    this.#byId.set(record.id, record);
    this.#lastUsedAt.set(record.id, Date.parse(record.createdAt));
    for (const writeKey of record.writeKeys) this.#byWriteKey.set(writeKey, record);
    return { added: true };
  }

  async get(id: string): Promise<RunRecord | undefined> {
    return this.#byId.get(id);
  }

  async ownerOf(writeKey: string): Promise<RunRecord | undefined> {
    return this.#byWriteKey.get(writeKey);
  }

  async list(): Promise<readonly RunRecord[]> {
    // Insertion order is creation order here.
    return [...this.#byId.values()];
  }

  async remove(id: string): Promise<boolean> {
    const record = this.#byId.get(id);
    if (record === undefined) return false;
    this.#byId.delete(id);
    this.#lastUsedAt.delete(id);
    for (const writeKey of record.writeKeys) this.#byWriteKey.delete(writeKey);
    return true;
  }

  async markUsed(id: string, at: number): Promise<void> {
    const last = this.#lastUsedAt.get(id);
    if (last !== undefined && at > last) this.#lastUsedAt.set(id, at);
  }

  async removeIdle(before: number): Promise<string[]> {
    const idle = [...this.#lastUsedAt].filter(([, at]) => at < before).map(([id]) => id);
    for (const id of idle) await this.remove(id);
    return idle;
  }
}
