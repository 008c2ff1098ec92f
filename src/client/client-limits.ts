/** One message at most 32 KiB of JSON (SPEC 4.2, DESIGN 2). */
export const MAX_MESSAGE_BYTES = 32_768;
/** One batch request body at most 500 KiB (SPEC 4.2, DESIGN 2). */
export const MAX_BATCH_BYTES = 512_000;
/** The collection API takes at most 2,500 events in one batch (DESIGN 2). */
export const MAX_BATCH_EVENTS = 2_500;
/** A Retry-After longer than this is cut to it, so a confused server cannot stall close() for hours. */
export const MAX_RETRY_AFTER_MS = 60_000;
