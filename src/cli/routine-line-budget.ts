/** What the log says in place of routine lines it did not write one by one. */
export interface RoutineLineSummary {
  /** Lines not written, by kind (for example 'events accepted'), in the window that just closed. */
  readonly counts: Readonly<Record<string, number>>;
  readonly total: number;
  /** Length of the window, in ms. */
  readonly windowMs: number;
}

export interface RoutineLineBudgetOptions {
  /** Routine lines written one by one per window; past it they are only counted. */
  readonly linesPerWindow: number;
  readonly windowMs?: number;
  /** Real time in ms (the log speaks of real time, whatever the mock's clock). */
  readonly now?: () => number;
  /** Calls `run` after `ms` without keeping the process alive; returns a cancel function. */
  readonly schedule?: (run: () => void, ms: number) => () => void;
  readonly onSummary: (summary: RoutineLineSummary) => void;
}

function scheduleUnref(run: () => void, ms: number): () => void {
  const timer = setTimeout(run, ms);
  timer.unref();
  return () => clearTimeout(timer);
}

/**
 * Bounds the routine lines of `serve`'s log (a request answered 2xx, an event accepted, a webhook delivered):
 * a person reads every line at the rates of manual testing, while a load test would make the log itself the
 * server's main work (a line per request, per event and per delivery attempt, 60 lines per 20-event batch).
 * Past the budget of a window the lines are counted, and one summary line per window says how many of each
 * kind were not written. Warnings and errors never go through the budget.
 */
export class RoutineLineBudget {
  readonly #limit: number;
  readonly #windowMs: number;
  readonly #now: () => number;
  readonly #schedule: (run: () => void, ms: number) => () => void;
  readonly #onSummary: (summary: RoutineLineSummary) => void;
  #windowStart = Number.NEGATIVE_INFINITY;
  #written = 0;
  #skipped = new Map<string, number>();
  #cancel: (() => void) | undefined;

  constructor(options: RoutineLineBudgetOptions) {
    if (!Number.isInteger(options.linesPerWindow) || options.linesPerWindow < 0)
      throw new RangeError(`linesPerWindow must be a whole number >= 0; received ${String(options.linesPerWindow)}`);
    this.#limit = options.linesPerWindow;
    this.#windowMs = options.windowMs ?? 1_000;
    this.#now = options.now ?? Date.now;
    this.#schedule = options.schedule ?? scheduleUnref;
    this.#onSummary = options.onSummary;
  }

  /** Whether a routine line of `kind` may be written now; when not, it is counted for the window's summary. */
  take(kind: string): boolean {
    const now = this.#now();
    if (now - this.#windowStart >= this.#windowMs) {
      this.flush();
      this.#windowStart = now;
      this.#written = 0;
    }
    if (this.#written < this.#limit) {
      this.#written++;
      return true;
    }
    this.#skipped.set(kind, (this.#skipped.get(kind) ?? 0) + 1);
    // The summary is due when the window closes, even if nothing else is logged after it.
    this.#cancel ??= this.#schedule(
      () => {
        this.#cancel = undefined;
        this.flush();
      },
      Math.max(0, this.#windowStart + this.#windowMs - now),
    );
    return false;
  }

  /** Writes the summary of what was counted and not written (nothing when nothing was skipped). */
  flush(): void {
    this.#cancel?.();
    this.#cancel = undefined;
    if (this.#skipped.size === 0) return;
    const counts = Object.fromEntries(this.#skipped);
    this.#skipped = new Map();
    this.#onSummary({ counts, total: Object.values(counts).reduce((a, b) => a + b, 0), windowMs: this.#windowMs });
  }
}
