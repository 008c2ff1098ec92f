// The deliveries tab's table: webhook deliveries filtered on the server, with their counts by state.
import { api, refresher } from './api.js';
import { closeDelivery, openDelivery } from './delivery-detail.js';
import { $, cell, el } from './dom.js';
import { fmtTime } from './format.js';
import { focusableRows, rowKeys } from './row-keys.js';
import { PAGE_SIZE, state } from './state.js';
import { pageInfo } from './tabs.js';

function deliveryParams() {
  const params = new URLSearchParams();
  for (const [key, value] of new FormData($('#delivery-filters')))
    if (String(value).trim() !== '') params.set(key, String(value).trim());
  return params;
}

export const loadDeliveries = refresher('deliveries', async () => {
  const params = deliveryParams();
  params.set('limit', String(PAGE_SIZE));
  params.set('offset', String(state.deliveries.offset));
  const body = await api(`/deliveries?${params}`);
  state.deliveries.total = body.total;
  state.deliveries.rows = body.deliveries;
  renderDeliveries();
});

function lastResult(d) {
  const last = d.attempts[d.attempts.length - 1];
  if (!last) return '';
  return last.status !== undefined ? String(last.status) : (last.error ?? '');
}

function renderDeliveries() {
  const tbody = $('#deliveries-table tbody');
  const fragment = document.createDocumentFragment();
  for (const d of state.deliveries.rows) {
    const tr = el(
      'tr',
      {
        'data-id': d.id,
        'data-message-id': d.messageId,
        'aria-selected': String(state.deliveries.selected?.id === d.id),
      },
      cell(d.id),
      cell(d.state, `state-${d.state}`),
      cell(d.type),
      cell(d.writeKey),
      cell(d.attempts.length),
      cell(lastResult(d)),
      cell(fmtTime(d.nextAttemptAt)),
    );
    tr.addEventListener('click', () => openDelivery(d));
    tr.addEventListener('keydown', (k) => rowKeys(k, () => openDelivery(d), closeDelivery));
    fragment.append(tr);
  }
  tbody.replaceChildren(fragment);
  focusableRows(tbody, state.deliveries.selected?.id, (tr) => tr.dataset.id);
  renderDeliveryCounts();
  pageInfo('deliveries');
}

export function renderDeliveryCounts() {
  const c = state.deliveries.counts ?? {};
  $('#count-deliveries').textContent = String(c.all ?? state.deliveries.total);
  $('#delivery-counts').textContent =
    `${c.pending ?? 0} pending · ${c.delivered ?? 0} delivered · ${c.failed ?? 0} failed · ${c.expired ?? 0} expired`;
}
