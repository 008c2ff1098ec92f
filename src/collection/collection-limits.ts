/** SPEC 4.2 / DESIGN 2: one event at most 32 KiB of JSON. */
export const MAX_EVENT_BYTES = 32_768;
/** SPEC 4.2 / DESIGN 2: one request at most 500 KiB (500 x 1,024 bytes), after gzip is undone. */
export const MAX_REQUEST_BYTES = 512_000;
/** DESIGN 2: at most 2,500 events in one batch. */
export const MAX_BATCH_EVENTS = 2_500;
