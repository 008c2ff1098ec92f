/** One message at most 32 KiB of JSON (rule 4.2, docs/decisions.md). */
export const MAX_MESSAGE_BYTES = 32_768;
/** One batch request body at most 500 KiB (rule 4.2, docs/decisions.md). */
export const MAX_BATCH_BYTES = 512_000;
/** The collection API takes at most 2,500 events in one batch (docs/decisions.md). */
export const MAX_BATCH_EVENTS = 2_500;
/** A Retry-After longer than this is cut to it, so a confused server cannot stall close() for hours. */
export const MAX_RETRY_AFTER_MS = 60_000;
