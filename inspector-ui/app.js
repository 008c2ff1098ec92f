// The inspector page: a view over the admin API under /__harness, kept live by the batched server-sent
// update stream (GET /__harness/stream). Plain JS, no framework and no CDN, so it works offline from the
// package. Lists are paged on the server (100 rows), so 10,000 events cost the page what 100 do.
const API = '/__harness';
const PAGE_SIZE = 100;
const TABS = ['events', 'deliveries', 'requests', 'sources', 'tools'];

const state = {
  tab: 'events',
  clock: { mode: '–', epochMs: 0, receivedAt: 0 },
  nextRetryAt: null,
  events: { offset: 0, total: 0, rows: [], selected: null, counts: {} },
  deliveries: { offset: 0, total: 0, rows: [], selected: null, counts: {} },
  requests: { rows: [], total: 0 },
  sources: [],
};

const $ = (selector, root = document) => root.querySelector(selector);
const el = (tag, props = {}, ...children) => {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (value === undefined || value === null) continue;
    if (key === 'className') node.className = value;
    else if (key === 'text') node.textContent = value;
    else if (key.startsWith('data-') || key.startsWith('aria-') || key === 'role' || key === 'title' || key === 'tabindex') node.setAttribute(key, String(value));
    else node[key] = value;
  }
  node.append(...children.filter((c) => c !== undefined && c !== null));
  return node;
};

async function api(path, init) {
  const response = await fetch(`${API}${path}`, {
    ...init,
    headers: init?.body === undefined ? init?.headers : { 'content-type': 'application/json', ...init?.headers },
  });
  const text = await response.text();
  let body = {};
  try {
    body = text === '' ? {} : JSON.parse(text);
  } catch {
    body = { message: text };
  }
  if (!response.ok) throw new Error(body.message ?? `${response.status} from ${path}`);
  return body;
}

function toast(message) {
  const node = $('#toast');
  node.textContent = message;
  node.classList.add('show');
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => node.classList.remove('show'), 3500);
}

function fmtTime(value) {
  if (value === undefined || value === null || value === '') return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? String(value) : date.toISOString().replace('T', ' ').replace('Z', '');
}

function fmtDuration(ms) {
  const sign = ms < 0 ? '-' : '';
  const a = Math.abs(ms);
  if (a < 1000) return `${sign}${Math.round(a)} ms`;
  if (a < 60_000) return `${sign}${(a / 1000).toFixed(1)} s`;
  if (a < 3_600_000) return `${sign}${(a / 60_000).toFixed(1)} min`;
  return `${sign}${(a / 3_600_000).toFixed(2)} h`;
}

/** Virtual "now": a fake clock stands still between updates; the system clock runs with real time. */
function virtualNow() {
  if (state.clock.mode === 'fake') return state.clock.epochMs;
  return state.clock.epochMs + (Date.now() - state.clock.receivedAt);
}

function cell(text, className) {
  const value = text === undefined || text === null ? '' : String(text);
  return el('td', { text: value, title: value, className });
}

function section(title, text, id) {
  return el('div', { className: 'section' }, el('h3', { text: title }), el('pre', { text, id }));
}

// ---- refresh scheduling: at most one fetch per view in flight, one more queued ------------------------

const loaders = {};
function refresher(name, load) {
  let running = null;
  let again = false;
  loaders[name] = async () => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await load();
        } catch (error) {
          toast(error.message);
        }
      } while (again);
    })();
    try {
      await running;
    } finally {
      running = null;
    }
  };
  return loaders[name];
}

// ---- keyboard: one focusable row per table (roving tabindex), arrows move, Enter opens, Escape closes --

