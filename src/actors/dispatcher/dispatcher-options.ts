import type { WalkClaim } from './delivery-pipeline.js';
import type { Clock } from '../../clock/clock.js';
import type { AliasFields } from '../../domain/delivery/build-payload.js';
import type { AttemptOutcome, Verdict } from '../../domain/delivery/classify-outcome.js';
import type { DeliveryTarget, DeliveryView, DestinationKind } from '../../domain/delivery/delivery-record.js';
import type { DeliveryStore } from '../../domain/delivery/delivery-store.js';
import type { WebhookTransport } from '../../domain/delivery/http-transport.js';
import type { InProcessTargets } from '../../domain/delivery/in-process-targets.js';
import type { RetryPolicy } from '../../domain/delivery/retry-schedule.js';

export interface WebhookDispatcherOptions {
  readonly clock: Clock;
  /** Real time for attempts' timeouts and real durations and run budgets. Default: the monotonic system clock. */
  readonly realClock?: Clock;
  /** Seeds the backoff jitter (keyed by delivery and retry) so a run replays. Default 1. */
  readonly seed?: number;
  readonly userAgent?: string;
  readonly aliasFields?: AliasFields;
  /** rule 4.1: the receiver must answer (headers and body) within 5 s, of real time (docs/rules.md, "Virtual time"). */
  readonly timeoutMs?: number;
  readonly retry?: Partial<RetryPolicy>;
  /** Walks in flight at once. Default 32. */
  readonly concurrency?: number;
  /** Extra PEM certificates trusted besides the system store. */
  readonly ca?: readonly string[];
  /** Replaces HTTP, e.g. for an in-process receiver. */
  readonly transport?: WebhookTransport;
  /** Targets of this same process (the sample receiver): deliveries to them skip the socket, others go as before. */
  readonly inProcess?: InProcessTargets;
  /** Refuse webhook targets on private, link-local and loopback addresses after DNS (shared deployments). Default false. */
  readonly blockPrivateTargets?: boolean;
  /** Where deliveries are kept. Default: in memory, holding `capacity` records. */
  readonly store?: DeliveryStore;
  /**
   * Records kept (of the default store). Past it the oldest finished record is dropped (constant time); when
   * every record is unfinished, a collection event is dropped and counted (`dropped`) and deletions and
   * audience syncs are refused (DeliveryBacklogFullError); the server refuses collection requests first (429).
   * Default 100,000.
   */
  readonly capacity?: number;
  /** Claims each walk before it is sent when several processes share the store (see DeliveryPipelineOptions.claim). */
  readonly claimWalk?: WalkClaim;
  /**
   * Ignored, accepted so older callers still compile: a request is never cut off before its timeout has passed in
   * real time (docs/rules.md, "Virtual time").
   * @deprecated
   */
  readonly settleGraceMs?: number;
}

export type DeliveryListener = (delivery: DeliveryView) => void;

/** A request built elsewhere (Webhooks (Actions)): its own targets, timeout and retry classes. */
export interface DispatchRequestInput {
  readonly writeKey: string;
  readonly destination: DestinationKind;
  readonly type: string;
  readonly messageId: string;
  readonly body: string;
  readonly targets: readonly DeliveryTarget[];
  readonly timeoutMs: number;
  readonly classify: (outcome: AttemptOutcome) => Verdict;
}
