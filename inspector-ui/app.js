// The inspector page: a view over the admin API under /__harness, kept live by the server-sent update
// stream. No framework and no CDN, so it works offline from the package.
const API = '/__harness';
const PAGE_SIZE = 100;

const state = {
  tab: 'events',
  events: { offset: 0, total: 0, rows: [], selected: undefined },
  deliveries: { offset: 0, total: 0, rows: [], selected: undefined },
  clock: { mode: '–', now: 0 },
};

const $ = (selector, root = document) => root.querySelector(selector);

async function api(path, init) {
  const response = await fetch(`${API}${path}`, {
    ...init,
    headers: init?.body === undefined ? init?.headers : { 'content-type': 'application/json', ...init?.headers },
  });
  const text = await response.text();
  const body = text === '' ? {} : JSON.parse(text);
  if (!response.ok) throw new Error(body.message ?? `${response.status} from ${path}`);
  return body;
}

function toast(message) {
  const el = $('#toast');
  el.textContent = message;
  el.classList.add('show');
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => el.classList.remove('show'), 3000);
}

function cell(text, className) {
  const td = document.createElement('td');
  td.textContent = text ?? '';
  td.title = text ?? '';
  if (className) td.className = className;
  return td;
}

function fmtTime(value) {
  if (value === undefined || value === null || value === '') return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? String(value) : date.toISOString().replace('T', ' ').replace('Z', '');
}

function filtersOf(form) {
  const params = new URLSearchParams();
  for (const [key, value] of new FormData(form)) if (value !== '' && key !== 'q') params.set(key, String(value));
  return params;
}

function matchesText(row, form) {
  const q = new FormData(form).get('q');
  return !q || JSON.stringify(row).toLowerCase().includes(String(q).toLowerCase());
}

// ---- events -------------------------------------------------------------------------------------------

async function loadEvents() {
  const params = filtersOf($('#event-filters'));
  params.set('limit', String(PAGE_SIZE));
  params.set('offset', String(state.events.offset));
  params.set('order', 'newest');
  const body = await api(`/events?${params}`);
  state.events.total = body.total;
  state.events.rows = body.events;
  renderEvents();
}

function renderEvents() {
  const tbody = $('#events-table tbody');
  const form = $('#event-filters');
  const rows = state.events.rows.filter((row) => matchesText(row, form));
  const fragment = document.createDocumentFragment();
  rows.forEach((entry, index) => {
    const tr = document.createElement('tr');
    const e = entry.event ?? {};
    tr.tabIndex = 0;
    tr.dataset.messageId = e.messageId ?? '';
    tr.setAttribute('aria-selected', String(state.events.selected === entry));
    tr.append(
      cell(String(state.events.total - state.events.offset - index)),
      cell(entry.status, `status-${entry.status}`),
      cell(e.type),
      cell(e.userId ?? e.anonymousId),
      cell(e.event ?? e.name ?? e.groupId ?? e.previousId),
      cell(fmtTime(e.receivedAt)),
      cell(entry.reason),
    );
    tr.addEventListener('click', () => selectEvent(entry));
    tr.addEventListener('keydown', (k) => keyNav(k, tr, () => selectEvent(entry)));
    fragment.append(tr);
  });
  tbody.replaceChildren(fragment);
  $('#count-events').textContent = String(state.events.total);
  pageInfo('events');
}

function selectEvent(entry) {
  state.events.selected = entry;
  const detail = $('#event-detail');
  detail.replaceChildren();
  const h = document.createElement('h2');
  h.textContent = `${entry.event?.type ?? 'event'} · ${entry.status}`;
  detail.append(h);
  if (entry.reason) detail.append(section('Reason', entry.reason));
  detail.append(section('Write key', entry.writeKey), section('Event', JSON.stringify(entry.event, null, 2)));
  for (const tr of $('#events-table tbody').children) tr.setAttribute('aria-selected', String(tr.dataset.messageId === (entry.event?.messageId ?? '')));
}

// ---- deliveries ---------------------------------------------------------------------------------------

async function loadDeliveries() {
  const params = filtersOf($('#delivery-filters'));
  params.set('limit', String(PAGE_SIZE));
  params.set('offset', String(state.deliveries.offset));
  const body = await api(`/deliveries?${params}`);
  state.deliveries.total = body.total ?? body.deliveries.length;
  state.deliveries.rows = body.deliveries;
  renderDeliveries();
  if (state.deliveries.selected) {
    const fresh = body.deliveries.find((d) => d.id === state.deliveries.selected.id);
    if (fresh) await selectDelivery(fresh, { keepScroll: true });
  }
}

