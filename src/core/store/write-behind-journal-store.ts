import type { JournalCounts, JournalEntry, JournalPage } from '../../domain/journal/journal-entry.js';
import type { JournalSearch } from '../../domain/journal/journal-search.js';
import type { JournalRecord, JournalStore } from '../../domain/journal/journal-store.js';
import type { WriteSink } from './write-sink.js';

/**
 * A journal store that answers every query from its in-memory mirror (the memory store, unchanged) and hands
 * each append and clear to a sink that makes them durable: the same answers as the memory store, by
 * construction, with the database behind it.
 */
export class WriteBehindJournalStore implements JournalStore {
  readonly #mirror: JournalStore;
  readonly #sink: WriteSink;

  constructor(mirror: JournalStore, sink: WriteSink) {
    this.#mirror = mirror;
    this.#sink = sink;
  }

  get capacity(): number {
    return this.#mirror.capacity;
  }

  get maxBytes(): number {
    return this.#mirror.maxBytes;
  }

  /**
   * As the mirror: a request's entries go to the database as one row of its text (request-rows.ts), and an entry
   * stored on its own is rebuilt, enriched, before its JSON is taken (copy-journal-rows.ts).
   */
  get rebuildsFromOrigins(): boolean {
    return this.#mirror.rebuildsFromOrigins === true;
  }

  append(record: JournalRecord, announce?: (entry: JournalEntry) => void): JournalEntry {
    const entry = this.#mirror.append(record, announce);
    if (!this.#sink.applying) this.#sink.journalAppended(record);
    return entry;
  }

  entries(): Iterable<JournalEntry> {
    return this.#mirror.entries();
  }

  query(search: JournalSearch): JournalPage {
    return this.#mirror.query(search);
  }

  writeKeysForUser(userId: string): readonly string[] {
    return this.#mirror.writeKeysForUser(userId);
  }

  get indexedUsers(): number {
    return this.#mirror.indexedUsers;
  }

  counts(): JournalCounts {
    return this.#mirror.counts();
  }

  get size(): number {
    return this.#mirror.size;
  }

  get bytes(): number {
    return this.#mirror.bytes;
  }

  keepOwnText(): void {
    this.#mirror.keepOwnText();
  }

  clear(): void {
    this.#mirror.clear();
    if (!this.#sink.applying) this.#sink.journalCleared();
  }
}
