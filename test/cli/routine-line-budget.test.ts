import test from 'ava';
import { RoutineLineBudget, type RoutineLineSummary } from '../../src/cli/routine-line-budget.js';

/** A budget on a hand-moved clock, with its scheduled summary run by hand. */
function budgetAt(linesPerWindow: number) {
  let now = 0;
  let due: { run: () => void; at: number } | undefined;
  const summaries: RoutineLineSummary[] = [];
  const budget = new RoutineLineBudget({
    linesPerWindow,
    windowMs: 1_000,
    now: () => now,
    schedule: (run, ms) => {
      const entry = { run, at: now + ms };
      due = entry;
      return () => {
        if (due === entry) due = undefined;
      };
    },
    onSummary: (summary) => summaries.push(summary),
  });
  const advance = (ms: number) => {
    now += ms;
    if (due !== undefined && due.at <= now) {
      const { run } = due;
      due = undefined;
      run();
    }
  };
  return { budget, summaries, advance, scheduled: () => due !== undefined };
}

test('within the budget every routine line is written and no summary is made', (t) => {
  const { budget, summaries, advance, scheduled } = budgetAt(3);
  t.deepEqual(
    [budget.take('events accepted'), budget.take('events accepted'), budget.take('requests answered')],
    [true, true, true],
  );
  t.false(scheduled(), 'nothing to summarize, so no timer');
  advance(5_000);
  budget.flush();
  t.deepEqual(summaries, []);
});

test('past the budget lines are counted by kind, and one summary says how many when the window closes', (t) => {
  const { budget, summaries, advance } = budgetAt(2);
  const taken = Array.from({ length: 7 }, (_, i) => budget.take(i % 2 === 0 ? 'events accepted' : 'requests answered'));
  t.deepEqual(taken, [true, true, false, false, false, false, false]);
  t.deepEqual(summaries, [], 'no summary before the window closes');
  advance(999);
  t.deepEqual(summaries, []);
  advance(1);
  t.deepEqual(summaries, [{ counts: { 'events accepted': 3, 'requests answered': 2 }, total: 5, windowMs: 1_000 }]);
  // A new window writes lines again.
  t.true(budget.take('events accepted'));
});

test('a line in a new window closes the last one with its summary first; flush() summarizes what is left at stop', (t) => {
  const { budget, summaries, advance } = budgetAt(1);
  budget.take('deliveries delivered');
  budget.take('deliveries delivered');
  advance(1_500);
  t.is(summaries.length, 1, 'the timer wrote the summary of the first window');
  t.true(budget.take('deliveries delivered'));
  t.false(budget.take('deliveries delivered'));
  budget.flush();
  t.deepEqual(summaries[1]?.counts, { 'deliveries delivered': 1 });
  budget.flush();
  t.is(summaries.length, 2, 'a second flush has nothing to say');
});

test('a budget that is not a whole number >= 0 is refused, naming the value', (t) => {
  t.throws(() => new RoutineLineBudget({ linesPerWindow: -1, onSummary: () => undefined }), {
    instanceOf: RangeError,
    message: /linesPerWindow must be a whole number >= 0; received -1/,
  });
  t.throws(() => new RoutineLineBudget({ linesPerWindow: 1.5, onSummary: () => undefined }), {
    message: /received 1.5/,
  });
});
