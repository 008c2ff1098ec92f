import test from 'ava';
import fc from 'fast-check';
import { jsonTextDepth, jsonValueDepth, MAX_JSON_DEPTH } from '../../src/contract/json-depth.js';

const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

test('text and value depth agree on any JSON value, brackets inside strings do not count', (t) => {
  fc.assert(
    fc.property(
      fc.jsonValue({ maxDepth: 8 }),
      (value) => jsonTextDepth(JSON.stringify(value)) === jsonValueDepth(value),
    ),
  );
  t.is(jsonTextDepth('{"a":"[[[[{{{{\\"[[[","b":[1,{"c":[]}]}'), 4);
  t.is(jsonTextDepth('"\\\\"'), 0, 'an escaped backslash ends the string');
  t.is(jsonTextDepth('[1, 2, "x'), 1, 'an unterminated string ends the scan');
  t.is(jsonTextDepth('5'), 0);
});

test('200,000 levels are measured without recursion, and the walk can stop early', (t) => {
  const text = nested(200_000);
  t.is(jsonTextDepth(text), 200_000);
  t.is(jsonValueDepth(JSON.parse(text)), 200_000);
  t.is(jsonTextDepth(text, MAX_JSON_DEPTH + 1), MAX_JSON_DEPTH + 1);
  t.is(jsonValueDepth(JSON.parse(text), MAX_JSON_DEPTH + 1), MAX_JSON_DEPTH + 1);
});
