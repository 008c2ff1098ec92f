// A delivery opened whole: its facts, the attempts on a time axis, each target's exact request with a copy
// as curl, and the body bytes that were signed.
import { api } from './api.js';
import { curlFor } from './curl.js';
import { timeline } from './delivery-timeline.js';
import { $, el, section, toast } from './dom.js';
import { fmtDuration, fmtTime } from './format.js';
import { state, virtualNow } from './state.js';

export async function openDelivery(summary, options = {}) {
  state.deliveries.selected = summary;
  for (const tr of $('#deliveries-table tbody').children)
    tr.setAttribute('aria-selected', String(tr.dataset.id === summary.id));
  let d;
  try {
    d = await api(`/deliveries/${encodeURIComponent(summary.id)}`);
  } catch (error) {
    toast(error.message);
    return;
  }
  if (state.deliveries.selected?.id !== summary.id) return;
  state.deliveries.selected = d;
  const detail = $('#delivery-detail');
  const scroll = detail.scrollTop;
  const close = el('button', { type: 'button', className: 'close', text: 'close', title: 'Close (Escape)' });
  close.addEventListener('click', closeDelivery);
  const redeliver = el('button', {
    type: 'button',
    id: 'redeliver',
    text: 'redeliver',
    title: 'Start a new walk now; the 4-hour window restarts',
  });
  redeliver.addEventListener('click', async () => {
    try {
      await api(`/deliveries/${encodeURIComponent(d.id)}/redeliver`, { method: 'POST', body: '{}' });
      toast(`redelivering ${d.id}`);
    } catch (error) {
      toast(error.message);
    }
  });
  const signature = d.request?.headers?.['X-Signature'];
  detail.replaceChildren(
    el(
      'div',
      { className: 'detail-head' },
      el(
        'h2',
        { text: `${d.id} · ${d.type} → ` },
        el('span', { className: `state-${d.state}`, id: 'delivery-state', text: d.state }),
      ),
      close,
    ),
    el('div', { className: 'controls' }, redeliver),
    el(
      'dl',
      { className: 'facts' },
      el('dt', { text: 'destination' }),
      el('dd', { id: 'delivery-destination', text: `${d.destination ?? 'Webhooks'} · ${d.request?.method ?? 'POST'}` }),
      el('dt', { text: 'message' }),
      el('dd', { text: d.messageId }),
      el('dt', { text: 'write key' }),
      el('dd', { text: d.writeKey }),
      el('dt', { text: 'created' }),
      el('dd', { text: fmtTime(d.createdAt) }),
      el('dt', { text: 'next retry' }),
      el('dd', {
        id: 'delivery-next-retry',
        text: d.nextAttemptAt
          ? `${fmtTime(d.nextAttemptAt)} (in ${fmtDuration(Date.parse(d.nextAttemptAt) - virtualNow())} of harness time)`
          : 'none scheduled',
      }),
      el('dt', { text: 'X-Signature' }),
      el('dd', { className: 'mono', id: 'delivery-signature', text: signature ?? 'not signed (no shared secret)' }),
    ),
    timeline(d),
    ...d.targets.map((target, i) => targetSection(target, d.request.body, i)),
    section('Body (the exact bytes sent and signed)', d.request.body, 'delivery-body'),
  );
  if (options.keepScroll) detail.scrollTop = scroll;
  else detail.focus();
}

function targetSection(target, body, index) {
  const curl = curlFor(target, body);
  const copy = el('button', { type: 'button', className: 'copy-curl', text: 'copy as curl', 'data-target': index });
  copy.addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(curl);
      toast('curl command copied: it sends the same bytes, so the signature verifies');
    } catch {
      toast('the clipboard is not available here: select the command below');
    }
  });
  return el(
    'div',
    { className: 'section target' },
    el('h3', { text: `Request to ${target.url}` }),
    el('pre', {
      text: Object.entries(target.headers)
        .map(([k, v]) => `${k}: ${v}`)
        .join('\n'),
    }),
    el('div', { className: 'controls' }, copy),
    el('pre', { className: 'curl', 'data-target': index, text: curl }),
  );
}

export function closeDelivery() {
  const id = state.deliveries.selected?.id;
  state.deliveries.selected = null;
  $('#delivery-detail').replaceChildren(
    el('p', {
      className: 'muted',
      text: 'Select a delivery to see every attempt, the exact request and a copy-as-curl.',
    }),
  );
  for (const tr of $('#deliveries-table tbody').children) tr.setAttribute('aria-selected', 'false');
  [...$('#deliveries-table tbody').children].find((tr) => tr.dataset.id === id)?.focus();
}
