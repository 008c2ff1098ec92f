import { isObject } from '../../contract/is-object.js';

/**
 * Whether `actual` contains `expected`: every key of an expected object is present in the actual object and
 * matches in turn; arrays match element by element and must have the same length; other values are equal
 * (`Object.is`, so NaN matches NaN). The semantics of jest's `toMatchObject`, which most users know.
 */
export function deepPartialMatch(actual: unknown, expected: unknown): boolean {
  if (Array.isArray(expected)) {
    return (
      Array.isArray(actual) &&
      actual.length === expected.length &&
      expected.every((item, i) => deepPartialMatch(actual[i], item))
    );
  }
  if (isObject(expected)) {
    if (!isObject(actual)) return false;
    for (const key of Object.keys(expected)) {
      if (!Object.hasOwn(actual, key)) return false;
      if (!deepPartialMatch(actual[key], expected[key])) return false;
    }
    return true;
  }
  return Object.is(actual, expected);
}
