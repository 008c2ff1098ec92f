// What the page holds between updates, and the harness time it shows. Lists are paged on the server
// (100 rows), so 10,000 events cost the page what 100 do.
/** The run a page opened at /__harness/runs/{id}/inspector shows; "default" at / and /__harness/inspector. */
export function runFromPath(path) {
  const match = /^\/__harness\/runs\/([^/]+)\/inspector\/?$/.exec(path);
  return match ? decodeURIComponent(match[1]) : 'default';
}

/** The picked run, and the admin API base every call and the stream use (a live binding: importers see changes). */
export let run = runFromPath(location.pathname);
export let API = `/__harness/runs/${encodeURIComponent(run)}`;

export function setRun(id) {
  run = id;
  API = `/__harness/runs/${encodeURIComponent(id)}`;
}
export const PAGE_SIZE = 100;

export const state = {
  tab: 'events',
  clock: { mode: '–', epochMs: 0, receivedAt: 0 },
  nextRetryAt: null,
  events: { offset: 0, total: 0, rows: [], selected: null, counts: {} },
  deliveries: { offset: 0, total: 0, rows: [], selected: null, counts: {} },
  requests: { rows: [], total: 0 },
  sources: [],
};

/** Virtual "now": a fake clock stands still between updates; the system clock runs with real time. */
export function virtualNow() {
  if (state.clock.mode === 'fake') return state.clock.epochMs;
  return state.clock.epochMs + (Date.now() - state.clock.receivedAt);
}
