import test from 'ava';
import fc from 'fast-check';
import { createHmac } from 'node:crypto';
import { serializePayload, signPayload, verifySignature } from '../../../src/domain/signing/index.js';

test('X-Signature is the hex HMAC-SHA1 of the body with the secret (known vector)', (t) => {
  // RFC 2202 test case 2: key "Jefe", data "what do ya want for nothing?".
  t.is(signPayload('Jefe', 'what do ya want for nothing?'), 'effcdf6ae5eb2fa2d27416d5f184df9c259a7c79');
});

test('serialisation is compact JSON.stringify, stable under parse and re-stringify', (t) => {
  const body = serializePayload({ version: 1, type: 'group', traits: { 'total billed': 830, emoji: '😀' } });
  t.is(body, '{"version":1,"type":"group","traits":{"total billed":830,"emoji":"😀"}}');
  t.is(JSON.stringify(JSON.parse(body)), body);
  t.throws(() => serializePayload(undefined), { instanceOf: TypeError, message: /received undefined/ });
});

test('property: a receiver that re-serialises the parsed body and one that uses raw bytes both verify', (t) => {
  fc.assert(
    fc.property(fc.string({ minLength: 1 }), fc.jsonValue(), (secret, value) => {
      const body = serializePayload({ type: 'track', value });
      const signature = signPayload(secret, body);
      const reSerialised = createHmac('sha1', secret)
        .update(JSON.stringify(JSON.parse(body)))
        .digest('hex');
      return reSerialised === signature && verifySignature(secret, Buffer.from(body, 'utf8'), signature);
    }),
  );
  t.regex(signPayload('s', '{}'), /^[0-9a-f]{40}$/);
});

test('verifySignature refuses tampered bodies, wrong secrets and malformed headers', (t) => {
  const body = '{"type":"track"}';
  const good = signPayload('secret', body);
  t.true(verifySignature('secret', body, good));
  t.true(verifySignature('secret', body, good.toUpperCase()));
  t.false(verifySignature('secret', '{"type":"trace"}', good));
  t.false(verifySignature('other', body, good));
  t.false(verifySignature('secret', body, undefined));
  t.false(verifySignature('secret', body, 'zz'));
  t.false(verifySignature('secret', body, `${good}00`));
});
