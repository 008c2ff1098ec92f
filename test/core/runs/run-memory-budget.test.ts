// Each run is bounded alone; 1,000 runs times those bounds is no bound. The runs reserve their bounds from one
// server-wide budget instead (issue 16: bounded memory, a clear refusal at the bound).
import test from 'ava';
import { createServiceCore } from '../../../src/core/service-core.js';
import { RunRegistry } from '../../../src/core/runs/run-registry.js';
import { defaultRunBounds, RUNS_MEMORY_BUDGET } from '../../../src/core/runs/run-memory-budget.js';
import { RunMemoryBudgetError } from '../../../src/errors/admin-errors.js';

function registry(
  t: import('ava').ExecutionContext,
  options: Partial<ConstructorParameters<typeof RunRegistry>[0]> = {},
) {
  const defaultCore = createServiceCore({});
  const runs = new RunRegistry({
    defaultCore,
    createCore: (_id, run) => createServiceCore({ clock: run.clock, config: run.config }),
    ...options,
  });
  t.teardown(() => {
    runs.close();
    defaultCore.dispatcher.close();
  });
  return runs;
}

test('a run without bounds in its config gets its share of the budget, so the largest number of runs fits in it', (t) => {
  const share = defaultRunBounds(1_000);
  t.deepEqual(share, { journalEntries: 1_000, journalBytes: 1_073_741, deliveries: 1_000 });
  for (const name of ['journalEntries', 'journalBytes', 'deliveries'] as const)
    t.true(share[name] * 1_000 <= RUNS_MEMORY_BUDGET[name], name);
  // Fewer runs allowed (serve --max-runs 10): larger shares, never past one server's own defaults.
  t.deepEqual(defaultRunBounds(10), { journalEntries: 100_000, journalBytes: 107_374_182, deliveries: 100_000 });
  t.deepEqual(defaultRunBounds(1), { journalEntries: 100_000, journalBytes: 268_435_456, deliveries: 100_000 });
});

test('the cores of created runs hold their share, not the single-server defaults', async (t) => {
  const runs = registry(t);
  const run = await runs.create({});
  t.is(run.core.journal.capacity, 1_000);
  t.is(run.core.journal.maxBytes, 1_073_741);
  t.is(run.core.dispatcher.capacity, 1_000);
  const asked = await runs.create({ config: { journal: { capacity: 5_000 }, delivery: { capacity: 7 } } });
  t.is(asked.core.journal.capacity, 5_000, 'a bound the config names is kept');
  t.is(asked.core.dispatcher.capacity, 7);
  t.is(asked.core.journal.maxBytes, 1_073_741, 'the others are the share');
  t.deepEqual(runs.memory.used, { journalEntries: 6_000, journalBytes: 2 * 1_073_741, deliveries: 1_007 });
});

test('a run asking more than is left is refused (429, naming the bound and what is left); deleting a run gives its part back', async (t) => {
  const runs = registry(t, {
    memoryBudget: { journalEntries: 10_000, journalBytes: 8 * 1024 * 1024, deliveries: 10_000 },
  });
  const big = await runs.create({ config: { journal: { capacity: 9_000 } } });
  const refused = await t.throwsAsync(runs.create({ config: { journal: { capacity: 2_000 } } }), {
    instanceOf: RunMemoryBudgetError,
  });
  t.is(refused?.code, 'RUN_MEMORY_BUDGET_FULL');
  t.is(refused?.httpStatus, 429);
  t.regex(
    refused?.message ?? '',
    /journal\.capacity 2000, but the server's runs together hold at most 10000 and \d+ is left/,
  );
  t.is((await runs.list()).length, 2, 'nothing was created');
  t.is(runs.memory.used.journalEntries, 9_000 + 0, 'nothing was reserved by the refusal');
  await runs.delete(big.id);
  t.is(runs.memory.used.journalEntries, 0);
  const fits = await runs.create({ config: { journal: { capacity: 2_000 } } });
  t.is(fits.core.journal.capacity, 2_000);
});

test('1,000 runs at their default bounds fit, and together hold no more than the budget', async (t) => {
  const runs = registry(t);
  for (let i = 0; i < 1_000; i++) await runs.create({});
  let entries = 0;
  let bytes = 0;
  let deliveries = 0;
  for (const run of await runs.list()) {
    if (run.id === 'default') continue;
    entries += run.core.journal.capacity;
    bytes += run.core.journal.maxBytes;
    deliveries += run.core.dispatcher.capacity;
  }
  t.true(entries <= RUNS_MEMORY_BUDGET.journalEntries, `${entries} journal entries`);
  t.true(bytes <= RUNS_MEMORY_BUDGET.journalBytes, `${bytes} characters of journal text`);
  t.true(deliveries <= RUNS_MEMORY_BUDGET.deliveries, `${deliveries} delivery records`);
});
