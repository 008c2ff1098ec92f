import type { HarnessConfig } from '../../contract/generated/wire-types.js';
import { RunMemoryBudgetError } from '../../errors/admin-errors.js';

/** What a run may hold: the bounds of its journal (entries, characters of event text) and of its delivery store. */
export interface RunBounds {
  readonly journalEntries: number;
  readonly journalBytes: number;
  readonly deliveries: number;
}

/**
 * What the runs created at run time hold together, at most (the default run keeps its own bounds). Each run is
 * bounded alone, so 1,000 runs at the single-server defaults (100,000 entries and 256 Mi characters of journal,
 * 100,000 deliveries each) would be no bound at all: each run reserves its bounds from these totals instead.
 */
export const RUNS_MEMORY_BUDGET: RunBounds = {
  journalEntries: 1_000_000,
  journalBytes: 1024 * 1024 * 1024,
  deliveries: 1_000_000,
};

/** The bounds of one server's own journal and delivery store: a run's share is never more. */
const SINGLE_SERVER_BOUNDS: RunBounds = {
  journalEntries: 100_000,
  journalBytes: 256 * 1024 * 1024,
  deliveries: 100_000,
};
/** The journal's smallest maxBytes (harness-config.schema.json). */
const MIN_JOURNAL_BYTES = 1024 * 1024;

/** A run's bounds when its config names none: an equal share of the budget among `maxRuns` runs, so they all fit. */
export function defaultRunBounds(maxRuns: number, budget: RunBounds = RUNS_MEMORY_BUDGET): RunBounds {
  const runs = Math.max(1, maxRuns);
  const share = (total: number, single: number) => Math.max(1, Math.min(single, Math.floor(total / runs)));
  return {
    journalEntries: share(budget.journalEntries, SINGLE_SERVER_BOUNDS.journalEntries),
    journalBytes: Math.max(MIN_JOURNAL_BYTES, share(budget.journalBytes, SINGLE_SERVER_BOUNDS.journalBytes)),
    deliveries: share(budget.deliveries, SINGLE_SERVER_BOUNDS.deliveries),
  };
}

/** The config with the bounds it leaves out filled in from `defaults`, and the bounds it then has. */
export function boundedRunConfig(
  config: HarnessConfig,
  defaults: RunBounds,
): { config: HarnessConfig; bounds: RunBounds } {
  const bounds: RunBounds = {
    journalEntries: config.journal?.capacity ?? defaults.journalEntries,
    journalBytes: config.journal?.maxBytes ?? defaults.journalBytes,
    deliveries: config.delivery?.capacity ?? defaults.deliveries,
  };
  return {
    config: {
      ...config,
      journal: { ...config.journal, capacity: bounds.journalEntries, maxBytes: bounds.journalBytes },
      delivery: { ...config.delivery, capacity: bounds.deliveries },
    },
    bounds,
  };
}

const NAMES: Readonly<Record<keyof RunBounds, string>> = {
  journalEntries: 'journal.capacity',
  journalBytes: 'journal.maxBytes',
  deliveries: 'delivery.capacity',
};

/**
 * The bounds every live run reserved, against the budget: a run is created only if its bounds fit in what is
 * left (else RunMemoryBudgetError, 429, naming the bound, what it asked and what is left); deleting it gives
 * them back. Constant time per run created or deleted.
 */
export class RunMemoryLedger {
  readonly budget: RunBounds;
  readonly #reserved = new Map<string, RunBounds>();
  #used: RunBounds = { journalEntries: 0, journalBytes: 0, deliveries: 0 };

  constructor(budget: RunBounds = RUNS_MEMORY_BUDGET) {
    this.budget = budget;
  }

  /** What the live runs hold together now. */
  get used(): RunBounds {
    return this.#used;
  }

  /** Throws RunMemoryBudgetError when `bounds` do not fit in what is left. */
  check(bounds: RunBounds): void {
    for (const name of Object.keys(NAMES) as (keyof RunBounds)[]) {
      const left = this.budget[name] - this.#used[name];
      if (bounds[name] > left) throw new RunMemoryBudgetError(NAMES[name], bounds[name], left, this.budget[name]);
    }
  }

  /** Records the run's bounds as held (a run opened from a shared directory is recorded even past the budget). */
  reserve(id: string, bounds: RunBounds): void {
    this.release(id);
    this.#reserved.set(id, bounds);
    this.#used = add(this.#used, bounds, 1);
  }

  release(id: string): void {
    const held = this.#reserved.get(id);
    if (held === undefined) return;
    this.#reserved.delete(id);
    this.#used = add(this.#used, held, -1);
  }
}

function add(a: RunBounds, b: RunBounds, sign: 1 | -1): RunBounds {
  return {
    journalEntries: a.journalEntries + sign * b.journalEntries,
    journalBytes: a.journalBytes + sign * b.journalBytes,
    deliveries: a.deliveries + sign * b.deliveries,
  };
}
