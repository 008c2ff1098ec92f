import test from 'ava';
import { RoutineLineBudget, type RoutineLineSummary } from '../../src/cli/routine-line-budget.js';

/** A budget on a hand-moved clock, with its scheduled summary run by hand. */
function budgetAt(linesPerWindow: number, onWindowClose?: () => void) {
  let now = 0;
  let due: { run: () => void; at: number } | undefined;
  const summaries: RoutineLineSummary[] = [];
  const budget = new RoutineLineBudget({
    linesPerWindow,
    windowMs: 1_000,
    schedule: (run, ms) => {
      const entry = { run, at: now + ms };
      due = entry;
      return () => {
        if (due === entry) due = undefined;
      };
    },
    onSummary: (summary) => summaries.push(summary),
    ...(onWindowClose !== undefined ? { onWindowClose } : {}),
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

test('within the budget every routine line is written, and the window closes without a summary', (t) => {
  const { budget, summaries, advance, scheduled } = budgetAt(3);
  t.false(scheduled(), 'no window before the first line');
  t.deepEqual(
    [budget.take('events accepted'), budget.take('events accepted'), budget.take('requests answered')],
    [true, true, true],
  );
  t.true(scheduled(), 'the first line opened a window');
  advance(1_000);
  t.false(scheduled());
  t.deepEqual(summaries, []);
});

test('past the budget lines are counted by kind, and one summary says how many when the window closes', (t) => {
  const { budget, summaries, advance } = budgetAt(2);
  const taken = Array.from({ length: 7 }, (_, i) => budget.take(i % 2 === 0 ? 'events accepted' : 'requests answered'));
  t.deepEqual(taken, [true, true, false, false, false, false, false]);
  advance(999);
  t.deepEqual(summaries, [], 'no summary before the window closes');
  advance(1);
  t.deepEqual(summaries, [{ counts: { 'events accepted': 3, 'requests answered': 2 }, total: 5, windowMs: 1_000 }]);
  // The next window writes lines again.
  t.true(budget.take('events accepted'));
});

test('flush() at stop writes the summary of the open window at once, and only once', (t) => {
  const { budget, summaries, scheduled } = budgetAt(1);
  budget.take('deliveries delivered');
  budget.take('deliveries delivered');
  budget.take('deliveries delivered');
  budget.flush();
  t.deepEqual(summaries, [{ counts: { 'deliveries delivered': 2 }, total: 2, windowMs: 1_000 }]);
  t.false(scheduled(), 'the window timer is cancelled');
  budget.flush();
  t.is(summaries.length, 1, 'a second flush has nothing to say');
  t.true(budget.take('deliveries delivered'), 'a new window after the flush');
});

test('lines counted elsewhere join the summary: count() as the window closes, before the summary is made', (t) => {
  const closes: number[] = [];
  let budget: RoutineLineBudget | undefined;
  const {
    budget: made,
    summaries,
    advance,
  } = budgetAt(1, () => {
    closes.push(summaries.length);
    budget?.count('events accepted', 40);
    budget?.count('events filtered', 0);
  });
  budget = made;
  t.true(budget.take('requests answered'));
  t.false(budget.take('events accepted'));
  advance(1_000);
  t.deepEqual(closes, [0], 'called once, before the summary');
  t.deepEqual(summaries, [{ counts: { 'events accepted': 41 }, total: 41, windowMs: 1_000 }]);
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