function rowKeys(event, open, close) {
  const tr = event.currentTarget;
  const move = (target) => {
    if (!target) return;
    event.preventDefault();
    tr.tabIndex = -1;
    target.tabIndex = 0;
    target.focus();
  };
  switch (event.key) {
    case 'Enter':
    case ' ':
      event.preventDefault();
      open();
      break;
    case 'ArrowDown': move(tr.nextElementSibling); break;
    case 'ArrowUp': move(tr.previousElementSibling); break;
    case 'Home': move(tr.parentElement.firstElementChild); break;
    case 'End': move(tr.parentElement.lastElementChild); break;
    case 'Escape': close(); break;
    default:
  }
}

function focusableRows(tbody, selectedKey, keyOf) {
  const rows = [...tbody.children];
  const chosen = rows.find((tr) => keyOf(tr) === selectedKey) ?? rows[0];
  for (const tr of rows) tr.tabIndex = tr === chosen ? 0 : -1;
}

// ---- events ---------------------------------------------------------------------------------------------

function eventParams() {
  const params = new URLSearchParams();
  for (const [key, value] of new FormData($('#event-filters'))) if (String(value).trim() !== '') params.set(key, String(value).trim());
  return params;
}

const loadEvents = refresher('events', async () => {
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
    const tr = el('tr', { 'data-seq': entry.seq, 'data-message-id': e.messageId ?? '', 'aria-selected': String(state.events.selected?.seq === entry.seq) },
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
  $('#event-counts').textContent = `${c.accepted ?? 0} accepted · ${c.rejected ?? 0} rejected · ${c.duplicate ?? 0} duplicate · ${c.filtered ?? 0} filtered`;
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
  for (const tr of $('#events-table tbody').children) tr.setAttribute('aria-selected', String(Number(tr.dataset.seq) === entry.seq));
  const e = entry.event ?? {};
  const detail = $('#event-detail');
  const close = el('button', { type: 'button', className: 'close', text: 'close', title: 'Close (Escape)' });
  close.addEventListener('click', closeEvent);
  detail.replaceChildren(...[
    el('div', { className: 'detail-head' }, el('h2', { text: `#${entry.seq} ${e.type ?? 'event'} · ${entry.status}` }), close),
    entry.reason ? section('Reason', entry.reason, 'event-reason') : null,
    section('Write key', entry.writeKey),
    section('Event as journaled', JSON.stringify(e, null, 2), 'event-json'),
  ].filter(Boolean));
  detail.focus();
  if (typeof e.messageId === 'string' && entry.status === 'accepted') {
    const related = await api(`/deliveries?messageId=${encodeURIComponent(e.messageId)}&limit=10`).catch(() => ({ deliveries: [] }));
    if (state.events.selected !== entry) return;
    const list = el('ul', { className: 'plain' });
    for (const d of related.deliveries) {
      const link = el('button', { type: 'button', className: 'link', text: `${d.id} · ${d.state} · ${d.attempts.length} attempt(s)` });
      link.addEventListener('click', () => {
        showTab('deliveries');
        openDelivery(d);
      });
      list.append(el('li', {}, link));
    }
    if (related.deliveries.length === 0) list.append(el('li', { className: 'muted', text: 'no webhook delivery (the source has no Webhooks destination, or it was filtered)' }));
    detail.append(el('div', { className: 'section' }, el('h3', { text: 'Deliveries' }), list));
  }
}

function closeEvent() {
  const seq = state.events.selected?.seq;
  state.events.selected = null;
  $('#event-detail').replaceChildren(el('p', { className: 'muted', text: 'Select an event (click, or Enter on a row) to see it whole. Escape closes.' }));
  for (const tr of $('#events-table tbody').children) tr.setAttribute('aria-selected', 'false');
  const row = [...$('#events-table tbody').children].find((tr) => Number(tr.dataset.seq) === seq);
  row?.focus();
}

// ---- deliveries -----------------------------------------------------------------------------------------

function deliveryParams() {
  const params = new URLSearchParams();
  for (const [key, value] of new FormData($('#delivery-filters'))) if (String(value).trim() !== '') params.set(key, String(value).trim());
  return params;
}

const loadDeliveries = refresher('deliveries', async () => {
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
    const tr = el('tr', { 'data-id': d.id, 'data-message-id': d.messageId, 'aria-selected': String(state.deliveries.selected?.id === d.id) },
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

function renderDeliveryCounts() {
  const c = state.deliveries.counts ?? {};
  $('#count-deliveries').textContent = String(c.all ?? state.deliveries.total);
  $('#delivery-counts').textContent = `${c.pending ?? 0} pending · ${c.delivered ?? 0} delivered · ${c.failed ?? 0} failed · ${c.expired ?? 0} expired`;
}

/** A POSIX shell word: single quotes keep every byte as is; a single quote itself is closed, escaped, reopened. */
const shellQuote = (s) => `'${String(s).replaceAll("'", "'\\''")}'`;

/** A curl command that sends exactly what the dispatcher sent to `target`: same body bytes, same headers, so the same X-Signature. */
function curlFor(target, body) {
  // The admin API never shows a static header's value (nor a URL password): the command reads it from an
  // environment variable named after the header, so it still reproduces the request once that is set.
  const headers = Object.entries(target.headers ?? {}).map(([k, v]) => (/^\[redacted sha256:[0-9a-f]{8}\]$/.test(v) ? `-H "${k}: $${k.toUpperCase().replace(/[^A-Z0-9]/g, '_')}"` : `-H ${shellQuote(`${k}: ${v}`)}`));
  return [`curl -sS -X ${target.method ?? 'POST'}`, shellQuote(target.url), ...headers, `--data-binary ${shellQuote(body)}`].join(' \\\n  ');
}

async function openDelivery(summary, options = {}) {
  state.deliveries.selected = summary;
  for (const tr of $('#deliveries-table tbody').children) tr.setAttribute('aria-selected', String(tr.dataset.id === summary.id));
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
  const redeliver = el('button', { type: 'button', id: 'redeliver', text: 'redeliver', title: 'Start a new walk now; the 4-hour window restarts' });
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
    el('div', { className: 'detail-head' }, el('h2', { text: `${d.id} · ${d.type} → ` }, el('span', { className: `state-${d.state}`, id: 'delivery-state', text: d.state })), close),
    el('div', { className: 'controls' }, redeliver),
    el('dl', { className: 'facts' },
      el('dt', { text: 'destination' }), el('dd', { id: 'delivery-destination', text: `${d.destination ?? 'Webhooks'} · ${d.request?.method ?? 'POST'}` }),
      el('dt', { text: 'message' }), el('dd', { text: d.messageId }),
      el('dt', { text: 'write key' }), el('dd', { text: d.writeKey }),
      el('dt', { text: 'created' }), el('dd', { text: fmtTime(d.createdAt) }),
      el('dt', { text: 'next retry' }), el('dd', { id: 'delivery-next-retry', text: d.nextAttemptAt ? `${fmtTime(d.nextAttemptAt)} (in ${fmtDuration(Date.parse(d.nextAttemptAt) - virtualNow())} of harness time)` : 'none scheduled' }),
      el('dt', { text: 'X-Signature' }), el('dd', { className: 'mono', id: 'delivery-signature', text: signature ?? 'not signed (no shared secret)' }),
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
  return el('div', { className: 'section target' },
    el('h3', { text: `Request to ${target.url}` }),
    el('pre', { text: Object.entries(target.headers).map(([k, v]) => `${k}: ${v}`).join('\n') }),
    el('div', { className: 'controls' }, copy),
    el('pre', { className: 'curl', 'data-target': index, text: curl }),
  );
}

/** Attempts on a time axis from the first attempt to the later of the last attempt and the next retry. */
function timeline(d) {
  const times = d.attempts.map((a) => Date.parse(a.at));
  const first = times[0] ?? Date.parse(d.createdAt);
  const next = d.nextAttemptAt ? Date.parse(d.nextAttemptAt) : undefined;
  const end = Math.max(first + 1, ...times, next ?? 0);
  const pos = (t) => `${(((t - first) / (end - first)) * 100).toFixed(2)}%`;
  const axis = el('div', { className: 'axis', 'aria-hidden': 'true' });
  d.attempts.forEach((a, i) => {
    const ok = a.status !== undefined && a.status >= 200 && a.status < 300;
    const tick = el('span', { className: `tick ${ok ? 'ok' : 'bad'}`, title: `attempt ${i + 1}` });
    tick.style.left = pos(times[i]); // CSSOM, which the page's CSP allows (inline style attributes it does not)
    axis.append(tick);
  });
  if (next !== undefined) {
    const tick = el('span', { className: 'tick next', title: 'next retry' });
    tick.style.left = pos(next);
    axis.append(tick);
  }
  const list = el('ol', { className: 'attempts', id: 'attempts' });
  d.attempts.forEach((a, i) => {
    const ok = a.status !== undefined && a.status >= 200 && a.status < 300;
    // A permanent failure ends the delivery: say so where the failure is read.
    const what = `${a.status ?? a.error ?? ''}${a.verdict === 'permanent' ? ' · not retried' : ''}`;
    // On the fake clock the harness time of an attempt is 0 ms: the real time says how slow the receiver was.
    const real = typeof a.realDurationMs === 'number' ? `${Math.round(a.realDurationMs)} ms real` : undefined;
    const dur = real !== undefined && (state.clock.mode === 'fake' || Math.round(a.realDurationMs) !== Math.round(a.durationMs)) ? `${Math.round(a.durationMs)} ms harness · ${real}` : `${Math.round(a.durationMs)} ms`;
    list.append(el('li', { className: ok ? 'ok' : 'bad', 'data-index': i },
      el('span', { className: 'when', text: `+${fmtDuration(times[i] - first)}` }),
      el('span', { className: 'what', text: what, title: what }),
      el('span', { className: 'at', text: fmtTime(a.at) }),
      el('span', { className: 'dur', text: dur }),
      el('span', { className: 'url', text: a.url, title: a.url }),
      typeof a.answer === 'string' && a.answer !== '' ? el('span', { className: 'answer', text: `receiver answered: ${a.answer}` }) : null,
    ));
  });
  if (next !== undefined) list.append(el('li', { className: 'next' }, el('span', { className: 'when', text: `+${fmtDuration(next - first)}` }), el('span', { className: 'what', text: 'next retry' }), el('span', { className: 'at', text: fmtTime(next) }), el('span', { className: 'dur', text: '' })));
  const axisWrap = el('div', { className: 'axis-wrap' }, axis);
  return el('div', { className: 'section' }, el('h3', { text: `Attempts (${d.attempts.length}) over ${fmtDuration(end - first)}` }), axisWrap, list);
}

function closeDelivery() {
  const id = state.deliveries.selected?.id;
  state.deliveries.selected = null;
  $('#delivery-detail').replaceChildren(el('p', { className: 'muted', text: 'Select a delivery to see every attempt, the exact request and a copy-as-curl.' }));
  for (const tr of $('#deliveries-table tbody').children) tr.setAttribute('aria-selected', 'false');
  [...$('#deliveries-table tbody').children].find((tr) => tr.dataset.id === id)?.focus();
}

// ---- requests, sources, clock, audiences, faults --------------------------------------------------------

const loadRequests = refresher('requests', async () => {
  const body = await api(`/requests?limit=${PAGE_SIZE}`);
  state.requests = { rows: body.requests, total: body.total };
  const fragment = document.createDocumentFragment();
  for (const r of body.requests) {
    fragment.append(el('tr', { 'data-seq': r.seq, className: r.injected ? 'injected' : '' },
      cell(r.seq), cell(fmtTime(r.at)), cell(fmtTime(r.realAt)), cell(`${r.method} ${r.path}`), cell(r.writeKey),
      cell(r.status ?? 'connection dropped', r.status !== undefined && r.status < 300 ? 'status-accepted' : 'status-rejected'),
      cell(r.injected ? 'injected' : (r.code ?? '')), cell(r.durationMs)));
  }
  $('#requests-table tbody').replaceChildren(fragment);
  $('#count-requests').textContent = String(body.total);
});

const loadSources = refresher('sources', async () => {
  const body = await api('/sources');
  state.sources = body.sources;
  $('#count-sources').textContent = String(body.sources.length);
  const root = $('#sources');
  const nodes = [];
  if (body.zeroConfig) nodes.push(el('p', { className: 'muted', text: 'Zero-config: any non-empty write key creates a source on its first call.' }));
  for (const source of body.sources) {
    const hooks = source.destinations?.Webhooks;
    const list = el('ul', { className: 'plain' });
    for (const hook of hooks?.webhooks ?? []) {
      const headers = Object.entries(hook.headers ?? {}).map(([k, v]) => `${k}: ${v}`).join(', ');
      list.append(el('li', { className: 'mono', text: `POST ${hook.url}${headers ? `  (${headers})` : ''}` }));
    }
    const actions = source.destinations?.['Webhooks (Actions)'];
    const mappings = el('ul', { className: 'plain' });
    for (const mapping of actions?.mappings ?? []) {
      const batching = mapping.enableBatching ? `batches of ${mapping.batchSize ?? 1000}` : 'one event per request';
      mappings.append(el('li', { className: 'mono', text: `${mapping.method ?? 'POST'} ${mapping.url}  [${(mapping.subscribe ?? ['all types']).join(', ')}; ${batching}]` }));
    }
    nodes.push(el('div', { className: 'source card', 'data-write-key': source.writeKey },
      el('h2', { text: `${source.name ?? 'source'} · ${source.writeKey}` }),
      hooks
        ? el('div', {}, el('p', { text: `Webhooks ${hooks.enabled === false ? '(disabled)' : ''}· ${hooks.sharedSecret ? `signed with shared secret "${hooks.sharedSecret}"` : 'unsigned (no shared secret)'}` }), list)
        : actions === undefined ? el('p', { className: 'muted', text: 'no Webhooks destination: events are journaled, not delivered' }) : el('span'),
      ...(actions !== undefined ? [el('div', { className: 'actions-destination' }, el('p', { text: `Webhooks (Actions) ${actions.enabled === false ? '(disabled)' : ''}· ${actions.sharedSecret ? 'signed (X-Signature over the first event)' : 'unsigned (no shared secret)'}` }), mappings)] : [])));
  }
  if (body.sources.length === 0) nodes.push(el('p', { className: 'muted', text: 'No sources yet.' }));
  root.replaceChildren(...nodes);
});

const loadTools = refresher('tools', async () => {
  const [faults, audiences] = await Promise.all([api('/faults'), api('/audiences')]);
  $('#faults-pending').textContent = faults.faults.length === 0 ? 'no fault pending' : faults.faults.map((f) => `${f.remaining} × ${JSON.stringify(f.fault)}`).join('; ');
  $('#audiences').replaceChildren(...audiences.audiences.map((a) => el('li', { text: `${a.name} → trait ${a.traitKey}${a.synced ? ' (synced)' : ''}` })));
});

function renderClock() {
  const fake = state.clock.mode === 'fake';
  $('#clock-mode').textContent = `${state.clock.mode} clock`;
  $('#virtual-time').textContent = fmtTime(virtualNow());
  $('#real-time').textContent = fmtTime(Date.now());
  $('#next-retry-at').textContent = state.nextRetryAt ? `${fmtTime(state.nextRetryAt)} (in ${fmtDuration(Date.parse(state.nextRetryAt) - virtualNow())})` : 'none';
  for (const b of document.querySelectorAll('[data-advance], #next-retry, #run-idle')) {
    b.disabled = !fake;
    b.title = fake ? b.title.replace(/ \(fake clock only\)$/, '') : `${b.title.replace(/ \(fake clock only\)$/, '')} (fake clock only)`;
  }
}

function setClock(clock) {
  state.clock = { ...clock, receivedAt: Date.now() };
  renderClock();
}

function pageInfo(kind) {
  const s = state[kind];
  const info = $(`.pager[data-for=${kind}] .page-info`);
  const end = Math.min(s.total, s.offset + PAGE_SIZE);
  info.textContent = s.total === 0 ? 'none' : `${s.offset + 1}–${end} of ${s.total}`;
  $(`.pager[data-for=${kind}] [data-page=prev]`).disabled = s.offset === 0;
  $(`.pager[data-for=${kind}] [data-page=next]`).disabled = end >= s.total;
}

function showTab(name, focus = false) {
  state.tab = name;
  for (const tab of document.querySelectorAll('[role=tab]')) {
    const selected = tab.id === `tab-${name}`;
    tab.setAttribute('aria-selected', String(selected));
    tab.tabIndex = selected ? 0 : -1;
    if (selected && focus) tab.focus();
    $(`#${tab.getAttribute('aria-controls')}`).hidden = !selected;
  }
  document.body.dataset.tab = name;
  return refreshVisible();
}

function refreshVisible() {
  const load = loaders[state.tab];
  return load ? load() : Promise.resolve();
}

async function control(path, body = {}, done) {
  try {
    const result = await api(path, { method: 'POST', body: JSON.stringify(body) });
    if (result.now) setClock(result);
    if (done) toast(done(result));
  } catch (error) {
    toast(error.message);
  }
}

function wire() {
  const tabs = [...document.querySelectorAll('[role=tab]')];
  for (const tab of tabs) {
    tab.addEventListener('click', () => showTab(tab.id.replace('tab-', '')));
    tab.addEventListener('keydown', (k) => {
      const i = tabs.indexOf(tab);
      let next;
      if (k.key === 'ArrowRight') next = tabs[(i + 1) % tabs.length];
      else if (k.key === 'ArrowLeft') next = tabs[(i + tabs.length - 1) % tabs.length];
      else if (k.key === 'Home') next = tabs[0];
      else if (k.key === 'End') next = tabs[tabs.length - 1];
      if (next) {
        k.preventDefault();
        showTab(next.id.replace('tab-', ''), true);
      }
    });
  }
  for (const b of document.querySelectorAll('[data-advance]')) {
    b.addEventListener('click', () => control('/clock/advance', { ms: Number(b.dataset.advance), settle: true }, () => `clock advanced ${b.textContent}`));
  }
  $('#next-retry').addEventListener('click', () => control('/clock/next-retry', {}, (r) => (r.fired ? `clock moved to the retry due at ${fmtTime(r.retryAt)}` : 'no retry is scheduled')));
  $('#run-idle').addEventListener('click', () => control('/clock/run-until-idle', {}, () => 'every pending retry has run'));
  $('#reset').addEventListener('click', () => {
    if (confirm('Forget every event, delivery and fault?')) {
      state.events.selected = null;
      state.deliveries.selected = null;
      closeEvent();
      closeDelivery();
      control('/reset', {}, () => 'reset: events, deliveries and faults forgotten');
    }
  });
  const onFilter = (kind, load) => {
    let timer;
    const form = $(kind === 'events' ? '#event-filters' : '#delivery-filters');
    const apply = () => {
      state[kind].offset = 0;
      load();
    };
    form.addEventListener('input', (e) => {
      clearTimeout(timer);
      // Typing is debounced; a select applies at once.
      if (e.target.tagName === 'SELECT') apply();
      else timer = setTimeout(apply, 150);
    });
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      clearTimeout(timer);
      apply();
    });
  };
  onFilter('events', loadEvents);
  onFilter('deliveries', loadDeliveries);
  for (const pager of document.querySelectorAll('.pager')) {
    pager.addEventListener('click', (e) => {
      const dir = e.target.dataset?.page;
      if (!dir) return;
      const s = state[pager.dataset.for];
      s.offset = Math.max(0, s.offset + (dir === 'next' ? PAGE_SIZE : -PAGE_SIZE));
      loaders[pager.dataset.for]();
    });
  }
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Escape') {
      if (state.tab === 'events' && state.events.selected) closeEvent();
      if (state.tab === 'deliveries' && state.deliveries.selected) closeDelivery();
    } else if (e.key === '/' && !['INPUT', 'SELECT', 'TEXTAREA'].includes(document.activeElement?.tagName ?? '')) {
      const search = $(`#view-${state.tab} input[type=search]`);
      if (search) {
        e.preventDefault();
        search.focus();
      }
    }
  });
  $('#fault-form').addEventListener('submit', (e) => {
    e.preventDefault();
    const f = new FormData(e.target);
    const body = { count: Number(f.get('count')) };
    if (f.get('status')) body.status = Number(f.get('status'));
    if (f.get('retryAfter')) body.retryAfter = Number(f.get('retryAfter'));
    if (f.get('delayMs')) body.delayMs = Number(f.get('delayMs'));
    if (f.get('reset')) body.reset = true;
    control('/faults', body, () => `fault set for the next ${body.count} collection request(s)`).then(() => loaders.tools());
  });
  $('#clear-faults').addEventListener('click', async () => {
    await api('/faults', { method: 'DELETE' }).catch((error) => toast(error.message));
    loaders.tools();
  });
  const list = (v) => String(v ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  $('#deletion-form').addEventListener('submit', (e) => {
    e.preventDefault();
    const f = new FormData(e.target);
    const body = { userIds: list(f.get('userIds')) };
    if (list(f.get('writeKeys')).length > 0) body.writeKeys = list(f.get('writeKeys'));
    control('/deletions', body, (r) => `deletion sent: ${r.notifications?.length ?? 0} notification(s)`);
  });
  $('#audience-form').addEventListener('submit', async (e) => {
    e.preventDefault();
    const f = new FormData(e.target);
    const name = encodeURIComponent(String(f.get('name')).trim());
    try {
      await api(`/audiences/${name}`, { method: 'PUT', body: JSON.stringify({ members: list(f.get('members')) }) });
      if (e.submitter?.value === 'sync') {
        const result = await api(`/audiences/${name}/sync`, { method: 'POST', body: '{}' });
        toast(`audience synced: ${result.changes.length} Identify call(s) to ${result.deliveryIds.length} delivery(ies)`);
      } else toast('audience defined');
      await loaders.tools();
    } catch (error) {
      toast(error.message);
    }
  });
  setInterval(renderClock, 1000);
}

// ---- live updates: one message per server batch; each names what changed --------------------------------

function onUpdate(update) {
  setClock(update.clock);
  state.nextRetryAt = update.deliveries.nextRetryAt;
  state.events.counts = update.events.counts;
  state.deliveries.counts = update.deliveries.counts;
  $('#count-events').textContent = String(update.events.counts.all);
  renderDeliveryCounts();
  renderClock();
  if (update.requests > 0) $('#count-requests').textContent = String(Number($('#count-requests').textContent) + update.requests);
  const everything = update.snapshot || update.admin;
  if (state.tab === 'events' && (everything || update.events.added > 0)) loadEvents();
  if (state.tab === 'deliveries' && (everything || update.deliveries.changed.length > 0 || update.deliveries.overflow)) loadDeliveries();
  if (state.tab === 'requests' && (everything || update.requests > 0)) loadRequests();
  if (state.tab === 'tools' && everything) loadTools();
  if (update.sources || everything) loadSources();
  const open = state.deliveries.selected;
  if (open && (everything || update.deliveries.overflow || update.deliveries.changed.includes(open.id))) openDelivery(open, { keepScroll: true });
  document.body.dataset.updates = String(update.seq);
}

function listen() {
  const stream = new EventSource(`${API}/stream`);
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

wire();
renderClock();
loadRequests();
listen();
