// Tabs (the ARIA tabs pattern) and the pagers under the events and deliveries tables.
import { loaders } from './api.js';
import { $ } from './dom.js';
import { PAGE_SIZE, state } from './state.js';

export function showTab(name, focus = false) {
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

export function refreshVisible() {
  const load = loaders[state.tab];
  return load ? load() : Promise.resolve();
}

export function pageInfo(kind) {
  const s = state[kind];
  const info = $(`.pager[data-for=${kind}] .page-info`);
  const end = Math.min(s.total, s.offset + PAGE_SIZE);
  info.textContent = s.total === 0 ? 'none' : `${s.offset + 1}–${end} of ${s.total}`;
  $(`.pager[data-for=${kind}] [data-page=prev]`).disabled = s.offset === 0;
  $(`.pager[data-for=${kind}] [data-page=next]`).disabled = end >= s.total;
}

export function wireTabs() {
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
  for (const pager of document.querySelectorAll('.pager')) {
    pager.addEventListener('click', (e) => {
      const dir = e.target.dataset?.page;
      if (!dir) return;
      const s = state[pager.dataset.for];
      s.offset = Math.max(0, s.offset + (dir === 'next' ? PAGE_SIZE : -PAGE_SIZE));
      loaders[pager.dataset.for]();
    });
  }
}
