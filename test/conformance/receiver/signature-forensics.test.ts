import test from 'ava';
import { fc, testProp } from '@fast-check/ava';
import { createHmac } from 'node:crypto';
import { diagnoseSignatureRefusal, SIGNATURE_MISTAKES } from '../../../conformance/index.js';
import { signPayload } from '../../../src/index.js';

const body = JSON.stringify({ version: 1, type: 'track', userId: 'u1', event: 'Café <ordered> & paid', properties: { zeta: 1, alpha: [1, 2] } });
const hmac = (algorithm: string, key: string | Buffer, data: string, encoding: 'hex' | 'base64' = 'hex') => createHmac(algorithm, key).update(data).digest(encoding);

// How a receiver with each bug computes the value it compares X-Signature against (written independently of the suite).
const buggyExpectations: Record<string, (secret: string, raw: string) => string> = {
  'indented-json': (s, raw) => hmac('sha1', s, JSON.stringify(JSON.parse(raw), null, 2)),
  'python-json-dumps': (s) => hmac('sha1', s, '{"version": 1, "type": "track", "userId": "u1", "event": "Caf\\u00e9 <ordered> & paid", "properties": {"zeta": 1, "alpha": [1, 2]}}'),
  'sorted-keys': (s) => hmac('sha1', s, '{"event":"Café <ordered> & paid","properties":{"alpha":[1,2],"zeta":1},"type":"track","userId":"u1","version":1}'),
  'go-json-marshal': (s) => hmac('sha1', s, '{"event":"Café \\u003cordered\\u003e \\u0026 paid","properties":{"alpha":[1,2],"zeta":1},"type":"track","userId":"u1","version":1}'),
  'hex-decoded-secret': (s, raw) => hmac('sha1', Buffer.from(s, 'hex'), raw),
  'base64-decoded-secret': (s, raw) => hmac('sha1', Buffer.from(s, 'base64'), raw),
  'uppercase-digest': (s, raw) => hmac('sha1', s, raw).toUpperCase(),
  sha256: (s, raw) => hmac('sha256', s, raw),
  'base64-digest': (s, raw) => hmac('sha1', s, raw, 'base64'),
  'sha1-prefix': (s, raw) => `sha1=${hmac('sha1', s, raw)}`,
};

test('every known mistake is covered by an independent expectation', (t) => {
  t.deepEqual(SIGNATURE_MISTAKES.map((m) => m.id).sort(), Object.keys(buggyExpectations).sort());
});

for (const [id, expected] of Object.entries(buggyExpectations)) {
  test(`a receiver that makes the "${id}" mistake is diagnosed as such`, async (t) => {
    // A secret that is valid hex and valid base64, so the decoding mistakes apply.
    const secret = 'a1b2c3d4e5f60718';
    const accepted: string[] = [];
    const diagnosis = await diagnoseSignatureRefusal(secret, body, async (signature) => {
      if (signature === expected(secret, body)) accepted.push(signature);
      return signature === expected(secret, body);
    });
    t.regex(diagnosis, new RegExp(`mistaken way "${id}"`));
    t.is(accepted.length, 1);
  });
}

test('when no mistake fits, the diagnosis says so and what to do', async (t) => {
  const diagnosis = await diagnoseSignatureRefusal('plain secret!', body, async () => false);
  t.regex(diagnosis, /none of the common mistakes \(indented-json, .*sha1-prefix\).*HMAC-SHA1 keyed with the shared secret/);
});

testProp(
  'no probe ever sends the correct signature, and only the secret-decoding probes depend on the secret encoding',
  [fc.string({ minLength: 1, maxLength: 20 }), fc.dictionary(fc.string({ maxLength: 6 }), fc.oneof(fc.string(), fc.integer()), { maxKeys: 4 })],
  async (t, secret, payload) => {
    const raw = JSON.stringify({ type: 'track', ...payload });
    const sent: string[] = [];
    await diagnoseSignatureRefusal(secret, raw, async (signature) => {
      sent.push(signature);
      return false;
    });
    t.false(sent.includes(signPayload(secret, raw)));
    t.true(sent.length >= 5);
  },
  { numRuns: 60 },
);
