import type { SourceConfig } from '../../contract/generated/wire-types.js';
import { MAX_BATCH_EVENTS } from '../../contract/spec-limits.js';
import {
  BatchTooLongError,
  InvalidBodyError,
  InvalidEventsError,
  MissingWriteKeyError,
  UnknownWriteKeyError,
} from '../../errors/collection-errors.js';
import { RouteNotFoundError } from '../../errors/server-errors.js';
import type { SchemaViolation } from '../../errors/schema-violation.js';
import type { SourceRegistry } from '../sources/source-registry.js';
import { isOverlong, type RequestAssessment } from './assess-request.js';
import type { CollectionRequest } from './collection-exchange.js';
import { refuseUnreadMediaType } from './decode-body.js';
import { prefixed } from './prefixed-violations.js';
import { writeKeyFromAuthorization } from './read-write-key.js';

/** Whom a request's events are journaled for, and why they are all rejected if they are. */
export interface Admission {
  /** The source's own copy of the key when it has one: the journal then holds one string per source. */
  readonly writeKey: string;
  readonly source: SourceConfig | undefined;
  /**
   * The real service answers 200 to a request it will not take for an unknown key or its length, and drops its
   * events (docs/decisions.md, "Fidelity"): here they are journaled as rejected with this reason instead.
   */
  readonly refusal: string | undefined;
}

export interface AdmissionRules {
  readonly strict: boolean;
  readonly sources: SourceRegistry;
}

function keyOf(request: CollectionRequest, assessment: RequestAssessment): string {
  const authorization = request.headers.authorization;
  const key =
    writeKeyFromAuthorization(typeof authorization === 'string' ? authorization : authorization?.[0]) ??
    assessment.bodyKey;
  // No key, or an empty one: 400 in every mode, as the real API answers it (docs/decisions.md), nothing journaled.
  if (key === undefined) throw new MissingWriteKeyError();
  return key;
}

/** The request's source, or the reason an unknown key's events are rejected (strict mode refuses it instead). */
function sourceOf(key: string, rules: AdmissionRules): Admission {
  const source = rules.sources.resolve(key);
  if (source !== undefined) return { writeKey: source.writeKey, source, refusal: undefined };
  const error = new UnknownWriteKeyError(key, rules.sources.writeKeys());
  if (rules.strict) throw error;
  return { writeKey: key, source: undefined, refusal: error.message };
}

/** The batch's shape: refused outright, or (too many events, out of strict mode) a reason to reject every event. */
function shapeRefusal(assessment: RequestAssessment, strict: boolean): string | undefined {
  if (strict && assessment.batchMissing)
    throw new InvalidBodyError('/batch must be an array of events; received nothing');
  let refusal: string | undefined;
  if (isOverlong(assessment)) {
    const error = new BatchTooLongError(assessment.events.messageIds.length, MAX_BATCH_EVENTS);
    if (strict) throw error;
    refusal = error.message;
  }
  if (assessment.malformed !== undefined) throw assessment.malformed;
  return refusal;
}

/** Strict mode: every rule any event breaks, each under its place in the request, or nothing. */
function refuseBrokenRules(assessment: RequestAssessment): void {
  const { violations, strictViolations } = assessment;
  if (violations === undefined && strictViolations === undefined) return;
  const all: SchemaViolation[] = [];
  const count = assessment.events.messageIds.length;
  const prefix = (i: number) => (assessment.kind === 'batch' ? `/batch/${i}` : '');
  for (let i = 0; i < count; i++) {
    const broken = violations?.[i] ?? strictViolations?.[i];
    if (broken !== undefined) all.push(...prefixed(broken, prefix(i)));
  }
  throw new InvalidEventsError(all);
}

/**
 * Judges an assessed request with the service's state and mode, in the order the service answers: the route, what
 * strict mode refuses of the media type, a body it cannot read, the write key, the batch's shape, then (strict) every
 * rule an event breaks. Throws the refusal (nothing is journaled for it); else says whom the events are for.
 */
export function admitRequest(
  request: CollectionRequest,
  assessment: RequestAssessment,
  rules: AdmissionRules,
): Admission {
  if (assessment.kind === undefined || (request.method !== undefined && request.method.toUpperCase() !== 'POST'))
    throw new RouteNotFoundError(request.method ?? 'POST', `/v1/${request.route}`);
  if (rules.strict) refuseUnreadMediaType(assessment.mediaType);
  if (assessment.unreadable !== undefined) throw assessment.unreadable;
  const admission = sourceOf(keyOf(request, assessment), rules);
  const refusal = shapeRefusal(assessment, rules.strict);
  if (rules.strict) refuseBrokenRules(assessment);
  return refusal === undefined || admission.refusal !== undefined ? admission : { ...admission, refusal };
}
