import { parkedSleep } from '../../clock/clock-hold.js';
import { assessRequest, type RequestAssessment } from '../../domain/collection/assess-request.js';
import type { ApiOrigin } from '../../domain/collection/browser-settings.js';
import { routeKind } from '../../domain/collection/collection-routes.js';
import { SUCCESS_RESPONSE } from '../../domain/collection/collection-service.js';
import { DeliveryBacklogFullError, RequestTooLargeError } from '../../errors/collection-errors.js';
import { HarnessError } from '../../errors/harness-error.js';
import { HostNotAllowedError, RouteNotFoundError, ServerStoppingError } from '../../errors/server-errors.js';
import { StoreUnavailableError, StoreWriteError } from '../../errors/store-errors.js';
import { MAX_REQUEST_BYTES } from '../../contract/spec-limits.js';
import { faultAnswer } from '../faults/fault-answer.js';
import { collectionRunOf, openRunOfSettingsCall, runOfSettingsCall } from '../runs/collection-run.js';
import type { Run, RunRegistry } from '../runs/run-registry.js';
import type { ServiceCore } from '../service-core.js';
import {
  type CollectionAnswer,
  type CollectionCall,
  collectionRouteOf,
  errorAnswer,
  errorBody,
  headerOf,
  preflightAnswer,
  reply,
  successAnswer,
} from './collection-answer.js';
import { answerSettingsCall } from './settings-answer.js';

export type { CollectionAnswer, CollectionCall } from './collection-answer.js';

/** The Host rule of a server bound to loopback (DNS rebinding): requests naming another host are refused. */
export interface HostRule {
  allows(host: string | undefined): boolean;
  readonly names: readonly string[];
}

export interface CollectionDoorOptions {
  /** Default: every Host is answered (msw; a server bound to a public address). */
  readonly hosts?: HostRule;
  /** The origin analytics.js is pointed back at by the settings: where this request reached the mock. */
  readonly apiOrigin: (call: CollectionCall) => ApiOrigin;
}

/** A call as the door entered it: the pipeline's first stage already made (by an ingest thread), or not yet. */
export interface EnteredCall extends CollectionCall {
  readonly assessment?: RequestAssessment;
}

const SETTINGS_PATH = /^\/v1\/projects\/([^/]+)\/settings$/;

