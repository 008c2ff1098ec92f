// The events tab: the journal, newest first, filtered on the server; a row opens the event whole with the
// webhook deliveries it caused.
import { api, refresher } from './api.js';
import { openDelivery } from './delivery-detail.js';
import { $, cell, el, section } from './dom.js';
import { fmtTime } from './format.js';
import { focusableRows, rowKeys } from './row-keys.js';
import { PAGE_SIZE, state } from './state.js';
import { pageInfo, showTab } from './tabs.js';

function eventParams() {
  const params = new URLSearchParams();
  for (const [key, value] of new FormData($('#event-filters')))
    if (String(value).trim() !== '') params.set(key, String(value).trim());
  return params;
}

export const loadEvents = refresher('events', async () => {
  const params = eventParams();
  params.set('limit', String(PAGE_SIZE));
  params.set('offset', String(state.events.offset));
  params.set('order', 'newest');
  const body = await api(`/events?${params}`);
  state.events.total = body.total;
  state.events.rows = body.events;
  state.events.counts = body.counts;
  renderEvents();
});

function renderEvents() {
  const tbody = $('#events-table tbody');
  const fragment = document.createDocumentFragment();
  for (const entry of state.events.rows) {
    const e = entry.event ?? {};
    const tr = el(
      'tr',
      {
        'data-seq': entry.seq,
        'data-message-id': e.messageId ?? '',
        'aria-selected': String(state.events.selected?.seq === entry.seq),
      },
      cell(entry.seq),
      cell(entry.status, `status-${entry.status}`),
      cell(e.type),
      cell(e.userId ?? e.anonymousId),
      cell(e.event ?? e.name ?? e.groupId ?? e.previousId),
      cell(entry.writeKey),
      cell(fmtTime(e.receivedAt)),
      cell(entry.reason, 'reason'),
    );
    tr.addEventListener('click', () => openEvent(entry));
    tr.addEventListener('keydown', (k) => rowKeys(k, () => openEvent(entry), closeEvent));
    fragment.append(tr);
  }
  if (state.events.rows.length === 0) fragment.append(emptyEventsHint());
  tbody.replaceChildren(fragment);
  focusableRows(tbody, state.events.selected?.seq, (tr) => Number(tr.dataset.seq));
  const c = state.events.counts ?? {};
  $('#count-events').textContent = String(c.all ?? state.events.total);
  $('#event-counts').textContent =
    `${c.accepted ?? 0} accepted · ${c.rejected ?? 0} rejected · ${c.duplicate ?? 0} duplicate · ${c.filtered ?? 0} filtered`;
  pageInfo('events');
}

/** An empty journal says how to send the first event; an empty filter result says so instead. */
function emptyEventsHint() {
  const filtered = eventParams().size > 0;
  const origin = location.origin;
  const text = filtered
    ? 'No event matches these filters.'
    : `No events yet. Send one: curl -u my-write-key: -H 'content-type: application/json' -d '{"userId":"u1","event":"Signed Up"}' ${origin}/v1/track — or: npx event-harness trigger track --url ${origin}`;
  const td = el('td', { text, className: 'empty-hint', id: 'events-empty-hint' });
  td.colSpan = 8;
  return el('tr', {}, td);
}

async function openEvent(entry) {
  state.events.selected = entry;
  for (const tr of $('#events-table tbody').children)
    tr.setAttribute('aria-selected', String(Number(tr.dataset.seq) === entry.seq));
  const e = entry.event ?? {};
  const detail = $('#event-detail');
  const close = el('button', { type: 'button', className: 'close', text: 'close', title: 'Close (Escape)' });
  close.addEventListener('click', closeEvent);
  detail.replaceChildren(
    ...[
      el(
        'div',
        { className: 'detail-head' },
        el('h2', { text: `#${entry.seq} ${e.type ?? 'event'} · ${entry.status}` }),
        close,
      ),
      entry.reason ? section('Reason', entry.reason, 'event-reason') : null,
      section('Write key', entry.writeKey),
      section('Event as journaled', JSON.stringify(e, null, 2), 'event-json'),
    ].filter(Boolean),
  );
  detail.focus();
  if (typeof e.messageId === 'string' && entry.status === 'accepted') {
    const related = await api(`/deliveries?messageId=${encodeURIComponent(e.messageId)}&limit=10`).catch(() => ({
      deliveries: [],
    }));
    if (state.events.selected !== entry) return;
    const list = el('ul', { className: 'plain' });
    for (const d of related.deliveries) {
      const link = el('button', {
        type: 'button',
        className: 'link',
        text: `${d.id} · ${d.state} · ${d.attempts.length} attempt(s)`,
      });
      link.addEventListener('click', () => {
        showTab('deliveries');
        openDelivery(d);
      });
      list.append(el('li', {}, link));
    }
    if (related.deliveries.length === 0)
      list.append(
        el('li', {
          className: 'muted',
          text: 'no webhook delivery (the source has no Webhooks destination, or it was filtered)',
        }),
      );
    detail.append(el('div', { className: 'section' }, el('h3', { text: 'Deliveries' }), list));
  }
}

export function closeEvent() {
  const seq = state.events.selected?.seq;
  state.events.selected = null;
  $('#event-detail').replaceChildren(
    el('p', { className: 'muted', text: 'Select an event (click, or Enter on a row) to see it whole. Escape closes.' }),
  );
  for (const tr of $('#events-table tbody').children) tr.setAttribute('aria-selected', 'false');
  const row = [...$('#events-table tbody').children].find((tr) => Number(tr.dataset.seq) === seq);
  row?.focus();
}
