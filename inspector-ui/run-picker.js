// The run picker: the runs (tenants) of the server, GET /__harness/runs. Picking one points every admin call
// and the update stream at /__harness/runs/{id}/..., and the address bar at /__harness/runs/{id}/inspector, so a
// reload or a shared link opens the same run.
import { closeDelivery } from './delivery-detail.js';
import { $, el, toast } from './dom.js';
import { closeEvent } from './events-view.js';
import { loadRequests } from './requests-view.js';
import { run, setRun, state } from './state.js';
import { listen } from './stream.js';

async function loadRuns() {
  const response = await fetch('/__harness/runs');
  if (!response.ok) throw new Error(`${response.status} from /__harness/runs`);
  const body = await response.json();
  const picker = $('#run-picker');
  const options = body.runs.map((r) =>
    el('option', {
      value: r.id,
      text: r.id === r.name ? r.id : `${r.name} (${r.id})`,
      title: `${r.clock} clock; write keys: ${r.writeKeys.join(', ') || 'any (zero-config)'}`,
    }),
  );
  // A run deleted while picked stays listed, marked, so the page does not silently show another run.
  if (!body.runs.some((r) => r.id === run)) options.push(el('option', { value: run, text: `${run} (deleted)` }));
  picker.replaceChildren(...options);
  picker.value = run;
}

function pick(id) {
  if (id === run) return;
  setRun(id);
  history.replaceState(null, '', `/__harness/runs/${encodeURIComponent(id)}/inspector`);
  document.body.dataset.run = id;
  // What the page held belongs to the run before: forget it, then the new stream's snapshot reloads the view.
  for (const kind of ['events', 'deliveries']) {
    state[kind].offset = 0;
    state[kind].rows = [];
    state[kind].selected = null;
  }
  closeEvent();
  closeDelivery();
  listen();
  loadRequests();
}

export function wireRunPicker() {
  const picker = $('#run-picker');
  document.body.dataset.run = run;
  picker.addEventListener('change', () => pick(picker.value));
  // The list is read when the picker is about to open, so runs created since show up.
  const refresh = () => loadRuns().catch((error) => toast(error.message));
  picker.addEventListener('focus', refresh);
  picker.addEventListener('pointerdown', refresh);
  refresh();
}
