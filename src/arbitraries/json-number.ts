import fc from 'fast-check';

/** Numbers whose JSON spelling trips parsers: exponent forms, -0, the smallest subnormal, unsafe integers. */
export const EDGE_NUMBERS: readonly number[] = [
  0,
  -0,
  1e21,
  1e-7,
  5e-324,
  -5e-324,
  Number.MAX_SAFE_INTEGER + 2,
  -(Number.MAX_SAFE_INTEGER + 2),
  0.1,
  1.7976931348623157e308,
  123456789.123,
];

/** Any finite JSON number, edges weighted in. */
export function jsonNumber(): fc.Arbitrary<number> {
  return fc.oneof(
    { weight: 2, arbitrary: fc.constantFrom(...EDGE_NUMBERS) },
    { weight: 3, arbitrary: fc.integer() },
    { weight: 3, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
  );
}
