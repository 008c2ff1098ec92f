import { isFakeClock, type FakeClock } from '../../clock/clock.js';
import type { StoreDescription } from '../store/durable-state.js';
import { checkClockAmount } from '../../clock/clock-range.js';
import { ClockNotFakeError } from '../../errors/clock-errors.js';
import { InvalidRequestError } from '../../errors/admin-errors.js';
import { redactSettings } from '../../contract/secret-redaction.js';
import type { JournalSearch } from '../../domain/journal/event-journal.js';
import type { DeliveryPageQuery, DeliveryView, RunOptions } from '../../actors/dispatcher/webhook-dispatcher.js';
import type { FaultRule } from '../faults/fault-plan.js';
import type { CollectionRequestRecord } from '../collection/request-log.js';
import { exportRunLines } from '../run-export.js';
import type { ServiceCore } from '../service-core.js';
import { redactDelivery } from './redact-delivery.js';
import { type RunSettingsAnswer, runSettingsOf, updateRunSettings } from './run-settings-operations.js';

/** The harness clock as every clock operation answers it. */
const MEMORY_STORE: StoreDescription = { kind: 'memory', nodeId: 'local' };

export interface ClockView {
  readonly mode: 'fake' | 'system';
  readonly now: string;
  readonly epochMs: number;
}

export interface AdminOperationsOptions {
  /** Runs every pending timer, letting real I/O between them settle. Default: the dispatcher's runUntilIdle. */
  readonly runUntilIdle?: (options: RunOptions) => Promise<void>;
  /** Called after the core is reset, for parts composed on top of it. */
  readonly onReset?: () => void;
}

/**
 * The admin API as plain operations on the core: each takes input already checked for shape by the adapter
 * (joi at the Hapi edge) and returns the answer's data, or throws a HarnessError the adapter maps to the API's
 * error shape. Rules that need the core's state (a fake clock, a time that stays writable, an audience's
 * members or rule) are checked here, so every adapter refuses alike.
 */
export class AdminOperations {
  readonly #core: ServiceCore;
  readonly #runUntilIdle: (options: RunOptions) => Promise<void>;
  readonly #onReset: (() => void) | undefined;

  constructor(core: ServiceCore, options: AdminOperationsOptions = {}) {
    this.#core = core;
    this.#runUntilIdle = options.runUntilIdle ?? ((runOptions) => core.dispatcher.runUntilIdle(runOptions));
    this.#onReset = options.onReset;
  }

