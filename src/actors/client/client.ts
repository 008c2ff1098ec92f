import type { DeliveryFailedError } from '../../errors/client-errors.js';
import type { AliasInput, GroupInput, IdentifyInput, PageInput, ScreenInput, TrackInput } from './message-input.js';

/** A message the client gave up on, and why. */
export interface FailedMessage {
  readonly messageId: string;
  readonly error: DeliveryFailedError;
}

/** What flush() and close() report: messages settled since the previous report. */
export interface FlushResult {
  readonly delivered: number;
  readonly failed: readonly FailedMessage[];
}

export interface ClientStats {
  /** Messages waiting to be sent. */
  readonly queued: number;
  /** Requests on the wire now (0 or 1: batches go one at a time, so they arrive in call order). */
  readonly inFlight: number;
  /** Totals since the client was created. */
  readonly delivered: number;
  readonly failed: number;
  readonly requests: number;
  readonly closed: boolean;
}

/** The batching client of rule 2.3-2.5 and 4.3. Each call validates, queues and returns the messageId; none sends by itself. */
export interface Client {
  identify(message: IdentifyInput): string;
  track(message: TrackInput): string;
  page(message: PageInput): string;
  screen(message: ScreenInput): string;
  group(message: GroupInput): string;
  alias(message: AliasInput): string;
  /** Sends everything queued now; resolves when it is settled, with what was delivered and what failed. */
  flush(): Promise<FlushResult>;
  /** Refuses further calls, flushes, waits for every message to settle and releases the connections. */
  close(): Promise<FlushResult>;
  stats(): ClientStats;
}
