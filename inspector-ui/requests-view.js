// The requests tab: the log of collection requests (/v1/*), faults injected by the harness marked.
import { api, refresher } from './api.js';
import { $, cell, el } from './dom.js';
import { fmtTime } from './format.js';
import { PAGE_SIZE, state } from './state.js';

export const loadRequests = refresher('requests', async () => {
  const body = await api(`/requests?limit=${PAGE_SIZE}`);
  state.requests = { rows: body.requests, total: body.total };
  const fragment = document.createDocumentFragment();
  for (const r of body.requests) {
    fragment.append(
      el(
        'tr',
        { 'data-seq': r.seq, className: r.injected ? 'injected' : '' },
        cell(r.seq),
        cell(fmtTime(r.at)),
        cell(fmtTime(r.realAt)),
        cell(`${r.method} ${r.path}`),
        cell(r.writeKey),
        cell(
          r.status ?? 'connection dropped',
          r.status !== undefined && r.status < 300 ? 'status-accepted' : 'status-rejected',
        ),
        cell(r.injected ? 'injected' : (r.code ?? '')),
        cell(r.durationMs),
      ),
    );
  }
  $('#requests-table tbody').replaceChildren(fragment);
  $('#count-requests').textContent = String(body.total);
});
