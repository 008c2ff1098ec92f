import fc from 'fast-check';
import type { UnicodeLevel } from './constraints.js';
import { hostileString } from './hostile-string.js';
import { jsonNumber } from './json-number.js';
import { objectKey } from './object-key.js';

export interface FreeFormObjectConstraints {
  readonly unicode?: UnicodeLevel;
  /** Default 3. */
  readonly maxDepth?: number;
  /** Default 5. */
  readonly maxKeys?: number;
}

/**
 * Free-form key/value pairs (properties, traits): JSON values only, so they survive JSON round trips.
 * Keys such as `__proto__` are real own properties (fast-check defines them), never prototype changes.
 */
export function freeFormObject(constraints: FreeFormObjectConstraints = {}): fc.Arbitrary<Record<string, unknown>> {
  const unicode = constraints.unicode ?? 'unicode';
  const maxKeys = constraints.maxKeys ?? 5;
  const text =
    unicode === 'hostile'
      ? hostileString({ unicode: 'hostile' })
      : unicode === 'ascii'
        ? fc.string({ maxLength: 16 })
        : fc.string({ unit: 'grapheme', maxLength: 16 });
  const { value } = fc.letrec<{ value: unknown; object: Record<string, unknown> }>((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', withCrossShrink: true, maxDepth: constraints.maxDepth ?? 3 },
      text,
      jsonNumber(),
      fc.boolean(),
      fc.constant(null),
      fc.array(tie('value'), { maxLength: 4 }),
      tie('object'),
    ),
    object: fc.dictionary(objectKey(unicode), tie('value'), { maxKeys, noNullPrototype: true }),
  }));
  return fc.dictionary(objectKey(unicode), value, { maxKeys, noNullPrototype: true });
}