/** The write key of a settings path, decoded as a router decodes a path parameter. */
function settingsKeyOf(path: string): string | undefined {
  const raw = SETTINGS_PATH.exec(path)?.[1];
  if (raw === undefined) return undefined;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** The answer to a request the door failed on unexpectedly: a 500 in the service's shape, naming the error. */
function internalErrorAnswer(error: unknown, origin: string | undefined): CollectionAnswer {
  const message = `the collection API could not answer: ${(error as Error).message ?? String(error)}`;
  return reply(500, { success: false, code: 'INTERNAL_ERROR', message }, origin);
}

interface Routed {
  readonly run: Run;
  readonly answer: CollectionAnswer;
}

/**
 * The one entrance of the collection API (every path under /v1/): the Hapi route, serve's front and its ingest
 * threads, and the msw handlers hand each request here and only translate HTTP. It answers the Host rule, the
 * preflight, the settings analytics.js loads, routes a POST to its run, answers a stopping server, the store's
 * availability, a full delivery backlog, the rate limit and injected faults, then runs the collection pipeline
 * (assess, journal, commit), and records the request in the run's request log. Every answer carries CORS.
 */
export class CollectionDoor {
  readonly runs: RunRegistry;
  readonly #options: CollectionDoorOptions;
  #stopping = false;

  constructor(runs: RunRegistry, options: CollectionDoorOptions) {
    this.runs = runs;
    this.#options = options;
  }

  /** From now on, events are refused: 503 SERVER_STOPPING with Retry-After (serve was told to stop). */
  refuseNewEvents(): void {
    this.#stopping = true;
  }

  get stopping(): boolean {
    return this.#stopping;
  }

  async answer(call: EnteredCall): Promise<CollectionAnswer> {
    const receivedAt = call.receivedAt ?? Date.now();
    const origin = headerOf(call.headers, 'origin');
    let routed: Routed;
    try {
      routed = await this.#route(call, origin);
    } catch (error) {
      routed = { run: this.runs.default, answer: internalErrorAnswer(error, origin) };
    }
    try {
      recordServed(routed, call, receivedAt);
    } catch (error) {
      // A subscriber of the request log failed (the request itself was taken): said, not thrown at the adapter.
      return internalErrorAnswer(error, origin);
    }
    return routed.answer;
  }

  #route(call: EnteredCall, origin: string | undefined): Promise<Routed> | Routed {
    const byDefault = (answer: CollectionAnswer): Routed => ({ run: this.runs.default, answer });
    const host = headerOf(call.headers, 'host');
    const hosts = this.#options.hosts;
    if (hosts !== undefined && !hosts.allows(host))
      return byDefault(errorAnswer(new HostNotAllowedError(host ?? '', hosts.names), origin));
    const method = call.method.toUpperCase();
    const settingsKey = settingsKeyOf(call.path);
    if (settingsKey !== undefined) return this.#settings(call, method, settingsKey);
    const route = collectionRouteOf(call.path);
    if (method === 'OPTIONS')
      return byDefault(preflightAnswer(call.headers, route === undefined ? 'GET, POST, OPTIONS' : 'POST, OPTIONS'));
    if (route === undefined || routeKind(route) === undefined || method !== 'POST')
      return byDefault(errorAnswer(new RouteNotFoundError(method, call.path), origin));
    if (this.#stopping) return byDefault(errorAnswer(new ServerStoppingError(), origin));
    if (call.oversized !== undefined)
      return byDefault(errorAnswer(new RequestTooLargeError(call.oversized, MAX_REQUEST_BYTES), origin));
    return this.#collect(call, route, origin);
  }

  /** `GET /v1/projects/{writeKey}/settings` on the run owning the key (or the one X-Harness-Run names). */
  async #settings(call: CollectionCall, method: string, writeKey: string): Promise<Routed> {
    const origin = headerOf(call.headers, 'origin');
    const settingsCall = {
      method,
      writeKey,
      origin,
      requestedHeaders: headerOf(call.headers, 'access-control-request-headers'),
    };
    const apiOrigin = this.#options.apiOrigin(call);
    // A preflight reads no run: the default run answers it.
    if (method === 'OPTIONS')
      return { run: this.runs.default, answer: answerSettingsCall(this.runs.default.core, settingsCall, apiOrigin) };
    try {
      await openRunOfSettingsCall(this.runs, call.headers, writeKey);
      const run = runOfSettingsCall(this.runs, call.headers, writeKey);
      return { run, answer: answerSettingsCall(run.core, settingsCall, apiOrigin) };
    } catch (error) {
      if (!(error instanceof HarnessError)) throw error;
      return { run: this.runs.default, answer: errorAnswer(error, origin) };
    }
  }

  /** A POST to a collection route: its run, the gates before the pipeline, then the pipeline. */
  async #collect(call: EnteredCall, route: string, origin: string | undefined): Promise<Routed> {
    let assessment = call.assessment;
    // Assessed at most once: routing reads the body's key from it when runs need one.
    const assessed = () => (assessment ??= assessRequest(route, call.body, call.headers));
    let run: Run;
    try {
      run = await collectionRunOf(this.runs, call.headers, () => assessed().bodyKey);
    } catch (error) {
      if (!(error instanceof HarnessError)) throw error;
      return { run: this.runs.default, answer: errorAnswer(error, origin) };
    }
    const gated = await gateAnswer(run.core, route, origin);
    if (gated !== undefined) return { run, answer: gated };
    return { run, answer: await collectionPipeline(run.core, call, route, assessed(), origin) };
  }
}

