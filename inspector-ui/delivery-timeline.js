// The attempts of a delivery on a time axis, and listed with their answers and durations.
import { el } from './dom.js';
import { fmtDuration, fmtTime } from './format.js';
import { state } from './state.js';

/** Attempts on a time axis from the first attempt to the later of the last attempt and the next retry. */
export function timeline(d) {
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
    const dur =
      real !== undefined && (state.clock.mode === 'fake' || Math.round(a.realDurationMs) !== Math.round(a.durationMs))
        ? `${Math.round(a.durationMs)} ms harness · ${real}`
        : `${Math.round(a.durationMs)} ms`;
    list.append(
      el(
        'li',
        { className: ok ? 'ok' : 'bad', 'data-index': i },
        el('span', { className: 'when', text: `+${fmtDuration(times[i] - first)}` }),
        el('span', { className: 'what', text: what, title: what }),
        el('span', { className: 'at', text: fmtTime(a.at) }),
        el('span', { className: 'dur', text: dur }),
        el('span', { className: 'url', text: a.url, title: a.url }),
        typeof a.answer === 'string' && a.answer !== ''
          ? el('span', { className: 'answer', text: `receiver answered: ${a.answer}` })
          : null,
      ),
    );
  });
  if (next !== undefined)
    list.append(
      el(
        'li',
        { className: 'next' },
        el('span', { className: 'when', text: `+${fmtDuration(next - first)}` }),
        el('span', { className: 'what', text: 'next retry' }),
        el('span', { className: 'at', text: fmtTime(next) }),
        el('span', { className: 'dur', text: '' }),
      ),
    );
  const axisWrap = el('div', { className: 'axis-wrap' }, axis);
  return el(
    'div',
    { className: 'section' },
    el('h3', { text: `Attempts (${d.attempts.length}) over ${fmtDuration(end - first)}` }),
    axisWrap,
    list,
  );
}
