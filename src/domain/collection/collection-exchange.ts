import type { SourceConfig } from '../../contract/generated/wire-types.js';
import type { HarnessError } from '../../errors/harness-error.js';

// The request and answer shapes of the collection API: what every adapter hands the service and writes back.

export type HeaderMap = Readonly<Record<string, string | readonly string[] | undefined>>;

export interface CollectionRequest {
  /** The last path segment under /v1: identify, track, ..., batch, import, or a short route i, t, p, s, g, a, b. */
  readonly route: string;
  readonly method?: string;
  /** Header names in lower case, as Node gives them. */
  readonly headers: HeaderMap;
  readonly body: Uint8Array | string;
  /**
   * The adapter hands the body over: an exact-size buffer of its own (not a view on a pool or a socket's
   * buffer) that nothing writes to again, so the journal may keep it as it is rather than copy it.
   */
  readonly bodyOwned?: boolean;
  /** The client's address (the server's view of it): `context.ip` of browser events that carry none. */
  readonly remoteAddress?: string;
}

export interface CollectionResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Record<string, unknown>;
}

export interface AcceptedEvent {
  readonly writeKey: string;
  readonly source: SourceConfig;
  readonly event: Record<string, unknown>;
}

export type AcceptedListener = (accepted: AcceptedEvent) => void;

const JSON_HEADERS = Object.freeze({ 'content-type': 'application/json; charset=utf-8' });
/** The one answer to every accepted request; adapters may compare by identity and send it pre-serialized. */
export const SUCCESS_RESPONSE: CollectionResponse = Object.freeze({
  status: 200,
  headers: JSON_HEADERS,
  body: Object.freeze({ success: true }),
});

/** An error answer in the one JSON shape every 4xx of the service uses. */
export function errorResponse(error: HarnessError, extra: Record<string, unknown> = {}): CollectionResponse {
  return {
    status: error.httpStatus,
    headers: JSON_HEADERS,
    body: { success: false, code: error.code, message: error.message, ...extra },
  };
}
