import type { DeliveryStore } from '../../domain/delivery/delivery-store.js';
import type { JournalStore } from '../../domain/journal/journal-store.js';
import type { Clock } from '../../clock/clock.js';
import type { HarnessConfig } from '../../contract/generated/wire-types.js';
import type { EventJournal } from '../../domain/journal/event-journal.js';
import type { WebhookDispatcher } from '../../actors/dispatcher/webhook-dispatcher.js';
import type { SharedFaultRules } from '../faults/shared-fault-rules.js';

/** What the durable state drives in the core it is attached to (the ServiceCore, seen without a cycle). */
export interface AttachedCore {
  readonly clock: Clock;
  readonly config: HarnessConfig;
  readonly journal: EventJournal;
  readonly dispatcher: WebhookDispatcher;
  /** The dedup memory: messageIds other nodes accepted are remembered as this node's own. */
  readonly collection: { rememberMessageId(writeKey: string, messageId: string): void };
  reset(): void;
}

/** Which store a core keeps its state in, as GET /__harness/health says. */
export interface StoreDescription {
  readonly kind: 'memory' | 'postgres';
  /** This process's id among the nodes sharing the store. */
  readonly nodeId: string;
  /** The store URL, password masked (postgres only). */
  readonly url?: string;
}

/**
 * State kept beyond this process (docs/scaling.md): the core's stores are in-memory mirrors wrapped so that
 * every write is also committed to the durable store, and rows other nodes commit are applied to the mirrors.
 */
export interface DurableState {
  readonly description: StoreDescription;
  wrapJournal(mirror: JournalStore): JournalStore;
  wrapDeliveries(mirror: DeliveryStore): DeliveryStore;
  /** The run's fault rules in the store: every node answers the same plan, a counted rule is used up once. */
  sharedFaults(): SharedFaultRules;
  /**
   * Claims a walk of a delivery for this node; false when another node has it (it then sends, not this one);
   * 'taken-over' when it was another node's whose lease ran out mid-walk.
   */
  claimWalk(id: string, walk: number): Promise<boolean | 'taken-over'>;
  /** Loads the stored state into the core's mirrors, then follows other nodes' changes. */
  attach(core: AttachedCore): Promise<void>;
  /** Resolves when every write made before the call is committed (rejects with StoreWriteError if it failed). */
  flushed(): Promise<void>;
  /**
   * Like flushed, within a bound a request may wait (STORE_ANSWER_MS): past it a StoreWriteError (503 with
   * Retry-After); the writes stay queued and commit once they can.
   */
  committed(): Promise<void>;
  /**
   * Whether writes commit now (the store reachable, nothing held after a failure): collection requests are answered
   * 503 with Retry-After before anything is taken while not.
   */
  readonly available: boolean;
  /** Applies every change other nodes committed before the call. */
  catchUp(): Promise<void>;
  close(): Promise<void>;
}
