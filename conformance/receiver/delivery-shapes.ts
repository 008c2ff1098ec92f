import { createHash } from 'node:crypto';
import fc from 'fast-check';

type Payload = Record<string, unknown>;

/**
 * The clause about deliveries as the live pipeline forwards them. While it has not failed, every other clause
 * draws both shapes; once it failed, they draw the documented shape only (its finding is named there, once).
 */
export const OBSERVED_CLAUSE = '2.2.observed-fields';

/**
 * How a delivery looks. `documented`: as the Webhooks docs and the rules show it (`version: 1`). `observed`: as
 * public samples of real deliveries show it (docs/decisions.md, "Delivered events"): `version: 2`, `projectId`
 * (the source id) and `writeKey`, `sentAt` and `originalTimestamp` only when the call carried them (`sentAt: null`
 * in some samples), and a generated messageId of `api-` (or `personas_` for an audience Identify) and a KSUID.
 */
export type DeliveryShape =
  | { readonly kind: 'documented' }
  | {
      readonly kind: 'observed';
      readonly projectId: string;
      readonly writeKey: string;
      readonly receivedAt: string;
      /** What became of the call's sentAt: absent (the call had none), null (as some samples show), or a date. */
      readonly sentAt: 'absent' | 'null' | string;
      readonly originalTimestamp: string | undefined;
    };

const alphanumeric = (min: number, max: number) =>
  fc.string({
    unit: fc.constantFrom(...'0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'),
    minLength: min,
    maxLength: max,
  });

const isoMillis = fc
  .integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2030, 0, 1) })
  .map((ms) => new Date(ms).toISOString());

/** The observed shape's own fields, drawn. */
export function observedShape(): fc.Arbitrary<DeliveryShape> {
  return fc.record({
    kind: fc.constant('observed' as const),
    // Source ids and write keys as the samples show them: short and long runs of letters and digits.
    projectId: alphanumeric(10, 27),
    writeKey: alphanumeric(20, 32),
    receivedAt: isoMillis,
    sentAt: fc.oneof(fc.constant('absent' as const), fc.constant('null' as const), isoMillis),
    originalTimestamp: fc.option(isoMillis, { nil: undefined }),
  });
}

/**
 * Either shape, documented or observed, for clauses that judge something else: receivers meet both. A failure
 * that does not depend on the shape shrinks to the documented one.
 */
export function anyShape(observed: boolean): fc.Arbitrary<DeliveryShape> {
  const documented = fc.constant<DeliveryShape>({ kind: 'documented' });
  return observed ? fc.oneof({ withCrossShrink: true }, documented, observedShape()) : documented;
}

/** A delete notification has no version and none of the forwarded fields: it keeps its documented shape. */
const versioned = (payload: Payload) => payload.type !== 'delete';

/** The payload in the given shape (its messageId is set later, when the body is numbered: see `observedMessageId`). */
export function shaped(payload: Payload, shape: DeliveryShape): Payload {
  if (shape.kind === 'documented' || !versioned(payload)) return payload;
  const { sentAt: _sentAt, originalTimestamp: _original, ...rest } = payload;
  return {
    ...rest,
    version: 2,
    projectId: shape.projectId,
    writeKey: shape.writeKey,
    receivedAt: shape.receivedAt,
    ...(shape.sentAt === 'absent' ? {} : { sentAt: shape.sentAt === 'null' ? null : shape.sentAt }),
    ...(shape.originalTimestamp !== undefined ? { originalTimestamp: shape.originalTimestamp } : {}),
  };
}

export const isObserved = (payload: Payload) => payload.version === 2;

/** An audience membership Identify: its context names the computation (rule 6.2). */
export function isAudienceIdentify(payload: Payload): boolean {
  const context = payload.context;
  return (
    payload.type === 'identify' &&
    context !== null &&
    typeof context === 'object' &&
    typeof (context as Payload).personas === 'object'
  );
}

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** 27 base62 characters from 20 bytes, as a KSUID is written; derived from `seed` so a run replays the same ids. */
export function ksuidLike(seed: string): string {
  let value = BigInt(`0x${createHash('sha256').update(seed).digest('hex').slice(0, 40)}`);
  let text = '';
  for (let i = 0; i < 27; i++) {
    text = `${BASE62[Number(value % 62n)]}${text}`;
    value /= 62n;
  }
  return text;
}

/** The messageId the live pipeline generates for a delivery of the observed shape: `api-` or `personas_` and a KSUID. */
export function observedMessageId(payload: Payload, seed: string): string {
  return `${isAudienceIdentify(payload) ? 'personas_' : 'api-'}${ksuidLike(seed)}`;
}
