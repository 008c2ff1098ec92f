import test from 'ava';
import fc from 'fast-check';
import { gzipSync } from 'node:zlib';
import {
  decodeBody,
  mayReserializeLonger,
  MAX_RESERIALIZED_GROWTH,
} from '../../../src/domain/collection/decode-body.js';
import { jsonValueDepth } from '../../../src/contract/json-depth.js';
import { JsonTooDeepError } from '../../../src/errors/collection-errors.js';

// Number tokens written the many ways JSON allows, some of which re-serialize longer (1e5 -> 100000).
const numberToken = fc.oneof(
  fc.integer({ min: -1e9, max: 1e9 }).map(String),
  fc
    .tuple(
      fc.integer({ min: 0, max: 999 }),
      fc.integer({ min: 0, max: 40 }),
      fc.constantFrom('e', 'E', 'e+', 'E-', 'e-'),
    )
    .map(([m, k, e]) => `${m}${e}${k}`),
  fc.tuple(fc.integer({ min: 0, max: 99 }), fc.nat(99_999)).map(([a, b]) => `${a}.${b}`),
  fc.tuple(fc.nat(9), fc.nat(999), fc.nat(30)).map(([a, b, k]) => `-${a}.${b}e${k}`),
  fc.constantFrom('0.0000001', '12345678901234567890123', '-0'),
);
const space = fc.constantFrom('', ' ', '\n\t ');

test('property: when the body is said not to expand, no value in it re-serializes longer than the body', (t) => {
  t.notThrows(() =>
    fc.assert(
      fc.property(
        fc.array(numberToken, { maxLength: 12 }),
        fc.string({ unit: 'binary', maxLength: 20 }),
        space,
        fc.boolean(),
        (numbers, text, ws, asString) => {
          const body = `{${ws}"n"${ws}:${ws}[${numbers.join(`${ws},${ws}`)}]${ws},"s":${JSON.stringify(text)},"id":"c73e-4b1e5"}`;
          const decoded = decodeBody(asString ? body : Buffer.from(body, 'utf8'), 'application/json', undefined);
          const reserialized = Buffer.byteLength(JSON.stringify(decoded.value));
          if (!mayReserializeLonger(decoded) && reserialized > decoded.size)
            throw new Error(`${body}: ${reserialized} > ${decoded.size} but mayReserializeLonger is false`);
          if (reserialized > decoded.size * MAX_RESERIALIZED_GROWTH)
            throw new Error(`${body}: grew more than ${MAX_RESERIALIZED_GROWTH}x`);
        },
      ),
      { numRuns: 300 },
    ),
  );
});

test('size is the UTF-8 length of the decoded text, after gzip and after invalid bytes become U+FFFD', (t) => {
  t.is(decodeBody('{"a":"é"}', undefined, undefined).size, 10);
  t.is(decodeBody(gzipSync('{"a":"é"}'), 'text/plain', 'gzip').size, 10);
  const invalid = Buffer.concat([Buffer.from('{"a":"'), Buffer.from([0xff, 0xfe]), Buffer.from('"}')]);
  t.is(decodeBody(invalid, undefined, undefined).size, 8 + 6);
  t.false(mayReserializeLonger(decodeBody('{"batch":[{"messageId":"1e5-2e7","n":[1,2.5]}]}', undefined, undefined)));
  t.true(mayReserializeLonger(decodeBody('{"n":[1e5]}', undefined, undefined)));
  t.true(mayReserializeLonger(decodeBody('{"s":"\uD800"}', undefined, undefined)));
  t.false(
    mayReserializeLonger(decodeBody(Buffer.from('{"s":"\uD800"}'), undefined, undefined)),
    'bytes never decode to a lone surrogate',
  );
  const worst = `[${Array.from({ length: 100 }, () => '9e20').join(',')}]`;
  t.true(Buffer.byteLength(JSON.stringify(JSON.parse(worst))) <= Buffer.byteLength(worst) * MAX_RESERIALIZED_GROWTH);
});

test('nesting past 100 levels is refused naming the depth, whether the body is small (walked after parsing) or large (scanned before)', (t) => {
  const nested = (depth: number, padding: number) =>
    `{"pad":"${'x'.repeat(padding)}","deep":${'['.repeat(depth - 1)}${']'.repeat(depth - 1)}}`;
  for (const padding of [0, 20_000]) {
    const size = padding === 0 ? 'small' : 'large';
    t.is(jsonValueDepth(decodeBody(Buffer.from(nested(100, padding)), 'application/json', undefined).value), 100, size);
    const error = t.throws(() => decodeBody(Buffer.from(nested(101, padding)), 'application/json', undefined), {
      instanceOf: JsonTooDeepError,
    });
    t.regex(error?.message ?? '', /\b101\b/, `${size}: the message names the depth received`);
    t.regex(error?.message ?? '', /\b100\b/, `${size}: and the bound`);
  }
  // Brackets inside strings are text, not nesting, on both paths.
  const brackets = `{"a":"${'['.repeat(300)}","b":"${'{'.repeat(300)}"}`;
  t.is(jsonValueDepth(decodeBody(Buffer.from(brackets), 'application/json', undefined).value), 1);
  const large = `{"a":"${'['.repeat(20_000)}"}`;
  t.is(jsonValueDepth(decodeBody(Buffer.from(large), 'application/json', undefined).value), 1);
});
