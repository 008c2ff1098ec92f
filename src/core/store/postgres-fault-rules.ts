import type pg from 'pg';
import type { FaultRule } from '../faults/fault-rule.js';
import type { SharedFaultRules, StoredFaultRule } from '../faults/shared-fault-rules.js';
import { withClient } from './pool-client.js';
// Nodes reload a run's fault rules when this is notified (payload: the run id).
import { FAULTS_CHANNEL } from './store-connections.js';

/** A run's fault rules in PostgreSQL (table fault_rules, migrations/004). */
export class PostgresFaultRules implements SharedFaultRules {
  readonly #pool: pg.Pool;
  readonly #runId: string;
  /** True while this node applies another node's reset: the rules were cleared there already. */
  readonly #applying: () => boolean;
  readonly #listeners: (() => void)[] = [];

  constructor(pool: pg.Pool, runId: string, applying: () => boolean) {
    this.#pool = pool;
    this.#runId = runId;
    this.#applying = applying;
  }

  async add(rule: FaultRule): Promise<void> {
    const remaining = rule.share !== undefined && rule.count === undefined ? null : (rule.count ?? 1);
    await this.#write('INSERT INTO fault_rules (run_id, rule, remaining) VALUES ($1, $2, $3)', [
      JSON.stringify(rule),
      remaining,
    ]);
  }

  async clear(): Promise<void> {
    if (this.#applying()) return;
    await this.#write('DELETE FROM fault_rules WHERE run_id = $1', []);
  }

  async consume(id: number): Promise<boolean> {
    const used = await this.#pool.query<{ remaining: number }>(
      'UPDATE fault_rules SET remaining = remaining - 1 WHERE run_id = $1 AND id = $2 AND remaining > 0 RETURNING remaining',
      [this.#runId, id],
    );
    const remaining = used.rows[0]?.remaining;
    if (remaining === undefined) return false;
    // The last request of the rule: gone from every node's plan.
    if (remaining === 0) await this.#write('DELETE FROM fault_rules WHERE run_id = $1 AND id = $2', [id]);
    return true;
  }

  async load(): Promise<readonly StoredFaultRule[]> {
    const result = await this.#pool.query<{ id: string; rule: string; remaining: number | null }>(
      'SELECT id, rule, remaining FROM fault_rules WHERE run_id = $1 AND (remaining IS NULL OR remaining > 0) ORDER BY id',
      [this.#runId],
    );
    return result.rows.map((row) => ({
      id: Number(row.id),
      rule: JSON.parse(row.rule) as FaultRule,
      remaining: row.remaining,
    }));
  }

  onChange(listener: () => void): void {
    this.#listeners.push(listener);
  }

  /** Called by the store's LISTEN connection when a node notified a change of this run's rules. */
  changed(): void {
    for (const listener of this.#listeners) listener();
  }

  /** One statement and its notification in one transaction (NOTIFY is sent at commit). */
  async #write(sql: string, values: unknown[]): Promise<void> {
    await withClient(this.#pool, async (client) => {
      await client.query('BEGIN');
      try {
        await client.query(sql, [this.#runId, ...values]);
        await client.query('SELECT pg_notify($1, $2)', [FAULTS_CHANNEL, this.#runId]);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      }
    });
  }
}
