import type { Plugin, Server } from '@hapi/hapi';
import type { ServiceCore } from '../../core/service-core.js';
import type { RunRegistry } from '../../core/runs/run-registry.js';
import { runOfRequestOr } from '../run-routing.js';
import { InspectorAssets } from '../inspector/inspector-assets.js';
import { UpdateHub } from '../inspector/update-hub.js';
import { SAMPLE_RECEIVER_PATH } from './sample-receiver-plugin.js';

export { findInspectorRoot } from '../inspector/inspector-assets.js';
export type { CollectionRequestRecord } from '../../core/collection/request-log.js';

export interface InspectorPluginOptions {
  /** The default run's core. */
  readonly core: ServiceCore;
  /** The server's runs: a deleted run's stream is closed. The page picks a run through the admin API either way. */
  readonly runs?: RunRegistry;
  /** Folder holding index.html, app.js and style.css. Default: the package's own inspector-ui/. */
  readonly root?: string;
  /** Shortest real-time gap between two stream messages: changes inside it go out as one. Default 50 ms. */
  readonly batchMs?: number;
  /** Real-time interval of the stream's keep-alive comment. Default 15 s. */
  readonly heartbeatMs?: number;
}

/**
 * The inspector: the page at `/` (plain files shipped in the package's inspector-ui/) and the live update
 * stream at GET /__harness/stream. The page reads and steers everything else through the admin API (the
 * collection request log included: GET /__harness/requests). `event-harness serve` mounts it;
 * createHarness() does not, so a harness per test pays nothing for it.
 */
export const inspectorPlugin: Plugin<InspectorPluginOptions> = {
  name: 'event-harness-inspector',
  register(server: Server, options) {
    // One update stream per run (/__harness/runs/{id}/stream), made when a page first connects to it.
    const hubs = new Map<ServiceCore, UpdateHub>();
    const hubOf = (core: ServiceCore): UpdateHub => {
      let hub = hubs.get(core);
      if (hub === undefined) {
        hub = new UpdateHub(core, options.batchMs ?? 50, options.heartbeatMs ?? 15_000);
        hubs.set(core, hub);
      }
      return hub;
    };
    hubOf(options.core);
    const assets = new InspectorAssets(options.root);

    // An admin call changes what the journal and dispatcher do not announce (clock, faults, reset, audiences).
    server.events.on('response', (request) => {
      if (request.path.startsWith('/__harness/') && request.method !== 'get' && request.path !== SAMPLE_RECEIVER_PATH)
        hubs.get(runOfRequestOr(request, options.core))?.admin();
    });
    options.runs?.onChange(({ kind, run }) => {
      if (kind !== 'deleted') return;
      hubs.get(run.core)?.close();
      hubs.delete(run.core);
    });
    server.events.on('stop', () => {
      for (const hub of hubs.values()) hub.close();
    });

    server.route([
      {
        method: 'GET',
        path: '/',
        options: { description: 'The inspector page' },
        handler: (_request, h) => assets.serve('index.html', h),
      },
      {
        method: 'GET',
        path: '/__harness/inspector',
        options: {
          description:
            'The inspector page on a run: /__harness/runs/{id}/inspector opens it with that run picked (the default run here)',
        },
        handler: (_request, h) => assets.serve('index.html', h),
      },
      {
        method: 'GET',
        path: '/inspector/{file}',
        options: {
          description:
            'The inspector page files: index.html, style.css, favicon.svg and its kebab-case ES modules (app.js, ...); any other name is a 404',
        },
        handler: (request, h) => assets.serve(request.params.file as string, h),
      },
      {
        method: 'GET',
        path: '/__harness/stream',
        options: {
          description:
            'Server-sent events for the inspector: one `update` per change burst (at most one per 50 ms) naming what changed, with counts and the clock',
        },
        handler(request, h) {
          const core = runOfRequestOr(request, options.core);
          // An open page reads many events (a page of rows per update, free-text search over all of them): from
          // now on each new one keeps its own text, so a read does not re-parse the whole request it came in.
          // Not before: a serve under load with no page open would pay a JSON.stringify per event for nothing.
          core.journal.keepOwnText();
          const client = hubOf(core).connect(request);
          return h
            .response(client.stream)
            .type('text/event-stream')
            .header('cache-control', 'no-cache, no-transform')
            .header('x-accel-buffering', 'no');
        },
      },
    ]);
  },
};