  health(): { ok: true; clock: 'fake' | 'system'; events: number; store: StoreDescription } {
    const store = this.#core.durable?.description ?? MEMORY_STORE;
    return { ok: true, clock: this.#core.clock.mode, events: this.#core.journal.counts().all, store };
  }

  events(search: JournalSearch) {
    const page = this.#core.journal.query(search);
    return { total: page.total, counts: this.#core.journal.counts(), events: page.events };
  }

  /** Shared secrets, static header values and URL passwords are shown as set, with a fingerprint, never as values. */
  sources() {
    const { sources } = this.#core;
    return {
      zeroConfig: sources.zeroConfig,
      evicted: sources.evicted,
      sources: sources.list().map((source) => redactSettings(source)),
    };
  }

  /** The payload version and browser httpConfig of the run and of each source. */
  settings(): RunSettingsAnswer {
    return runSettingsOf(this.#core);
  }

  /** The body is the wire contract's run settings update (schemas/run-settings.schema.json). */
  updateSettings(body: unknown): RunSettingsAnswer {
    return updateRunSettings(this.#core, body);
  }

  clock(): ClockView {
    const { clock } = this.#core;
    return { mode: clock.mode, now: new Date(clock.now()).toISOString(), epochMs: clock.now() };
  }

  #fakeClock(): FakeClock {
    if (!isFakeClock(this.#core.clock)) throw new ClockNotFakeError();
    return this.#core.clock;
  }

  /**
   * Moves the fake clock by `ms` and answers once the records of everything due in the window are final
   * (docs/rules.md, "Virtual time"). `settle` is accepted and ignored: every move lets real exchanges finish.
   */
  async advanceClock(input: {
    readonly ms: unknown;
    readonly settle?: unknown;
    readonly budgetMs?: number;
  }): Promise<ClockView> {
    const clock = this.#fakeClock();
    // Bounded before use: a clock past year 9999 could not write its own time (1e308 once killed the process).
    const ms = checkClockAmount('/ms', input.ms, clock.now());
    await clock.advance(ms, runOptions(input));
    return this.clock();
  }

  /** Fires the next timer of any kind (a retry, a client's flush, a fault delay) and waits for what it started. */
  async nextTimer(input: { readonly budgetMs?: number } = {}): Promise<ClockView & { fired: boolean }> {
    const fired = await this.#fakeClock().next(runOptions(input));
    return { fired, ...this.clock() };
  }

  /** Unlike nextTimer, passes other timers due before it: it lands on the earliest scheduled retry. */
  async nextRetry(
    input: { readonly budgetMs?: number } = {},
  ): Promise<ClockView & { fired: boolean; retryAt?: string }> {
    this.#fakeClock();
    const due = this.#core.dispatcher.nextRetryAt();
    if (due !== undefined) await this.#core.dispatcher.runUntil(due, runOptions(input));
    return {
      fired: due !== undefined,
      ...(due !== undefined ? { retryAt: new Date(due).toISOString() } : {}),
      ...this.clock(),
    };
  }

  async runUntilIdle(input: { readonly budgetMs?: number } = {}): Promise<ClockView> {
    this.#fakeClock();
    await this.#runUntilIdle(runOptions(input));
    return this.clock();
  }

  async faults() {
    await this.#core.faults.refresh();
    return { faults: this.#core.faults.pending() };
  }

  async addFault(rule: FaultRule) {
    await this.#core.faults.add(rule);
    return { success: true, faults: this.#core.faults.pending() };
  }

  async clearFaults() {
    await this.#core.faults.clear();
    return { success: true, faults: [] };
  }

  reset(): { success: true } {
    this.#core.reset();
    this.#onReset?.();
    return { success: true };
  }

  /**
   * Newest first, as people look for what just happened; only the page is materialised. `takeovers` counts the
   * walks taken over from a node that died mid-walk, over every record held: the duplicates a receiver may have had.
   */
  deliveries(query: DeliveryPageQuery): { total: number; takeovers: number; deliveries: DeliveryView[] } {
    const page = this.#core.dispatcher.page(query);
    return {
      total: page.total,
      takeovers: this.#core.dispatcher.takeovers,
      deliveries: page.deliveries.map(redactDelivery),
    };
  }

  delivery(id: string): DeliveryView {
    return redactDelivery(this.#core.dispatcher.get(id));
  }

  redeliver(id: string): DeliveryView {
    return redactDelivery(this.#core.dispatcher.redeliver(id));
  }

  /** The body is the wire contract's deletion request (schemas/, checked by the deletion service). */
  requestDeletion(body: unknown) {
    return { success: true, notifications: this.#core.deletions.request(body) };
  }

  audiences() {
    return { audiences: this.#core.audiences.list() };
  }

  /** The body is the wire contract's audience (schemas/); "exactly one of members or rule" is said first, as its oneOf cannot. */
  defineAudience(name: string, body: unknown) {
    if (body !== null && typeof body === 'object' && !Array.isArray(body)) {
      const has = (key: string) => Object.hasOwn(body, key);
      if (has('members') === has('rule')) {
        throw new InvalidRequestError(
          `an audience needs exactly one of members (a list of user ids) or rule (computed over the journal); received ${has('members') ? 'both' : 'neither'}`,
        );
      }
    }
    return { success: true, audience: this.#core.audiences.define(name, body) };
  }

  syncAudience(name: string) {
    return this.#core.audiences.sync(name);
  }

  /** The collection requests held, newest first. */
  requests(limit: number): { total: number; requests: CollectionRequestRecord[] } {
    return { total: this.#core.requests.total, requests: this.#core.requests.newest(limit) };
  }

  /** GET /__harness/export: static header values and URL passwords redacted, as in the deliveries answer. */
  exportLines(exportedAt?: Date): Generator<string> {
    return exportRunLines(this.#core, {
      showDelivery: redactDelivery,
      ...(exportedAt !== undefined ? { exportedAt } : {}),
    });
  }
}

function runOptions(input: { readonly budgetMs?: number }): RunOptions {
  return input.budgetMs !== undefined ? { budgetMs: input.budgetMs } : {};
}
