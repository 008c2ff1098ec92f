import type { Request, Server } from '@hapi/hapi';
import type { AdminOperations } from '../core/admin/admin-operations.js';
import { RouteNotFoundError } from '../errors/server-errors.js';
import type { Run, RunRegistry } from '../core/runs/run-registry.js';
import type { ServiceCore } from '../core/service-core.js';

/** The admin operations a request acts on: the run its path named, else the default run's. */
export type AdminOf = (request: Request) => AdminOperations;

const RUN_PREFIX = '/__harness/runs/';

interface RunRequestState {
  harnessRun?: Run;
  /** The URL as received, before the run prefix was taken off (the lazy admin route replays it). */
  harnessOriginalUrl?: string;
}

/** The run a request was routed to (admin prefix, or the collection API's choice), else the default run. */
export function runOfRequest(request: Request, runs: RunRegistry): Run {
  return (request.app as RunRequestState).harnessRun ?? runs.default;
}

/** The core of the run a request was routed to, or `fallback` (a plugin mounted without the registry). */
export function runOfRequestOr(request: { readonly app: object }, fallback: ServiceCore): ServiceCore {
  return (request.app as RunRequestState).harnessRun?.core ?? fallback;
}

/** Records the run a request reached (the request log and the inspector read it back from the 'response' event). */
export function setRunOfRequest(request: Request, run: Run): void {
  (request.app as RunRequestState).harnessRun = run;
}

/** The URL the request came with, before the run prefix was rewritten away. */
export function originalUrlOf(request: Request): string {
  return (request.app as RunRequestState).harnessOriginalUrl ?? request.url.pathname + request.url.search;
}

export function adminOf(runs: RunRegistry): AdminOf {
  return (request) => runOfRequest(request, runs).admin;
}

/**
 * `/__harness/runs/{id}/<rest>` is the admin API of run `id`: the request is routed as `/__harness/<rest>` (so every
 * admin route, its joi validation and its answers are the same for every run) with the run attached to the request.
 * An unknown id is a 404 (RUN_NOT_FOUND) before any route runs. `/__harness/runs` and `/__harness/runs/{id}`
 * themselves are the runs routes (runs-plugin.ts) and are left as they are.
 */
export function mountRunPrefix(server: Server, runs: RunRegistry): void {
  server.ext('onRequest', async (request, h) => {
    const path = request.path;
    if (!path.startsWith(RUN_PREFIX)) return h.continue;
    const slash = path.indexOf('/', RUN_PREFIX.length);
    if (slash === -1 || slash === path.length - 1) return h.continue;
    const raw = path.slice(RUN_PREFIX.length, slash);
    let id = raw;
    try {
      id = decodeURIComponent(raw);
    } catch {
      // A malformed escape names no run: RUN_NOT_FOUND below, with the text as received.
    }
    const run = await runs.require(id);
    // The runs, the OpenAPI document and the sample receiver are the server's, not a run's: not under a run's prefix.
    if (/^\/(?:runs|openapi\.json|sample-receiver)(?:\/|$)/.test(path.slice(slash)))
      throw new RouteNotFoundError(request.method, path);
    runs.touch(run);
    const state = request.app as RunRequestState;
    state.harnessRun = run;
    state.harnessOriginalUrl = path + request.url.search;
    request.setUrl(`/__harness${path.slice(slash)}${request.url.search}`);
    return h.continue;
  });
}

/** Every request acts on this one AdminOperations (a plugin mounted over one core, without runs). */
export function adminFor(admin: AdminOperations): AdminOf {
  return () => admin;
}