function renderDeliveries() {
  const tbody = $('#deliveries-table tbody');
  const form = $('#delivery-filters');
  const fragment = document.createDocumentFragment();
  for (const d of state.deliveries.rows.filter((row) => matchesText(row, form))) {
    const tr = document.createElement('tr');
    const last = d.attempts[d.attempts.length - 1];
    tr.tabIndex = 0;
    tr.dataset.id = d.id;
    tr.setAttribute('aria-selected', String(state.deliveries.selected?.id === d.id));
    tr.append(
      cell(d.id),
      cell(d.state, `state-${d.state}`),
      cell(d.type),
      cell(d.writeKey),
      cell(String(d.attempts.length)),
      cell(last ? (last.status !== undefined ? String(last.status) : (last.error ?? '')) : ''),
      cell(fmtTime(d.nextAttemptAt)),
    );
    tr.addEventListener('click', () => selectDelivery(d));
    tr.addEventListener('keydown', (k) => keyNav(k, tr, () => selectDelivery(d)));
    fragment.append(tr);
  }
  tbody.replaceChildren(fragment);
  $('#count-deliveries').textContent = String(state.deliveries.total);
  pageInfo('deliveries');
}

function curlFor(request) {
  const quote = (s) => `'${String(s).replaceAll("'", "'\\''")}'`;
  const headers = Object.entries(request.headers ?? {}).map(([k, v]) => `-H ${quote(`${k}: ${v}`)}`);
  return ['curl -sS -X POST', quote(request.url), ...headers, `--data-binary ${quote(request.body)}`].join(' \\\n  ');
}

async function selectDelivery(summary) {
  state.deliveries.selected = summary;
  for (const tr of $('#deliveries-table tbody').children) tr.setAttribute('aria-selected', String(tr.dataset.id === summary.id));
  const d = await api(`/deliveries/${encodeURIComponent(summary.id)}`);
  const detail = $('#delivery-detail');
  detail.replaceChildren();
  const h = document.createElement('h2');
  h.textContent = `${d.type} → ${d.state}`;
  detail.append(h);
  const actions = document.createElement('div');
  actions.className = 'controls';
  const redeliver = document.createElement('button');
  redeliver.textContent = 'redeliver';
  redeliver.id = 'redeliver';
  redeliver.addEventListener('click', async () => {
    await api(`/deliveries/${encodeURIComponent(d.id)}/redeliver`, { method: 'POST', body: '{}' });
    toast(`redelivering ${d.id}`);
  });
  actions.append(redeliver);
  if (d.request) {
    const copy = document.createElement('button');
    copy.textContent = 'copy as curl';
    copy.id = 'copy-curl';
    copy.addEventListener('click', async () => {
      const text = curlFor(d.request);
      try {
        await navigator.clipboard.writeText(text);
        toast('curl command copied');
      } catch {
        toast('clipboard unavailable: the command is shown below');
      }
      detail.append(section('curl', text));
    });
    actions.append(copy);
  }
  detail.append(actions);
  if (d.nextAttemptAt) detail.append(section('Next retry', fmtTime(d.nextAttemptAt)));
  detail.append(timeline(d));
  if (d.request) {
    detail.append(section('Request headers', Object.entries(d.request.headers).map(([k, v]) => `${k}: ${v}`).join('\n')));
    detail.append(section('Body (exact bytes sent)', d.request.body));
  }
}

function timeline(d) {
  const wrap = document.createElement('div');
  const h = document.createElement('h3');
  h.textContent = `Attempts (${d.attempts.length})`;
  const list = document.createElement('ol');
  list.className = 'timeline';
  const first = d.attempts.length > 0 ? Date.parse(d.attempts[0].at) : 0;
  const span = Math.max(1, (d.attempts.length > 0 ? Date.parse(d.attempts[d.attempts.length - 1].at) : 0) - first);
  for (const a of d.attempts) {
    const li = document.createElement('li');
    const when = document.createElement('span');
    when.textContent = `+${formatDuration(Date.parse(a.at) - first)}`;
    const what = document.createElement('span');
    what.textContent = `${a.url} · ${a.status ?? a.error ?? ''} · ${Math.round(a.durationMs)} ms`;
    const track = document.createElement('div');
    track.className = 'bar-track';
    const fill = document.createElement('div');
    fill.className = 'bar-fill';
    fill.style.width = `${Math.max(2, ((Date.parse(a.at) - first) / span) * 100)}%`;
    track.append(fill);
    what.append(track);
    li.append(when, what);
    list.append(li);
  }
  wrap.append(h, list);
  return wrap;
}

