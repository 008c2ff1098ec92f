import type pg from 'pg';
import type { WebhookDispatcher } from '../../actors/dispatcher/webhook-dispatcher.js';
import { claimWalkSql, sweepExpiredLeases } from './sweep-leases.js';

/**
 * One run's walk claims on a node (docs/scaling.md "A node killed mid-walk"): each walk is claimed before it is
 * sent; a claim that failed on the store (not lost to another node) is remembered and walked again once the store
 * answers; the sweep hands over walks whose lease ran out and walks due that no node claimed.
 */
export class WalkLeases {
  readonly #pool: pg.Pool;
  readonly #runId: string;
  readonly #claimant: string;
  readonly #leaseMs: number;
  readonly #failed = new Set<string>();

  /** `claimant`: this process's state of the run (node id and a tag per process): the lease owner. */
  constructor(pool: pg.Pool, runId: string, claimant: string, leaseMs: number) {
    this.#pool = pool;
    this.#runId = runId;
    this.#claimant = claimant;
    this.#leaseMs = leaseMs;
  }

  /** Claims the walk; rejects when the store cannot be reached (the delivery is then remembered, see retryFailed). */
  async claim(id: string, walk: number, ready: () => Promise<void>): Promise<boolean | 'taken-over'> {
    try {
      await ready();
      const result = await this.#pool.query<{ taken_over: boolean }>(claimWalkSql, [
        this.#runId,
        id,
        walk,
        this.#claimant,
        this.#leaseMs,
      ]);
      const row = result.rows[0];
      return row === undefined ? false : row.taken_over ? 'taken-over' : true;
    } catch (error) {
      this.#failed.add(id);
      throw error;
    }
  }

  /** The store answers again: the walks whose claim failed meanwhile are walked (claimed) again. */
  retryFailed(dispatcher: WebhookDispatcher): void {
    if (this.#failed.size === 0) return;
    const ids = [...this.#failed];
    this.#failed.clear();
    for (const id of ids) dispatcher.adopt(id, { walkNow: true });
  }

  /** Walks the sweep finds (a lease that ran out, a walk due and never claimed) go now, where their time came. */
  async sweep(dispatcher: WebhookDispatcher, clockNow: number): Promise<void> {
    this.retryFailed(dispatcher);
    for (const id of await sweepExpiredLeases(this.#pool, this.#runId, this.#leaseMs, clockNow))
      dispatcher.adopt(id, { walkNow: true });
  }
}
