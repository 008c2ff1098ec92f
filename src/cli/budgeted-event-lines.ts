import type { EventJournal } from '../domain/journal/event-journal.js';
import type { JournalEntry, JournalStatus } from '../domain/journal/journal-entry.js';
import type { RoutineLineBudget } from './routine-line-budget.js';

/** The statuses of routine event lines: written within the budget, counted past it. */
const ROUTINE_STATUSES: readonly JournalStatus[] = ['accepted', 'duplicate', 'filtered'];

// The budget's kind of each event line, made once: this runs for every event journaled within the budget.
const EVENT_KINDS: Readonly<Record<JournalStatus, string>> = {
  accepted: 'events accepted',
  rejected: 'events rejected',
  duplicate: 'events duplicate',
  filtered: 'events filtered',
};

/**
 * The routine event lines of serve's log, through its budget. Once a window's budget is spent, the listener lets
 * go of the journal until the window closes, and the journal's tally of what it recorded then says how many events
 * of each status came meanwhile: under load the journal makes nothing per event for the log, and the summary still
 * counts every line not written.
 */
export class BudgetedEventLines {
  readonly #journal: EventJournal;
  readonly #budget: RoutineLineBudget;
  readonly #write: (entry: JournalEntry) => void;
  #unsubscribe: (() => void) | undefined;
  /** The journal's tally when the listener let go (the refused entry included), until the window closes. */
  #recordedAtPause: Readonly<Record<JournalStatus, number>> | undefined;

  constructor(journal: EventJournal, budget: RoutineLineBudget, write: (entry: JournalEntry) => void) {
    this.#journal = journal;
    this.#budget = budget;
    this.#write = write;
  }

  start(): void {
    this.#unsubscribe ??= this.#journal.subscribe(this.#hear, { keepsEntries: false, statuses: ROUTINE_STATUSES });
  }

  readonly #hear = (entry: JournalEntry): void => {
    // Refused, the line is counted by the budget; the ones after it by the journal, until the window closes.
    if (this.#budget.take(EVENT_KINDS[entry.status])) {
      this.#write(entry);
      return;
    }
    this.#unsubscribe?.();
    this.#unsubscribe = undefined;
    this.#recordedAtPause = this.#journal.recordedByStatus();
  };

  /** The budget's window closes: the events that came while paused are counted, and lines are heard again. */
  windowClosed(): void {
    const before = this.#recordedAtPause;
    if (before !== undefined) {
      this.#recordedAtPause = undefined;
      const now = this.#journal.recordedByStatus();
      for (const status of ROUTINE_STATUSES) this.#budget.count(EVENT_KINDS[status], now[status] - before[status]);
    }
    this.start();
  }
}