function formatDuration(ms) {
  if (ms < 1000) return `${ms} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  if (ms < 3_600_000) return `${(ms / 60_000).toFixed(1)} min`;
  return `${(ms / 3_600_000).toFixed(2)} h`;
}

// ---- sources, clock, tools ----------------------------------------------------------------------------

async function loadSources() {
  const body = await api('/sources');
  const root = $('#sources');
  root.replaceChildren();
  if (body.sources.length === 0) {
    const p = document.createElement('p');
    p.className = 'muted';
    p.textContent = 'No sources yet: with no config, any write key creates one on its first call.';
    root.append(p);
  }
  for (const source of body.sources) {
    const div = document.createElement('div');
    div.className = 'source';
    const h = document.createElement('h2');
    h.textContent = `${source.name ?? 'source'} · ${source.writeKey}`;
    div.append(h, section('Destinations', JSON.stringify(source.destinations ?? {}, null, 2)));
    root.append(div);
  }
}

async function loadClock() {
  state.clock = await api('/clock');
  renderClock();
}

function renderClock() {
  $('#clock-mode').textContent = state.clock.mode;
  $('#virtual-time').textContent = fmtTime(state.clock.now);
  $('#real-time').textContent = fmtTime(Date.now());
  $('#next-retry').disabled = state.clock.mode !== 'fake';
  $('#run-idle').disabled = state.clock.mode !== 'fake';
  for (const b of document.querySelectorAll('[data-advance]')) b.disabled = state.clock.mode !== 'fake';
}

function section(title, text) {
  const wrap = document.createElement('div');
  const h = document.createElement('h3');
  h.textContent = title;
  const pre = document.createElement('pre');
  pre.textContent = text;
  wrap.append(h, pre);
  return wrap;
}

function pageInfo(kind) {
  const s = state[kind];
  const info = $(`.pager[data-for=${kind}] .page-info`);
  const end = Math.min(s.total, s.offset + PAGE_SIZE);
  info.textContent = s.total === 0 ? 'none yet' : `${s.offset + 1}–${end} of ${s.total}`;
  $(`.pager[data-for=${kind}] [data-page=prev]`).disabled = s.offset === 0;
  $(`.pager[data-for=${kind}] [data-page=next]`).disabled = end >= s.total;
}

function keyNav(event, tr, open) {
  if (event.key === 'Enter' || event.key === ' ') {
    event.preventDefault();
    open();
  } else if (event.key === 'ArrowDown') {
    event.preventDefault();
    tr.nextElementSibling?.focus();
  } else if (event.key === 'ArrowUp') {
    event.preventDefault();
    tr.previousElementSibling?.focus();
  }
}

function showTab(name) {
  state.tab = name;
  for (const tab of document.querySelectorAll('[role=tab]')) {
    const selected = tab.id === `tab-${name}`;
    tab.setAttribute('aria-selected', String(selected));
    tab.tabIndex = selected ? 0 : -1;
    $(`#${tab.getAttribute('aria-controls')}`).hidden = !selected;
  }
  return refresh(name);
}

function refresh(what = state.tab) {
  const jobs = [loadClock()];
  if (what === 'events' || what === 'all') jobs.push(loadEvents());
  if (what === 'deliveries' || what === 'all') jobs.push(loadDeliveries());
  if (what === 'sources' || what === 'all') jobs.push(loadSources());
  return Promise.all(jobs).catch((error) => toast(error.message));
}

async function control(path, body = {}) {
  try {
    await api(path, { method: 'POST', body: JSON.stringify(body) });
    await refresh('all');
  } catch (error) {
    toast(error.message);
  }
}

