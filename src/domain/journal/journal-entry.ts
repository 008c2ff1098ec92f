import type { JournalEntry as WireJournalEntry } from '../../contract/generated/wire-types.js';

export type JournalStatus = WireJournalEntry['status'];

/** One event as the service saw it: accepted, rejected (with the reason), duplicate or filtered. */
export interface JournalEntry {
  /** Position in arrival order, from 1; stable across queries and past the capacity cap. */
  readonly seq: number;
  readonly status: JournalStatus;
  readonly reason?: string;
  readonly writeKey: string;
  readonly event: Record<string, unknown>;
}

/**
 * What an entry must show to match (every key given must hold; absent keys match anything). Unknown keys are
 * refused with InvalidJournalQueryError, so a misspelt key never matches everything.
 */
export interface JournalMatchQuery {
  readonly status?: JournalStatus | undefined;
  readonly type?: string | undefined;
  readonly userId?: string | undefined;
  readonly anonymousId?: string | undefined;
  readonly writeKey?: string | undefined;
  readonly messageId?: string | undefined;
  /** A track call's event name. */
  readonly event?: string | undefined;
  /** A page or screen call's name. */
  readonly name?: string | undefined;
  /** Deep partial: every key given is present in the event's properties with a matching value. */
  readonly properties?: Readonly<Record<string, unknown>> | undefined;
  /** Deep partial over an identify or group call's traits. */
  readonly traits?: Readonly<Record<string, unknown>> | undefined;
  /** Deep partial over the event's context (after the envelope's context was merged in). */
  readonly context?: Readonly<Record<string, unknown>> | undefined;
}

/** A match plus paging, for `journal.query`. */
export interface JournalQuery extends JournalMatchQuery {
  readonly limit?: number | undefined;
  readonly offset?: number | undefined;
  /** 'oldest' (default) lists in arrival order; 'newest' lists the latest first. */
  readonly order?: 'oldest' | 'newest' | undefined;
}

export interface JournalPage {
  readonly total: number;
  readonly events: readonly JournalEntry[];
}

export type JournalCounts = Readonly<Record<JournalStatus | 'all', number>>;
