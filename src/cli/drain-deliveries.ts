import type { WebhookDispatcher } from '../actors/dispatcher/webhook-dispatcher.js';

/** Real time `serve` gives deliveries in flight to finish when asked to stop: one receiver timeout and a bit. */
export const DRAIN_MS = 6_000;

export interface DrainReport {
  /** Deliveries not finished when the process stops: in flight, queued, or waiting for a retry. */
  readonly dropped: number;
  readonly inFlight: number;
  readonly queued: number;
  readonly scheduled: number;
  /** The first few of them, to look up in a log or re-send. */
  readonly ids: readonly string[];
  readonly messageIds: readonly string[];
}

/**
 * On SIGTERM/SIGINT: lets the walks already in flight or queued finish (bounded by `budgetMs` of real
 * time), then counts what is left. Retries scheduled for later are not waited for (on a fake clock they
 * would never come due); they are reported, so nothing is dropped without a word.
 */
export async function drainDeliveries(dispatcher: WebhookDispatcher, budgetMs = DRAIN_MS): Promise<DrainReport> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([dispatcher.settled(), new Promise<void>((resolve) => (timer = setTimeout(resolve, budgetMs)))]);
  clearTimeout(timer);
  const { inFlight, queued, scheduled } = dispatcher.activity;
  const pending = dispatcher.page({ state: 'pending', limit: 20 });
  return {
    dropped: pending.total,
    inFlight,
    queued,
    scheduled,
    ids: pending.deliveries.map((d) => d.id),
    messageIds: pending.deliveries.map((d) => d.messageId),
  };
}