/**
 * What answers a POST before the pipeline runs, if anything: a store that cannot commit (503), a full delivery
 * backlog (429), the rate limit (429) and an injected fault (a delay on the harness clock, a status, or a dropped
 * connection). Each refuses before anything is journaled, so the client's retry loses nothing and duplicates nothing.
 */
async function gateAnswer(
  core: ServiceCore,
  route: string,
  origin: string | undefined,
): Promise<CollectionAnswer | undefined> {
  if (core.durable !== undefined && !core.durable.available)
    return errorAnswer(new StoreUnavailableError('a commit failed or is overdue, or its connection is lost'), origin);
  if (core.dispatcher.backlogFull) {
    const error = new DeliveryBacklogFullError(core.dispatcher.counts().pending, core.dispatcher.capacity);
    return reply(429, errorBody(error), origin, { 'retry-after': '5' });
  }
  const waitSeconds = core.rateLimit?.take();
  if (waitSeconds !== undefined) {
    const answer = faultAnswer({ status: 429, retryAfter: waitSeconds }, 'rate limit');
    return reply(answer.status, answer.body, origin, answer.headers);
  }
  return faultGate(core, route, origin);
}

/** An injected fault of POST /__harness/faults: with a shared store a counted fault is used up across nodes. */
async function faultGate(
  core: ServiceCore,
  route: string,
  origin: string | undefined,
): Promise<CollectionAnswer | undefined> {
  const fault = core.faults.shared ? await core.faults.takeShared(route) : core.faults.take(route);
  if (fault === undefined) return undefined;
  if (fault.delayMs !== undefined && fault.delayMs > 0) await parkedSleep(core.clock, fault.delayMs);
  if (fault.reset === true) return { kind: 'reset' };
  if (fault.status === undefined) return undefined;
  const answer = faultAnswer({ ...fault, status: fault.status });
  return reply(answer.status, answer.body, origin, answer.headers);
}

/**
 * The collection pipeline: the assessment (its first stage, made by the caller), the one journaling function of the
 * collection service, the durable store's commit (200 only once what the request wrote is committed; a failed or
 * overdue commit answers 503 STORE_WRITE, and the client sends it again), then the answer.
 */
async function collectionPipeline(
  core: ServiceCore,
  call: CollectionCall,
  route: string,
  assessment: RequestAssessment,
  origin: string | undefined,
): Promise<CollectionAnswer> {
  const request = {
    route,
    method: 'POST',
    headers: call.headers,
    body: call.body,
    ...(call.bodyOwned === true ? { bodyOwned: true } : {}),
    ...(call.remoteAddress !== undefined ? { remoteAddress: call.remoteAddress } : {}),
  };
  const result = core.collection.handle(request, assessment);
  if (result !== SUCCESS_RESPONSE) return reply(result.status, result.body, origin, result.headers);
  if (core.durable !== undefined) {
    try {
      await core.durable.committed();
    } catch (error) {
      const refusal =
        error instanceof StoreWriteError
          ? error
          : new StoreWriteError((error as Error).message ?? String(error), { cause: error });
      return errorAnswer(refusal, origin);
    }
  }
  return successAnswer(origin);
}

/** The run's request log records the request as answered (a dropped connection has no status). */
function recordServed(routed: Routed, call: CollectionCall, receivedAt: number): void {
  const { answer } = routed;
  const body = answer.kind === 'reply' && typeof answer.body === 'object' ? answer.body : undefined;
  const code = body?.code;
  const message = body?.message;
  routed.run.core.requests.record({
    method: call.method,
    path: call.path,
    headers: call.headers,
    status: answer.kind === 'reply' ? answer.status : undefined,
    code: typeof code === 'string' ? code : undefined,
    receivedAt,
    respondedAt: Date.now(),
    body: call.body,
    message: typeof message === 'string' ? message : undefined,
  });
}
