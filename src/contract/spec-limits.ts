// The service's size and time limits (docs/rules.md, docs/decisions.md), in one place: the collection API
// enforces them, the client keeps under them, the dispatcher times its deliveries with them.

/** One event at most 32 KiB of JSON, counted in UTF-8 bytes (rule 4.2). */
export const MAX_EVENT_BYTES = 32_768;
/** One request at most 500 KiB (500 x 1,024 bytes) of JSON, after gzip is undone (rule 4.2). */
export const MAX_REQUEST_BYTES = 512_000;
/** At most 2,500 events in one batch (docs/decisions.md). */
export const MAX_BATCH_EVENTS = 2_500;
/**
 * A messageId must be shorter than this many characters (the HTTP API docs: "under 100 characters"); strict mode
 * refuses longer ones (docs/decisions.md).
 */
export const MAX_MESSAGE_ID_LENGTH = 100;
/** At most 5 static headers per URL (rule 2.1; schemas/webhook-settings.schema.json validates the same, a test holds them together). */
export const MAX_STATIC_HEADERS = 5;
/** A webhook receiver must answer, headers and body, within 5 s (rule 4.1). */
export const DELIVERY_TIMEOUT_MS = 5_000;
/** Retries of a delivery stop 4 hours after its first attempt; it is then expired (rule 7). */
export const RETRY_WINDOW_MS = 4 * 60 * 60_000;
