/** rule 4.2 / docs/decisions.md: one event at most 32 KiB of JSON. */
export const MAX_EVENT_BYTES = 32_768;
/** rule 4.2 / docs/decisions.md: one request at most 500 KiB (500 x 1,024 bytes), after gzip is undone. */
export const MAX_REQUEST_BYTES = 512_000;
/** docs/decisions.md: at most 2,500 events in one batch. */
export const MAX_BATCH_EVENTS = 2_500;
