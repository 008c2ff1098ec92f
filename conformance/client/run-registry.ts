import type { RecordedRequest } from './request-log.js';
import { eventsOf } from './wire-events.js';

/** A request that carried events of a run after that run had ended (the next run had begun): counted in neither. */
export interface LateArrival {
  readonly request: RecordedRequest;
  /** How long after the run ended it arrived (ms). */
  readonly afterMs: number;
  /** The calls of the run whose events it carried, by index. */
  readonly calls: readonly number[];
}

/** The run key a marker belongs to: `<clause>-r<n>` of `<clause>-r<n>-c<i>`, or undefined for another text. */
export function runKeyOf(marker: string | undefined): string | undefined {
  return marker === undefined ? undefined : /^(.*-r\d+)-c\d+$/.exec(marker)?.[1];
}

/**
 * The runs of one subject instance's mock, each with a key of its own (`<clause>-r<n>`, the n-th run of that clause)
 * that every call marker of the run starts with. So no run counts another's events: a request whose events all
 * belong to another run is left out of this one, and one that comes for a run already ended is that run's late
 * arrival, named in its result.
 */
export class RunRegistry {
  readonly #begun: Map<string, number>;
  readonly #runs = new Map<string, { endedAt: number | undefined; late: LateArrival[] }>();
  #current: string | undefined;

  /** `begun`: run numbers by clause, shared with other registries whose runs must not share a key (a worker's lanes). */
  constructor(begun = new Map<string, number>()) {
    this.#begun = begun;
  }

  /** Starts the next run of `clauseId` (ending the one under way) at `now`; answers its key. */
  begin(clauseId: string, now: number): string {
    const n = (this.#begun.get(clauseId) ?? 0) + 1;
    this.#begun.set(clauseId, n);
    const key = `${clauseId}-r${n}`;
    const previous = this.#current === undefined ? undefined : this.#runs.get(this.#current);
    if (previous !== undefined) previous.endedAt = now;
    this.#current = key;
    this.#runs.set(key, { endedAt: undefined, late: [] });
    return key;
  }

  /** Takes note of a request as the mock recorded it: for a run already ended, it is a late arrival of that run. */
  record(request: RecordedRequest): void {
    const byRun = new Map<string, Set<number>>();
    for (const event of eventsOf(request)) {
      const key = runKeyOf(event.marker);
      if (key === undefined || key === this.#current) continue;
      const index = Number(/-c(\d+)$/.exec(event.marker ?? '')?.[1]);
      byRun.set(key, (byRun.get(key) ?? new Set()).add(index));
    }
    for (const [key, calls] of byRun) {
      const run = this.#runs.get(key);
      if (run?.endedAt === undefined) continue;
      run.late.push({ request, afterMs: request.receivedAt - run.endedAt, calls: [...calls].sort((a, b) => a - b) });
    }
  }

  lateArrivals(key: string): readonly LateArrival[] {
    return this.#runs.get(key)?.late ?? [];
  }

  /** The requests of run `key`: a request every marked event of which belongs to another run is left out. */
  requestsOf(key: string, requests: readonly RecordedRequest[]): RecordedRequest[] {
    return requests.filter((request) => {
      const keys = eventsOf(request)
        .map((e) => runKeyOf(e.marker))
        .filter((k): k is string => k !== undefined);
      return keys.length === 0 || keys.includes(key);
    });
  }
}
