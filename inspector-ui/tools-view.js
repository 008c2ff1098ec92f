// The tools tab: inject faults into the collection API, send a deletion, define and sync an audience.
import { api, refresher } from './api.js';
import { control } from './clock.js';
import { $, el, toast } from './dom.js';

export const loadTools = refresher('tools', async () => {
  const [faults, audiences] = await Promise.all([api('/faults'), api('/audiences')]);
  $('#faults-pending').textContent =
    faults.faults.length === 0
      ? 'no fault pending'
      : faults.faults.map((f) => `${f.remaining} × ${JSON.stringify(f.fault)}`).join('; ');
  $('#audiences').replaceChildren(
    ...audiences.audiences.map((a) =>
      el('li', { text: `${a.name} → trait ${a.traitKey}${a.synced ? ' (synced)' : ''}` }),
    ),
  );
});

/** A comma-separated field as a list of its non-empty items. */
const list = (v) =>
  String(v ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

export function wireTools() {
  $('#fault-form').addEventListener('submit', (e) => {
    e.preventDefault();
    const f = new FormData(e.target);
    const body = { count: Number(f.get('count')) };
    if (f.get('status')) body.status = Number(f.get('status'));
    if (f.get('retryAfter')) body.retryAfter = Number(f.get('retryAfter'));
    if (f.get('delayMs')) body.delayMs = Number(f.get('delayMs'));
    if (f.get('reset')) body.reset = true;
    control('/faults', body, () => `fault set for the next ${body.count} collection request(s)`).then(() =>
      loadTools(),
    );
  });
  $('#clear-faults').addEventListener('click', async () => {
    await api('/faults', { method: 'DELETE' }).catch((error) => toast(error.message));
    loadTools();
  });
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
        toast(
          `audience synced: ${result.changes.length} Identify call(s) to ${result.deliveryIds.length} delivery(ies)`,
        );
      } else toast('audience defined');
      await loadTools();
    } catch (error) {
      toast(error.message);
    }
  });
}
