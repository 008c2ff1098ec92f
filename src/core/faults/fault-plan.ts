import { InvalidRequestError } from '../../errors/admin-errors.js';
import { seededRandom } from '../../clock/seeded-random.js';
import type { Fault, FaultRule } from './fault-rule.js';
import type { SharedFaultRules, StoredFaultRule } from './shared-fault-rules.js';

export type { Fault, FaultRule } from './fault-rule.js';

interface ActiveRule {
  readonly fault: Fault;
  /** Its row in the shared store, when there is one: a counted rule is used up there. */
  readonly storedId?: number;
  remaining: number;
  readonly share: number | undefined;
  readonly routes: ReadonlySet<string> | undefined;
}

/** A delay or Retry-After longer than a day tests nothing a day does not, and on the system clock holds a socket that long. */
export const MAX_DELAY_MS = 86_400_000;
export const MAX_RETRY_AFTER_SECONDS = 86_400;

function isNonNegativeNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0;
}

const received = (value: unknown) => `received ${JSON.stringify(value)}`;

function statusProblem(status: unknown): string | undefined {
  if (!(Number.isInteger(status) && (status as number) >= 200 && (status as number) <= 599))
    return `/status must be an HTTP status 300-599; ${received(status)}`;
  // A faulted request is answered without being handled: a 2xx would tell the client its events were taken
  // while none was journaled, a silent loss. Refused here rather than quietly recording them.
  if ((status as number) < 300)
    return `/status ${status as number} is a success: a faulted request is answered without being handled, so its events would be lost; use a status 300-599, or delayMs alone to slow a request that is then handled`;
  return undefined;
}

/** What is wrong with each field of a fault when it is given, in the order they are checked. */
const FIELD_PROBLEMS: readonly (readonly [keyof FaultRule, (value: unknown) => string | undefined])[] = [
  [
    'count',
    (v) =>
      Number.isInteger(v) && (v as number) >= 1 ? undefined : `/count must be a positive integer; ${received(v)}`,
  ],
  [
    'share',
    (v) => (typeof v === 'number' && v > 0 && v <= 1 ? undefined : `/share must be a number in (0, 1]; ${received(v)}`),
  ],
  ['status', statusProblem],
  [
    'retryAfter',
    (v) =>
      isNonNegativeNumber(v) && v <= MAX_RETRY_AFTER_SECONDS
        ? undefined
        : `/retryAfter must be seconds from 0 to ${MAX_RETRY_AFTER_SECONDS} (one day); ${received(v)}`,
  ],
  [
    'delayMs',
    (v) =>
      isNonNegativeNumber(v) && v <= MAX_DELAY_MS
        ? undefined
        : `/delayMs must be milliseconds from 0 to ${MAX_DELAY_MS} (one day); ${received(v)}`,
  ],
  ['reset', (v) => (typeof v === 'boolean' ? undefined : `/reset must be true or false; ${received(v)}`)],
  [
    'routes',
    (v) =>
      Array.isArray(v) && v.every((r) => typeof r === 'string')
        ? undefined
        : `/routes must be a list of route names like ["batch"]; ${received(v)}`,
  ],
];
const KNOWN_FIELDS: ReadonlySet<string> = new Set(FIELD_PROBLEMS.map(([name]) => name));

/** Validates an admin API fault body and returns it as a rule; the message names what is wrong. */
export function parseFaultRule(body: unknown): FaultRule {
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    throw new InvalidRequestError('a fault must be a JSON object like {"count": 3, "status": 503}');
  const b = body as Record<string, unknown>;
  for (const key of Object.keys(b))
    if (!KNOWN_FIELDS.has(key))
      throw new InvalidRequestError(
        `unknown fault field ${JSON.stringify(key)}; expected count, share, status, retryAfter, delayMs, reset, routes`,
      );
  for (const [name, problemOf] of FIELD_PROBLEMS) {
    const problem = b[name] === undefined ? undefined : problemOf(b[name]);
    if (problem !== undefined) throw new InvalidRequestError(problem);
  }
  if (b.status === undefined && b.retryAfter === undefined && b.delayMs === undefined && b.reset !== true)
    throw new InvalidRequestError('a fault needs at least one of status, retryAfter, delayMs or reset: true');
  return b as FaultRule;
}

/**
 * Faults queued for the collection API (docs/decisions.md, fault injection for client testing): the next N requests,
 * or a seeded share of them, answer a status, 429 with Retry-After, a delay, or a dropped connection.
 */
export class FaultPlan {
  #rules: ActiveRule[] = [];
  #random: () => number;
  readonly #seed: number;
  #shared: SharedFaultRules | undefined;
  /** The shared store's writes, in order: a take waits for the adds before it. */
  #writes: Promise<unknown> = Promise.resolve();

