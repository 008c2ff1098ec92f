// The inspector page: a view over the admin API under /__harness, kept live by the batched server-sent
// update stream (GET /__harness/stream). Plain JS in ES modules, no framework, no CDN and no build step, so
// it works offline from the package under a CSP of script-src 'self'. This module wires the page and starts
// it; each tab, the clock bar and the stream live in their own module beside it.
import { $ } from './dom.js';
import { control, renderClock, wireClock } from './clock.js';
import { closeDelivery } from './delivery-detail.js';
import { loadDeliveries } from './deliveries-view.js';
import { closeEvent, loadEvents } from './events-view.js';
import { loadRequests } from './requests-view.js';
import { state } from './state.js';
import { listen } from './stream.js';
import { wireTabs } from './tabs.js';
import { wireTools } from './tools-view.js';
import { wireRunPicker } from './run-picker.js';

function wire() {
  wireRunPicker();
  wireTabs();
  wireClock();
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
  wireTools();
  setInterval(renderClock, 1000);
}

wire();
renderClock();
loadRequests();
listen();
