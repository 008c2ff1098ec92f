/** A request's writes not committed within this are answered 503 (they stay queued and commit once they can). */
export const STORE_ANSWER_MS = 5_000;
/** A commit running longer than this says the database hangs: new collection requests are refused meanwhile. */
export const STORE_OVERDUE_MS = 2_000;

export interface PostgresStateOptions {
  readonly url: string;
  /** This node's id (default: random); also the tag in the ids of deliveries it creates. */
  readonly nodeId?: string;
  /** The run whose state this core keeps. Default 'default'. */
  readonly runId?: string;
  /** How long a claimed walk is this node's before another may take it over. Default 60 s (real time). */
  readonly leaseMs?: number;
  /** How often walks whose lease ran out are looked for. Default 2 s (real time). */
  readonly sweepMs?: number;
  /** Connections this node keeps at most, shared by every run (its LISTEN connection besides). Default 10. */
  readonly poolSize?: number;
  /** Journal rows the sweep trims before it vacuums the journal table (see JournalVacuum). Default 10,000. */
  readonly vacuumAfterTrimmedRows?: number;
}
