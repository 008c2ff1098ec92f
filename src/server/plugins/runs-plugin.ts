import type { Plugin, Request } from '@hapi/hapi';
import type { Run, RunRegistry } from '../../core/runs/run-registry.js';
import type { HarnessConfig } from '../../contract/generated/wire-types.js';
import { createRunBody, runParams } from '../validation/run-schemas.js';
import { validate, withJoi } from '../validation/joi-fail-action.js';

const NOT_FOUND = { openapi: { responses: { 404: 'No run has this id (RUN_NOT_FOUND)' } } };

/** The base URL as the request reached the server (as the settings endpoint builds analytics.js's apiHost). */
function baseUrlOf(request: Request): string {
  const protocol = request.server.info.protocol === 'https' ? 'https' : 'http';
  const host = request.info.host !== '' ? request.info.host : `${request.server.info.host}:${request.server.info.port}`;
  return `${protocol}://${host}`;
}

/** A run as the runs routes answer it: its id, write keys and the URLs a test or a CI job points at. */
export function runView(run: Run, base: string) {
  const admin = `${base}/__harness/runs/${encodeURIComponent(run.id)}`;
  return {
    id: run.id,
    name: run.name,
    writeKeys: [...run.writeKeys],
    clock: run.clock,
    createdAt: run.createdAt,
    urls: { collection: base, admin, inspector: `${admin}/inspector` },
  };
}

/**
 * The runs (tenants) of the server: POST/GET /__harness/runs, GET/DELETE /__harness/runs/{id}. Every other admin
 * route also answers under /__harness/runs/{id}/ for that run (run-routing.ts).
 */
export const runsPlugin: Plugin<{ runs: RunRegistry }> = {
  name: 'event-harness-runs',
  register(server, { runs }) {
    withJoi(server);
    server.route([
      {
        method: 'POST',
        path: '/__harness/runs',
        options: {
          description:
            'Create a run: its own write key(s), clock, faults, sources, journal and deliveries; answers its id and URLs',
          plugins: {
            openapi: {
              responses: {
                409: 'A write key of the config belongs to another run (WRITE_KEY_TAKEN)',
                429: "The server holds its limit of runs (RUN_LIMIT_REACHED, serve --max-runs), or the runs' memory budget has not that much left (RUN_MEMORY_BUDGET_FULL)",
              },
            },
          },
          validate: validate({ payload: createRunBody }),
        },
        async handler(request, h) {
          const body = (request.payload ?? {}) as { clock?: 'fake' | 'system'; name?: string; config?: HarnessConfig };
          const run = await runs.create(body);
          return h.response(runView(run, baseUrlOf(request))).code(201);
        },
      },
      {
        method: 'GET',
        path: '/__harness/runs',
        options: { description: 'Every run, the default run first' },
        async handler(request) {
          const base = baseUrlOf(request);
          const list = await runs.list();
          return { runs: list.map((run) => runView(run, base)) };
        },
      },
      {
        method: 'GET',
        path: '/__harness/runs/{id}',
        options: { description: 'One run', plugins: NOT_FOUND, validate: validate({ params: runParams }) },
        async handler(request) {
          return runView(await runs.require((request.params as { id: string }).id), baseUrlOf(request));
        },
      },
      {
        method: 'DELETE',
        path: '/__harness/runs/{id}',
        options: {
          description: 'Delete a run: its deliveries stop, its write keys go back to the default run',
          plugins: {
            openapi: { responses: { ...NOT_FOUND.openapi.responses, 409: 'The default run cannot be deleted' } },
          },
          validate: validate({ params: runParams }),
        },
        async handler(request) {
          const { id } = request.params as { id: string };
          const run = await runs.require(id);
          await runs.delete(run.id);
          return { deleted: true, id: run.id };
        },
      },
    ]);
  },
};
