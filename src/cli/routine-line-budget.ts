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
  /**
   * Calls `run` after `ms` of real time (the log speaks of real time, whatever the mock's clock), without
   * keeping the process alive; returns a cancel function.
   */
  readonly schedule?: (run: () => void, ms: number) => () => void;
  readonly onSummary: (summary: RoutineLineSummary) => void;
  /** Called as a window closes, before its summary: the moment to `count` lines tallied elsewhere. */
  readonly onWindowClose?: () => void;
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
 * kind were not written. Warnings and errors never go through the budget. A window opens with its first line
 * and closes by a timer, so taking a line reads no clock: it is a counter on the hot path.
 */
export class RoutineLineBudget {
  readonly #limit: number;
  readonly #windowMs: number;
  readonly #schedule: (run: () => void, ms: number) => () => void;
  readonly #onSummary: (summary: RoutineLineSummary) => void;
  readonly #onWindowClose: (() => void) | undefined;
  #written = 0;
  #skipped = new Map<string, number>();
  // The kind counted last and how many of it since: under load one kind comes thousands of times in a row, and a
  // field is cheaper than a map update per line. Added to #skipped when the kind changes or the window closes.
  #lastKind: string | undefined;
  #lastCount = 0;
  #cancel: (() => void) | undefined;

  constructor(options: RoutineLineBudgetOptions) {
    if (!Number.isInteger(options.linesPerWindow) || options.linesPerWindow < 0)
      throw new RangeError(`linesPerWindow must be a whole number >= 0; received ${String(options.linesPerWindow)}`);
    this.#limit = options.linesPerWindow;
    this.#windowMs = options.windowMs ?? 1_000;
    this.#schedule = options.schedule ?? scheduleUnref;
    this.#onSummary = options.onSummary;
    this.#onWindowClose = options.onWindowClose;
  }

  /** Whether a routine line of `kind` may be written now; when not, it is counted for the window's summary. */
  take(kind: string): boolean {
    // The first line of a window opens it; the timer closes it, writes its summary and resets the count.
    this.#cancel ??= this.#schedule(() => this.#closeWindow(), this.#windowMs);
    if (this.#written < this.#limit) {
      this.#written++;
      return true;
    }
    if (kind === this.#lastKind) this.#lastCount++;
    else {
      this.#settleLast();
      this.#lastKind = kind;
      this.#lastCount = 1;
    }
    return false;
  }

  /**
   * Adds `n` lines of `kind` not written in the open window, counted by the caller rather than offered one by one
   * (a caller that stopped offering lines once the window's budget was spent).
   */
  count(kind: string, n: number): void {
    if (n <= 0) return;
    this.#settleLast();
    this.#skipped.set(kind, (this.#skipped.get(kind) ?? 0) + n);
  }

  #settleLast(): void {
    const kind = this.#lastKind;
    if (kind !== undefined) this.#skipped.set(kind, (this.#skipped.get(kind) ?? 0) + this.#lastCount);
    this.#lastKind = undefined;
    this.#lastCount = 0;
  }

  #closeWindow(): void {
    this.#cancel = undefined;
    this.#onWindowClose?.();
    this.#written = 0;
    this.#report();
  }

  /** Writes the summary of what was counted and not written (nothing when nothing was skipped); at stop. */
  flush(): void {
    this.#cancel?.();
    this.#closeWindow();
  }

  #report(): void {
    this.#settleLast();
    if (this.#skipped.size === 0) return;
    const counts = Object.fromEntries(this.#skipped);
    this.#skipped = new Map();
    this.#onSummary({ counts, total: Object.values(counts).reduce((a, b) => a + b, 0), windowMs: this.#windowMs });
  }
}
