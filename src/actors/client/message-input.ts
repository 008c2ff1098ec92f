/** Fields every call may carry (rule 2.3, 2.4). Unknown keys pass through to the wire. */
export interface CommonInput {
  readonly userId?: string;
  readonly anonymousId?: string;
  /** Default: a fresh uuid. */
  readonly messageId?: string;
  /** For historical import; default: now on the client's clock. Sent as ISO 8601 UTC with milliseconds. */
  readonly timestamp?: string | Date;
  readonly context?: Record<string, unknown>;
  /** Destination name to enabled flag, passed through as given (rule 2.4). */
  readonly integrations?: Record<string, boolean | Record<string, unknown>>;
  readonly [key: string]: unknown;
}

export interface IdentifyInput extends CommonInput {
  readonly traits?: Record<string, unknown>;
}
export interface TrackInput extends CommonInput {
  readonly event: string;
  readonly properties?: Record<string, unknown>;
}
export interface PageInput extends CommonInput {
  readonly name?: string;
  readonly category?: string;
  readonly properties?: Record<string, unknown>;
}
export interface ScreenInput extends CommonInput {
  readonly name?: string;
  readonly properties?: Record<string, unknown>;
}
export interface GroupInput extends CommonInput {
  readonly groupId: string;
  readonly traits?: Record<string, unknown>;
}
export interface AliasInput extends CommonInput {
  readonly userId: string;
  readonly previousId: string;
}

export type MessageType = 'identify' | 'track' | 'page' | 'screen' | 'group' | 'alias';

export const MESSAGE_TYPES: readonly MessageType[] = ['identify', 'track', 'page', 'screen', 'group', 'alias'];
