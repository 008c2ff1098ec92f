import type { RouteKind } from './collection-routes.js';
import { type AssessedEvents, isOverlong, type RequestAssessment } from './assess-request.js';

/**
 * An assessment as it crosses from the thread that made it to the thread that keeps the state: plain data only
 * (errors and parsed objects do not survive a structured clone as they were), so only an assessment that found
 * nothing wrong crosses. The receiving side journals from its flat lists, and parses the body again only where it
 * needs the events as objects (a destination that takes them now): a structured clone of the parsed events costs
 * more than that parse.
 */
export interface PortableAssessment {
  readonly kind: RouteKind;
  readonly mediaType: string | undefined;
  readonly bodyKey: string | undefined;
  readonly batchMissing: boolean;
  readonly events: AssessedEvents;
}

/**
 * The part of `assessment` that crosses threads, or undefined when the request breaks a rule, holds more events than
 * a batch may, or came encoded (the other side keeps the bytes it got, which must be the JSON text): the other side
 * then assesses the request itself and names what is wrong.
 */
export function portableAssessment(assessment: RequestAssessment, body: Uint8Array): PortableAssessment | undefined {
  const { kind, unreadable, malformed, violations, strictViolations, parsed } = assessment;
  if (kind === undefined || unreadable !== undefined || malformed !== undefined) return undefined;
  if (violations !== undefined || strictViolations !== undefined || isOverlong(assessment)) return undefined;
  if (parsed?.decoded.bytes !== body) return undefined;
  const { mediaType, bodyKey, batchMissing, events } = assessment;
  return { kind, mediaType, bodyKey, batchMissing, events };
}

/** The assessment a thread made, on the thread that received it: nothing wrong, and no parsed body. */
export function receivedAssessment(portable: PortableAssessment): RequestAssessment {
  return {
    ...portable,
    unreadable: undefined,
    malformed: undefined,
    violations: undefined,
    strictViolations: undefined,
    parsed: undefined,
  };
}
