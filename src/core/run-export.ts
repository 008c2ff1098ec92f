import type { DeliveryView } from '../actors/dispatcher/webhook-dispatcher.js';
import type { ServiceCore } from './service-core.js';

/** The first line of every export: what the file is, and the clock it was taken on. */
export const EXPORT_FORMAT = 'event-harness-export';
/** 2: delivery lines carry their retry window, and audiences have lines of their own. Version 1 files still import. */
export const EXPORT_VERSION = 2;

const isoOrNull = (ms: number | undefined) => (ms === undefined ? null : new Date(ms).toISOString());

/**
 * A run as NDJSON lines: a header, then every held journal entry in arrival order, then every delivery with its
 * attempts and retry window, then every audience with what its last sync sent. Lazily, one line at a time, so a
 * full journal is never one string in memory. What `serve --import` restores from it: docs/runs.md.
 */
export function* exportRunLines(
  core: ServiceCore,
  options: { exportedAt?: Date; showDelivery?: (delivery: DeliveryView) => DeliveryView } = {},
): Generator<string> {
  const exportedAt = options.exportedAt ?? new Date();
  const show = options.showDelivery ?? ((delivery: DeliveryView) => delivery);
  yield `${JSON.stringify({ kind: EXPORT_FORMAT, version: EXPORT_VERSION, exportedAt: exportedAt.toISOString(), clock: { mode: core.clock.mode, now: new Date(core.clock.now()).toISOString() }, counts: core.journal.counts() })}\n`;
  for (const entry of core.journal.entries()) {
    const { seq, status, reason, writeKey, event } = entry;
    yield `${JSON.stringify(reason === undefined ? { kind: 'event', seq, status, writeKey, event } : { kind: 'event', seq, status, reason, writeKey, event })}\n`;
  }
  for (const delivery of core.dispatcher.list()) {
    const window = core.dispatcher.retryWindow(delivery.id);
    const retry = { firstAttemptAt: isoOrNull(window?.firstAttemptAt), retries: window?.retries ?? 0 };
    yield `${JSON.stringify({ kind: 'delivery', ...show(delivery), retry })}\n`;
  }
  for (const { name, definition, synced } of core.audiences.states())
    yield `${JSON.stringify({ kind: 'audience', name, definition, synced: synced ?? null })}\n`;
}
