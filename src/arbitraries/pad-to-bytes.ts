import fc from 'fast-check';
import type { TargetBytes } from './constraints.js';

const byteLength = (value: unknown) => Buffer.byteLength(JSON.stringify(value));

/**
 * Makes JSON.stringify(value) exactly N UTF-8 bytes, N drawn from `target`, by padding `field.pad` with
 * ASCII: the way to sit on the 32,768-byte event limit from either side.
 */
export function padToBytes<T extends Record<string, unknown>>(
  arbitrary: fc.Arbitrary<T>,
  target: TargetBytes,
  field: string,
): fc.Arbitrary<T> {
  if (!(Number.isInteger(target.min) && Number.isInteger(target.max) && target.min <= target.max)) {
    throw new RangeError(`targetBytes needs whole numbers with min <= max; received ${JSON.stringify(target)}`);
  }
  return fc
    .tuple(arbitrary, fc.integer({ min: target.min, max: target.max }))
    .map(([value, bytes]) => {
      const existing = value[field];
      const holder: Record<string, unknown> = {
        ...(existing !== null && typeof existing === 'object' && !Array.isArray(existing)
          ? (existing as Record<string, unknown>)
          : {}),
        pad: '',
      };
      const padded = { ...value, [field]: holder } as T;
      const missing = bytes - byteLength(padded);
      if (missing >= 0) holder.pad = 'x'.repeat(missing);
      return { padded, fits: missing >= 0 };
    })
    .filter(({ fits }) => fits)
    .map(({ padded }) => padded);
}
