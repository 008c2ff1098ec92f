// The sources tab: each write key with its Webhooks and Webhooks (Actions) destinations as configured.
import { api, refresher } from './api.js';
import { $, el } from './dom.js';
import { state } from './state.js';

/** The classic Webhooks destination: whether it is enabled and signed, and a line per URL with its static headers. */
function webhooksPart(hooks) {
  const list = el('ul', { className: 'plain' });
  for (const hook of hooks.webhooks ?? []) {
    const headers = Object.entries(hook.headers ?? {})
      .map(([k, v]) => `${k}: ${v}`)
      .join(', ');
    list.append(el('li', { className: 'mono', text: `POST ${hook.url}${headers ? `  (${headers})` : ''}` }));
  }
  return el(
    'div',
    {},
    el('p', {
      text: `Webhooks ${hooks.enabled === false ? '(disabled)' : ''}· ${hooks.sharedSecret ? `signed with shared secret "${hooks.sharedSecret}"` : 'unsigned (no shared secret)'}`,
    }),
    list,
  );
}

/** The Webhooks (Actions) destination: whether it is enabled and signed, and a line per mapping. */
function actionsPart(actions) {
  const mappings = el('ul', { className: 'plain' });
  for (const mapping of actions.mappings ?? []) {
    const batching = mapping.enableBatching ? `batches of ${mapping.batchSize ?? 1000}` : 'one event per request';
    mappings.append(
      el('li', {
        className: 'mono',
        text: `${mapping.method ?? 'POST'} ${mapping.url}  [${(mapping.subscribe ?? ['all types']).join(', ')}; ${batching}]`,
      }),
    );
  }
  return el(
    'div',
    { className: 'actions-destination' },
    el('p', {
      text: `Webhooks (Actions) ${actions.enabled === false ? '(disabled)' : ''}· ${actions.sharedSecret ? 'signed (X-Signature over the first event)' : 'unsigned (no shared secret)'}`,
    }),
    mappings,
  );
}

/** One source's card: its name and write key, then its destinations (or why its events are not delivered). */
function sourceCard(source) {
  const hooks = source.destinations?.Webhooks;
  const actions = source.destinations?.['Webhooks (Actions)'];
  const classic = hooks
    ? webhooksPart(hooks)
    : actions === undefined
      ? el('p', { className: 'muted', text: 'no Webhooks destination: events are journaled, not delivered' })
      : el('span');
  return el(
    'div',
    { className: 'source card', 'data-write-key': source.writeKey },
    el('h2', { text: `${source.name ?? 'source'} · ${source.writeKey}` }),
    classic,
    ...(actions !== undefined ? [actionsPart(actions)] : []),
  );
}

export const loadSources = refresher('sources', async () => {
  const body = await api('/sources');
  state.sources = body.sources;
  $('#count-sources').textContent = String(body.sources.length);
  const nodes = [];
  if (body.zeroConfig)
    nodes.push(
      el('p', { className: 'muted', text: 'Zero-config: any non-empty write key creates a source on its first call.' }),
    );
  nodes.push(...body.sources.map(sourceCard));
  if (body.sources.length === 0) nodes.push(el('p', { className: 'muted', text: 'No sources yet.' }));
  $('#sources').replaceChildren(...nodes);
});
