// serve's routine event lines through the log's budget: written within it, and past it counted from the journal's
// exact counts while the listener lets go of the journal until the window closes.
import test from 'ava';
import { BudgetedEventLines } from '../../src/cli/budgeted-event-lines.js';
import { RoutineLineBudget, type RoutineLineSummary } from '../../src/cli/routine-line-budget.js';
import { EventJournal, MemoryJournalStore, type JournalStatus } from '../../src/domain/journal/index.js';

/** A journal whose store notes which appends were announced, the lines written, and a window closed by hand. */
function linesOver(linesPerWindow: number) {
  const store = new MemoryJournalStore();
  const announced: boolean[] = [];
  const append = store.append.bind(store);
  store.append = (record, announce) => {
    announced.push(announce !== undefined);
    return append(record, announce);
  };
  const journal = new EventJournal({ store });
  const written: number[] = [];
  const summaries: RoutineLineSummary[] = [];
  let close: (() => void) | undefined;
  let lines: BudgetedEventLines | undefined;
  const budget = new RoutineLineBudget({
    linesPerWindow,
    schedule: (run) => {
      close = run;
      return () => {
        close = undefined;
      };
    },
    onSummary: (summary) => summaries.push(summary),
    onWindowClose: () => lines?.windowClosed(),
  });
  lines = new BudgetedEventLines(journal, budget, (entry) => written.push(entry.seq));
  lines.start();
  const record = (status: JournalStatus, n: number) => {
    for (let i = 0; i < n; i++) journal.record(status, 'k', { type: 'track', event: 'e', userId: `u${i}` }, undefined);
  };
  const closeWindow = () => {
    const run = close;
    close = undefined;
    run?.();
  };
  return { journal, budget, record, closeWindow, written, summaries, announced };
}

test('past the budget the journal announces no routine event, and the summary counts every line not written', (t) => {
  const { record, closeWindow, written, summaries, announced } = linesOver(3);
  record('accepted', 5);
  record('duplicate', 2);
  record('filtered', 1);
  t.deepEqual(written, [1, 2, 3], 'the budget: three lines');
  // The 4th was offered and refused (counted by the budget); from the 5th on nothing hears of them.
  t.deepEqual(announced, [true, true, true, true, false, false, false, false]);
  closeWindow();
  t.deepEqual(summaries, [
    {
      counts: { 'events accepted': 2, 'events duplicate': 2, 'events filtered': 1 },
      total: 5,
      windowMs: 1_000,
    },
  ]);
  // The next window hears and writes again.
  record('accepted', 1);
  t.deepEqual(written, [1, 2, 3, 9]);
  t.is(announced.at(-1), true);
});

test('a rejected event is not a routine line: it neither spends the budget nor is counted in the summary', (t) => {
  const { record, closeWindow, written, summaries } = linesOver(1);
  record('rejected', 2);
  record('accepted', 3);
  closeWindow();
  t.deepEqual(written, [3]);
  t.deepEqual(summaries, [{ counts: { 'events accepted': 2 }, total: 2, windowMs: 1_000 }]);
});

test('a clear while paused does not lose count: the summary counts every routine line not written', (t) => {
  const { journal, record, closeWindow, written, summaries } = linesOver(1);
  record('accepted', 4);
  journal.clear();
  record('accepted', 2);
  closeWindow();
  t.deepEqual(written, [1]);
  // The refused 2nd line, the 3rd and 4th before the clear and the 2 after it.
  t.deepEqual(summaries, [{ counts: { 'events accepted': 5 }, total: 5, windowMs: 1_000 }]);
});