  constructor(seed = 1) {
    this.#seed = seed;
    this.#random = seededRandom(seed);
  }

  /**
   * Keeps the rules in a shared store (replicas on one database): adds and clears are written there, every node
   * reloads on a change, and takeShared uses a counted rule up there. Loads the stored rules now.
   */
  share(shared: SharedFaultRules): void {
    this.#shared = shared;
    shared.onChange(() => void this.refresh().catch(() => undefined));
    this.#writes = this.refresh().catch(() => undefined);
  }

  /** True when the rules live in a shared store: the collection API then takes with takeShared. */
  get shared(): boolean {
    return this.#shared !== undefined;
  }

  /** Reloads the shared rules (an admin read sees every node's changes); nothing to do without a shared store. */
  async refresh(): Promise<void> {
    const shared = this.#shared;
    if (shared === undefined) return;
    this.#rules = (await shared.load()).map((stored) => activeRule(stored.rule, stored));
  }

  /** Adds a rule; with a shared store, resolves once every node can read it. */
  add(rule: FaultRule): Promise<void> {
    const shared = this.#shared;
    if (shared === undefined) {
      this.#rules.push(activeRule(rule));
      return Promise.resolve();
    }
    const written = this.#writes.then(() => shared.add(rule)).then(() => this.refresh());
    this.#writes = written.catch(() => undefined);
    return written;
  }

  /** Like take, on the shared rules: a counted rule is used up in the store, so N requests across nodes get it. */
  async takeShared(route: string): Promise<Fault | undefined> {
    const shared = this.#shared;
    if (shared === undefined) return this.take(route);
    await this.#writes;
    for (const rule of [...this.#rules]) {
      if (rule.remaining <= 0 || (rule.routes !== undefined && !rule.routes.has(route))) continue;
      if (rule.share !== undefined && this.#random() >= rule.share) continue;
      if (rule.storedId !== undefined && Number.isFinite(rule.remaining) && !(await shared.consume(rule.storedId))) {
        // Another node used its last request.
        this.#rules = this.#rules.filter((r) => r !== rule);
        continue;
      }
      rule.remaining--;
      if (rule.remaining <= 0) this.#rules = this.#rules.filter((r) => r !== rule);
      return rule.fault;
    }
    return undefined;
  }

  /** The fault for this request, if any (consumes one use of the first matching rule). */
  take(route: string): Fault | undefined {
    if (this.#rules.length === 0) return undefined;
    for (const rule of this.#rules) {
      if (rule.remaining <= 0 || (rule.routes !== undefined && !rule.routes.has(route))) continue;
      if (rule.share !== undefined && this.#random() >= rule.share) continue;
      rule.remaining--;
      if (rule.remaining <= 0) this.#rules = this.#rules.filter((r) => r !== rule);
      return rule.fault;
    }
    return undefined;
  }

  /** Whether any rule is pending: the collection fast path asks on every request, without a list. */
  get hasPending(): boolean {
    return this.#rules.length > 0;
  }

  /** Pending rules, for the admin API. */
  pending(): readonly { fault: Fault; remaining: number | 'unbounded' }[] {
    return this.#rules.map((r) => ({
      fault: r.fault,
      remaining: Number.isFinite(r.remaining) ? r.remaining : 'unbounded',
    }));
  }

  /** Removes every rule (and restarts the share draws); with a shared store, on every node. */
  clear(): Promise<void> {
    this.#rules = [];
    this.#random = seededRandom(this.#seed);
    const shared = this.#shared;
    if (shared === undefined) return Promise.resolve();
    const written = this.#writes.then(() => shared.clear());
    this.#writes = written.catch(() => undefined);
    return written;
  }
}

function activeRule(rule: FaultRule, stored?: StoredFaultRule): ActiveRule {
  const fault: Fault = {
    ...(rule.status !== undefined ? { status: rule.status } : rule.retryAfter !== undefined ? { status: 429 } : {}),
    ...(rule.retryAfter !== undefined ? { retryAfter: rule.retryAfter } : {}),
    ...(rule.delayMs !== undefined ? { delayMs: rule.delayMs } : {}),
    ...(rule.reset === true ? { reset: true } : {}),
  };
  const count =
    stored !== undefined
      ? (stored.remaining ?? Number.POSITIVE_INFINITY)
      : rule.share !== undefined && rule.count === undefined
        ? Number.POSITIVE_INFINITY
        : (rule.count ?? 1);
  return {
    fault,
    ...(stored !== undefined ? { storedId: stored.id } : {}),
    remaining: count,
    share: rule.share,
    routes: rule.routes === undefined ? undefined : new Set(rule.routes),
  };
}
