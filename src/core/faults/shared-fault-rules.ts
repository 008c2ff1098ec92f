import type { FaultRule } from './fault-rule.js';

/** A fault rule as the shared store keeps it: `remaining` null for a share without a count (never used up). */
export interface StoredFaultRule {
  readonly id: number;
  readonly rule: FaultRule;
  readonly remaining: number | null;
}

/**
 * A run's fault rules kept beyond this process (the PostgreSQL store, docs/scaling.md), so that every node
 * answers the same plan and a counted rule is used up once across all of them, not once per node.
 */
export interface SharedFaultRules {
  add(rule: FaultRule): Promise<void>;
  /** Removes every rule of the run (a reset other nodes tell this one of is not written again). */
  clear(): Promise<void>;
  /** Uses one request of a counted rule; false when none is left (another node used the last). */
  consume(id: number): Promise<boolean>;
  /** The rules with requests left, oldest first. */
  load(): Promise<readonly StoredFaultRule[]>;
  /** Calls `listener` when any node changed the run's rules. */
  onChange(listener: () => void): void;
}
