import type { JournalRecord } from '../../domain/journal/journal-store.js';

/**
 * Where a write-behind store hands its writes: the durable side queues them and commits them in batches.
 * Writes that came from another node (replication) or from the database (a restart's load) are applied while
 * `applying` is true, and are not handed back.
 */
export interface WriteSink {
  readonly applying: boolean;
  journalAppended(record: JournalRecord): void;
  journalCleared(): void;
  deliveryChanged(id: string): void;
  deliveriesCleared(): void;
}
