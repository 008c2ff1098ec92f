import { ACTIONS_TIMEOUT_MS } from '../../domain/delivery/actions-request.js';
import type { DeliveryView, StoredDelivery } from '../../domain/delivery/delivery-record.js';

/** Where a delivery's retry window stands: when its first walk of the window was, and the retries made since. */
export interface RetryWindow {
  readonly firstAttemptAt: number | undefined;
  readonly retries: number;
}

/**
 * A delivery saved by an export (its admin view), as the store keeps it: times back to epoch milliseconds,
 * the retry window as exported (an export without it: from the first attempt, one retry per later attempt), and
 * the timeout of its kind (an export before Actions existed is Webhooks). `now` stands in for an unreadable
 * creation time.
 */
export function storedFromView(
  view: DeliveryView,
  now: number,
  webhooksTimeoutMs: number,
  window?: RetryWindow,
): StoredDelivery {
  if (view.targets[0] === undefined) throw new RangeError(`delivery ${view.id} has no target URL`);
  const createdAt = Date.parse(view.createdAt);
  const nextAttemptAt = view.nextAttemptAt === undefined ? undefined : Date.parse(String(view.nextAttemptAt));
  const destination = view.destination ?? 'Webhooks';
  return {
    id: view.id,
    destination,
    messageId: view.messageId,
    type: view.type,
    writeKey: view.writeKey,
    createdAt: Number.isNaN(createdAt) ? now : createdAt,
    body: view.request.body,
    targets: view.targets.map((target) => ({ ...target, headers: { ...target.headers } })),
    timeoutMs: destination === 'Webhooks (Actions)' ? ACTIONS_TIMEOUT_MS : webhooksTimeoutMs,
    state: view.state,
    attempts: view.attempts,
    firstAttemptAt:
      window !== undefined
        ? window.firstAttemptAt
        : view.attempts[0] === undefined
          ? undefined
          : Date.parse(view.attempts[0].at),
    retries: window?.retries ?? Math.max(0, view.attempts.length - 1),
    nextAttemptAt: nextAttemptAt === undefined || Number.isNaN(nextAttemptAt) ? undefined : nextAttemptAt,
  };
}
