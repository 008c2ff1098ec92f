import type { JournalRecord } from '../../domain/journal/journal-store.js';
import { toStoredText } from './nul-safe-text.js';

/** A journal row as queued: its event's text is taken at append time, before anyone can change the object. */
export interface QueuedEntry {
  readonly status: string;
  readonly writeKey: string;
  readonly type: string | null;
  readonly userId: string | null;
  readonly reason: string | null;
  readonly recordedAt: number;
  readonly event: string;
}

export function queuedEntry(record: JournalRecord, recordedAt: number): QueuedEntry {
  const { event } = record;
  return {
    status: record.status,
    writeKey: toStoredText(record.writeKey),
    type: toStoredText(typeof event.type === 'string' ? event.type : null),
    userId: toStoredText(typeof event.userId === 'string' ? event.userId : null),
    reason: toStoredText(record.reason ?? null),
    recordedAt,
    event: JSON.stringify(event),
  };
}