function wire() {
  for (const tab of document.querySelectorAll('[role=tab]')) {
    tab.addEventListener('click', () => showTab(tab.id.replace('tab-', '')));
    tab.addEventListener('keydown', (k) => {
      const tabs = [...document.querySelectorAll('[role=tab]')];
      const i = tabs.indexOf(tab);
      if (k.key === 'ArrowRight' || k.key === 'ArrowLeft') {
        const next = tabs[(i + (k.key === 'ArrowRight' ? 1 : tabs.length - 1)) % tabs.length];
        next.focus();
        showTab(next.id.replace('tab-', ''));
      }
    });
  }
  for (const b of document.querySelectorAll('[data-advance]')) b.addEventListener('click', () => control('/clock/advance', { ms: Number(b.dataset.advance) }));
  $('#next-retry').addEventListener('click', () => control('/clock/next'));
  $('#run-idle').addEventListener('click', () => control('/clock/run-until-idle'));
  $('#reset').addEventListener('click', () => {
    if (confirm('Forget every event and delivery?')) control('/reset');
  });
  for (const [formId, kind, load] of [['#event-filters', 'events', loadEvents], ['#delivery-filters', 'deliveries', loadDeliveries]]) {
    const form = $(formId);
    form.addEventListener('input', (e) => {
      if (e.target.name === 'q') return kind === 'events' ? renderEvents() : renderDeliveries();
      state[kind].offset = 0;
      load().catch((error) => toast(error.message));
    });
    form.addEventListener('submit', (e) => e.preventDefault());
  }
  for (const pager of document.querySelectorAll('.pager')) {
    pager.addEventListener('click', (e) => {
      const dir = e.target.dataset?.page;
      if (!dir) return;
      const s = state[pager.dataset.for];
      s.offset = Math.max(0, s.offset + (dir === 'next' ? PAGE_SIZE : -PAGE_SIZE));
      refresh(pager.dataset.for);
    });
  }
  $('#fault-form').addEventListener('submit', async (e) => {
    e.preventDefault();
    const f = new FormData(e.target);
    const body = { count: Number(f.get('count')) };
    if (f.get('status')) body.status = Number(f.get('status'));
    if (f.get('retryAfter')) body.retryAfter = Number(f.get('retryAfter'));
    if (f.get('delayMs')) body.delayMs = Number(f.get('delayMs'));
    if (f.get('reset')) body.reset = true;
    await control('/faults', body);
    toast(`fault set for the next ${body.count} requests`);
  });
  const list = (v) => String(v ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  $('#deletion-form').addEventListener('submit', async (e) => {
    e.preventDefault();
    const f = new FormData(e.target);
    const body = { userIds: list(f.get('userIds')) };
    if (list(f.get('writeKeys')).length > 0) body.writeKeys = list(f.get('writeKeys'));
    await control('/deletions', body);
    toast(`deletion sent for ${body.userIds.length} user(s)`);
  });
  $('#audience-form').addEventListener('submit', async (e) => {
    e.preventDefault();
    const f = new FormData(e.target);
    const name = encodeURIComponent(String(f.get('name')));
    try {
      await api(`/audiences/${name}`, { method: 'PUT', body: JSON.stringify({ members: list(f.get('members')) }) });
      if (e.submitter?.value === 'sync') await api(`/audiences/${name}/sync`, { method: 'POST', body: '{}' });
      toast(e.submitter?.value === 'sync' ? 'audience synced' : 'audience defined');
      await refresh('all');
    } catch (error) {
      toast(error.message);
    }
  });
  setInterval(renderClock, 1000);
}

// The server batches changes (so a burst does not flood the page) and sends one `update` per batch.
function listen() {
  const stream = new EventSource(`${API}/stream`);
  let pending = false;
  stream.addEventListener('update', (message) => {
    const update = JSON.parse(message.data);
    if (update.clock) {
      state.clock = update.clock;
      renderClock();
    }
    if (pending) return;
    pending = true;
    queueMicrotask(async () => {
      pending = false;
      const jobs = [];
      if (update.events && state.tab === 'events' && state.events.offset === 0) jobs.push(loadEvents());
      else if (update.events) state.events.total += update.events;
      if (update.deliveries && state.tab === 'deliveries') jobs.push(loadDeliveries());
      if (update.sources && state.tab === 'sources') jobs.push(loadSources());
      await Promise.all(jobs).catch((error) => toast(error.message));
      $('#count-events').textContent = String(state.events.total);
      document.body.dataset.lastUpdate = String(update.seq ?? '');
    });
  });
  stream.addEventListener('error', () => document.body.classList.add('disconnected'));
  stream.addEventListener('open', () => document.body.classList.remove('disconnected'));
}

wire();
refresh('all').then(listen);
