import type { JournalEntry as WireJournalEntry } from '../contract/generated/wire-types.js';

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

export interface JournalQuery {
  readonly status?: JournalStatus | undefined;
  readonly type?: string | undefined;
  readonly userId?: string | undefined;
  readonly writeKey?: string | undefined;
  readonly messageId?: string | undefined;
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
