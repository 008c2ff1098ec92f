import test from 'ava';
import { isObject } from '../../src/contract/is-object.js';

test('a JSON object is an object; null, arrays and primitives are not', (t) => {
  t.true(isObject({}));
  t.true(isObject({ a: 1 }));
  t.true(isObject(Object.create(null)));
  for (const value of [null, undefined, [], [1], 'x', 1, true])
    t.false(isObject(value), JSON.stringify(value) ?? 'undefined');
});
