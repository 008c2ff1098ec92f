// ---- live updates: one message per server batch; each names what changed --------------------------------
// GET /__harness/stream batches the harness's changes; the page reloads only the visible view, and only
// when the update touches it.
import { $ } from './dom.js';
import { renderClock, setClock } from './clock.js';
import { openDelivery } from './delivery-detail.js';
import { loadDeliveries, renderDeliveryCounts } from './deliveries-view.js';
import { loadEvents } from './events-view.js';
import { loadRequests } from './requests-view.js';
import { loadSources } from './sources-view.js';
import { API, state } from './state.js';
import { loadTools } from './tools-view.js';

function onUpdate(update) {
  setClock(update.clock);
  state.nextRetryAt = update.deliveries.nextRetryAt;
  state.events.counts = update.events.counts;
  state.deliveries.counts = update.deliveries.counts;
  $('#count-events').textContent = String(update.events.counts.all);
  renderDeliveryCounts();
  renderClock();
  if (update.requests > 0)
    $('#count-requests').textContent = String(Number($('#count-requests').textContent) + update.requests);
  const everything = update.snapshot || update.admin;
  if (state.tab === 'events' && (everything || update.events.added > 0)) loadEvents();
  if (state.tab === 'deliveries' && (everything || update.deliveries.changed.length > 0 || update.deliveries.overflow))
    loadDeliveries();
  if (state.tab === 'requests' && (everything || update.requests > 0)) loadRequests();
  if (state.tab === 'tools' && everything) loadTools();
  if (update.sources || everything) loadSources();
  const open = state.deliveries.selected;
  if (open && (everything || update.deliveries.overflow || update.deliveries.changed.includes(open.id)))
    openDelivery(open, { keepScroll: true });
  document.body.dataset.updates = String(update.seq);
}

let current;

/** Opens the update stream of the picked run, closing the one before (a run picked in the picker). */
export function listen() {
  current?.close();
  const stream = new EventSource(`${API}/stream`);
  current = stream;
  stream.addEventListener('update', (message) => onUpdate(JSON.parse(message.data)));
  stream.addEventListener('open', () => {
    document.body.dataset.connected = 'true';
    $('#connection').textContent = 'live';
  });
  stream.addEventListener('error', () => {
    document.body.dataset.connected = 'false';
    $('#connection').textContent = 'reconnecting';
  });
}
