export {
  EventJournal,
  type EventJournalOptions,
  type EventOrigin,
  type EventOriginRef,
  type JournalListener,
  type JournalMatch,
  type JournalSearch,
  type JournalSubscribeOptions,
} from './event-journal.js';
export type {
  JournalCounts,
  JournalEntry,
  JournalMatchQuery,
  JournalPage,
  JournalQuery,
  JournalStatus,
} from './journal-entry.js';
export type { JournalRecord, JournalStore } from './journal-store.js';
export { MemoryJournalStore } from './memory-journal-store.js';
