import fc from 'fast-check';
import type { UnicodeLevel } from './constraints.js';
import { hostileString } from './hostile-string.js';

/** Keys of free-form objects, including keys with spaces and, when hostile, `__proto__` and `constructor`. */
export function objectKey(unicode: UnicodeLevel = 'unicode'): fc.Arbitrary<string> {
  const plain =
    unicode === 'ascii'
      ? fc.string({ minLength: 1, maxLength: 12 })
      : fc.string({ unit: 'grapheme', minLength: 1, maxLength: 12 });
  const spaced = fc.constantFrom('total billed', 'first name', 'Plan Type', 'a b c');
  if (unicode !== 'hostile') return fc.oneof({ weight: 4, arbitrary: plain }, { weight: 1, arbitrary: spaced });
  return fc.oneof(
    { weight: 4, arbitrary: plain },
    { weight: 1, arbitrary: spaced },
    { weight: 1, arbitrary: fc.constantFrom('__proto__', 'constructor', 'prototype', 'hasOwnProperty', '') },
    { weight: 2, arbitrary: hostileString({ unicode: 'hostile', maxLength: 12 }) },
  );
}
