export { EventJournal, type EventJournalOptions, type EventOrigin, type EventOriginRef, type JournalListener, type JournalMatch } from './event-journal.js';
export type { JournalCounts, JournalEntry, JournalMatchQuery, JournalPage, JournalQuery, JournalStatus } from './journal-entry.js';
