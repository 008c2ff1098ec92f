import fc from 'fast-check';
import { checkChoice, OPTIONAL_FIELDS, type PayloadConstraints } from './constraints.js';
import { contextObject } from './context.js';
import { freeFormObject } from './free-form-object.js';
import { hostileString } from './hostile-string.js';
import { integrationsMap } from './integrations-map.js';
import { padToBytes } from './pad-to-bytes.js';
import { isoTimestamp, utcMillisTimestamp } from './timestamps.js';

export type Identity = 'either' | 'user' | 'none';

/** A non-empty identifier at the constraint's unicode level. */
export function identifier(constraints: PayloadConstraints = {}): fc.Arbitrary<string> {
  return hostileString({ unicode: constraints.unicode ?? 'unicode', minLength: 1, maxLength: 24 });
}

export function freeForm(constraints: PayloadConstraints): fc.Arbitrary<Record<string, unknown>> {
  return freeFormObject({
    unicode: constraints.unicode ?? 'unicode',
    maxDepth: constraints.maxDepth ?? 3,
    maxKeys: constraints.maxKeys ?? 5,
  });
}

function identityFields(identity: Identity, constraints: PayloadConstraints): fc.Arbitrary<Record<string, string>> {
  const id = identifier(constraints);
  if (identity === 'none') return fc.constant({});
  if (identity === 'user') return id.map((userId) => ({ userId }));
  return fc.oneof(
    id.map((userId) => ({ userId })),
    id.map((anonymousId) => ({ anonymousId })),
    fc.tuple(id, id).map(([userId, anonymousId]) => ({ userId, anonymousId })),
  );
}

export interface MessageShape {
  readonly type: string;
  /** Fields every value has. */
  readonly required: Record<string, fc.Arbitrary<unknown>>;
  /** Fields present or not, per `withOptional`. */
  readonly optional: Record<string, fc.Arbitrary<unknown>>;
  readonly identity: Identity;
  /** The free-form field `targetBytes` pads. */
  readonly padField?: string;
  /** Webhook payloads carry version 1 and UTC millisecond timestamps. */
  readonly webhook?: boolean;
}

/** Builds a message or payload arbitrary from its shape and the shared constraints. */
export function messageArbitrary(
  shape: MessageShape,
  constraints: PayloadConstraints = {},
): fc.Arbitrary<Record<string, unknown>> {
  const common: Record<string, fc.Arbitrary<unknown>> = {
    messageId: identifier(constraints),
    timestamp: shape.webhook === true ? utcMillisTimestamp() : isoTimestamp(),
    context: contextObject(constraints),
    integrations: integrationsMap(),
  };
  const optional = { ...common, ...shape.optional };
  if (shape.webhook === true) delete optional.timestamp;
  checkChoice('withOptional', constraints.withOptional, OPTIONAL_FIELDS);
  const mode = constraints.withOptional ?? 'sometimes';
  const optionalRecord =
    mode === 'never' ? fc.constant({}) : fc.record(optional, mode === 'always' ? {} : { requiredKeys: [] });
  const fixed: Record<string, unknown> =
    shape.webhook === true ? { version: 1, type: shape.type } : { type: shape.type };
  const required: Record<string, fc.Arbitrary<unknown>> = shape.webhook === true
    ? { ...shape.required, timestamp: utcMillisTimestamp() }
    : shape.required;
  const value = fc
    .tuple(fc.record(required), identityFields(shape.identity, constraints), optionalRecord)
    .map(([req, ids, opt]) => ({ ...fixed, ...ids, ...(opt as Record<string, unknown>), ...req }));
  if (constraints.targetBytes === undefined) return value;
  if (shape.padField === undefined)
    throw new RangeError(`${shape.type} has no free-form field to pad, so targetBytes cannot be met`);
  return padToBytes(value, constraints.targetBytes, shape.padField);
}
