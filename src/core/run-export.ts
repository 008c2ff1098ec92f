import type { DeliveryView } from '../actors/dispatcher/webhook-dispatcher.js';
import type { ServiceCore } from './service-core.js';

/** The first line of every export: what the file is, and the clock it was taken on. */
export const EXPORT_FORMAT = 'event-harness-export';
export const EXPORT_VERSION = 1;

/**
 * A run as NDJSON lines: a header, then every held journal entry in arrival order, then every delivery with
 * its attempts. Lazily, one line at a time, so a full journal is never one string in memory.
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
  for (const delivery of core.dispatcher.list()) yield `${JSON.stringify({ kind: 'delivery', ...show(delivery) })}\n`;
}
