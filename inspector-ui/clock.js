// The clock bar: virtual and real time, the next retry, and the controls that only a fake clock obeys.
import { api } from './api.js';
import { $, toast } from './dom.js';
import { fmtDuration, fmtTime } from './format.js';
import { state, virtualNow } from './state.js';

export function renderClock() {
  const fake = state.clock.mode === 'fake';
  $('#clock-mode').textContent = `${state.clock.mode} clock`;
  $('#virtual-time').textContent = fmtTime(virtualNow());
  $('#real-time').textContent = fmtTime(Date.now());
  $('#next-retry-at').textContent = state.nextRetryAt
    ? `${fmtTime(state.nextRetryAt)} (in ${fmtDuration(Date.parse(state.nextRetryAt) - virtualNow())})`
    : 'none';
  for (const b of document.querySelectorAll('[data-advance], #next-retry, #run-idle')) {
    b.disabled = !fake;
    b.title = fake
      ? b.title.replace(/ \(fake clock only\)$/, '')
      : `${b.title.replace(/ \(fake clock only\)$/, '')} (fake clock only)`;
  }
}

export function setClock(clock) {
  state.clock = { ...clock, receivedAt: Date.now() };
  renderClock();
}

/** POSTs a control; an answer carrying the clock (advance, next retry, reset...) updates the clock bar. */
export async function control(path, body = {}, done) {
  try {
    const result = await api(path, { method: 'POST', body: JSON.stringify(body) });
    if (result.now) setClock(result);
    if (done) toast(done(result));
  } catch (error) {
    toast(error.message);
  }
}

export function wireClock() {
  for (const b of document.querySelectorAll('[data-advance]')) {
    b.addEventListener('click', () =>
      control('/clock/advance', { ms: Number(b.dataset.advance) }, () => `clock advanced ${b.textContent}`),
    );
  }
  $('#next-retry').addEventListener('click', () =>
    control('/clock/next-retry', {}, (r) =>
      r.fired ? `clock moved to the retry due at ${fmtTime(r.retryAt)}` : 'no retry is scheduled',
    ),
  );
  $('#run-idle').addEventListener('click', () =>
    control('/clock/run-until-idle', {}, () => 'every pending retry has run'),
  );
}
