import type { DeliveryAttempt, DeliveryRecord } from '../../contract/generated/wire-types.js';
import { isoTime } from '../../contract/iso-time.js';

export type DeliveryState = DeliveryRecord['state'];

export interface DeliveryTarget {
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  /** Absent: POST. Webhooks (Actions) mappings may use PUT or PATCH. */
  readonly method?: 'POST' | 'PUT' | 'PATCH';
}

/** The destination kind a delivery belongs to: the classic Webhooks, or Webhooks (Actions). */
export type DestinationKind = 'Webhooks' | 'Webhooks (Actions)';

/**
 * A delivery as a store keeps it: plain data only (no functions, no timers), so a database row can hold it
 * and another process can take it up. Times are epoch milliseconds on the harness clock.
 */
export interface StoredDelivery {
  readonly id: string;
  readonly destination: DestinationKind;
  readonly messageId: string;
  readonly type: string;
  readonly writeKey: string;
  readonly createdAt: number;
  /** The exact bytes sent (and signed). */
  readonly body: string;
  /** Walked in order until the first success (rule 7). */
  readonly targets: readonly DeliveryTarget[];
  /** How long each attempt may take: 5 s for Webhooks, the mapping's timeout for Webhooks (Actions). */
  readonly timeoutMs: number;
  readonly state: DeliveryState;
  readonly attempts: readonly DeliveryAttempt[];
  /** The retry window runs from here (rule 7); undefined until the first walk, and again after a redelivery. */
  readonly firstAttemptAt: number | undefined;
  readonly retries: number;
  /** When the next walk is due, while a retry is scheduled. */
  readonly nextAttemptAt: number | undefined;
  /**
   * Walks resumed after the process walking them stopped mid-walk (a shared store's lease ran out): each may have
   * sent the receiver a request no attempt records. Absent in records written before it was counted.
   */
  readonly takeovers?: number;
}

/** A delivery as the admin API shows it: the schema's record plus the exact request, for inspection. */
export interface DeliveryView extends DeliveryRecord {
  readonly destination: DestinationKind;
  readonly createdAt: string;
  readonly request: {
    readonly method: string;
    readonly url: string;
    readonly headers: Readonly<Record<string, string>>;
    readonly body: string;
  };
  readonly targets: readonly DeliveryTarget[];
}

/** The view of a stored delivery; its attempts are copied, so a later attempt does not change a view handed out. */
export function toDeliveryView(d: StoredDelivery): DeliveryView {
  const first = d.targets[0] as DeliveryTarget;
  return {
    id: d.id,
    destination: d.destination,
    messageId: d.messageId,
    type: d.type,
    writeKey: d.writeKey,
    state: d.state,
    ...(d.nextAttemptAt !== undefined ? { nextAttemptAt: isoTime(d.nextAttemptAt) } : {}),
    ...(d.takeovers !== undefined && d.takeovers > 0 ? { takeovers: d.takeovers } : {}),
    attempts: [...d.attempts],
    createdAt: isoTime(d.createdAt),
    request: { method: first.method ?? 'POST', url: first.url, headers: first.headers, body: d.body },
    targets: d.targets,
  };
}
