import test from 'ava';
import { fc, testProp } from '@fast-check/ava';
import { execFileSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { diagnoseSignatureRefusal, SIGNATURE_MISTAKES } from '../../../conformance/index.js';
import { signPayload } from '../../../src/index.js';

const plainBody = JSON.stringify({
  version: 1,
  type: 'track',
  userId: 'u1',
  event: 'Café <ordered> & paid',
  properties: { zeta: 1, alpha: [1, 2] },
});
// Floats that Python writes its own way (1e-07, 1e-05, 1e+21, 1.5e+16), for the Python re-serialisation mistakes.
const floatBody = JSON.stringify({
  version: 1,
  type: 'track',
  userId: 'u1',
  event: 'Café',
  properties: { tiny: 1e-7, small: 0.00001, big: 1e21, huge: 15000000000000000, half: 0.5, count: 12 },
});

/** What real Python's json.dumps writes for each JSON text (one python3 process for the lot). */
function pythonDumps(texts: readonly string[], kwargs: string): string[] {
  const script = `import json,sys\nfor t in json.load(sys.stdin): print(json.dumps(json.loads(t)${kwargs}))`;
  return execFileSync('python3', ['-c', script], { input: JSON.stringify(texts), encoding: 'utf8' })
    .trimEnd()
    .split('\n');
}
const PYTHON_KWARGS: Record<string, string> = {
  'python-json-dumps': '',
  'python-json-dumps-compact': ', separators=(",", ":")',
  'python-json-dumps-compact-unicode': ', separators=(",", ":"), ensure_ascii=False',
};

const hmac = (algorithm: string, key: string | Buffer, data: string, encoding: 'hex' | 'base64' = 'hex') =>
  createHmac(algorithm, key).update(data).digest(encoding);

// How a receiver with each bug computes the value it compares X-Signature against (written independently of the suite).
const buggyExpectations: Record<string, (secret: string, raw: string) => string> = {
  'indented-json': (s, raw) => hmac('sha1', s, JSON.stringify(JSON.parse(raw), null, 2)),
  'python-json-dumps': (s) =>
    hmac(
      'sha1',
      s,
      '{"version": 1, "type": "track", "userId": "u1", "event": "Caf\\u00e9 <ordered> & paid", "properties": {"zeta": 1, "alpha": [1, 2]}}',
    ),
  'python-json-dumps-compact': (s, raw) =>
    hmac('sha1', s, pythonDumps([raw], PYTHON_KWARGS['python-json-dumps-compact'] ?? '')[0] ?? ''),
  'python-json-dumps-compact-unicode': (s, raw) =>
    hmac('sha1', s, pythonDumps([raw], PYTHON_KWARGS['python-json-dumps-compact-unicode'] ?? '')[0] ?? ''),
  'sorted-keys': (s) =>
    hmac(
      'sha1',
      s,
      '{"event":"Café <ordered> & paid","properties":{"alpha":[1,2],"zeta":1},"type":"track","userId":"u1","version":1}',
    ),
  'go-json-marshal': (s) =>
    hmac(
      'sha1',
      s,
      '{"event":"Café \\u003cordered\\u003e \\u0026 paid","properties":{"alpha":[1,2],"zeta":1},"type":"track","userId":"u1","version":1}',
    ),
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
    // The compact Python forms differ from the signed bytes only where a body holds floats.
    const body = id.startsWith('python-json-dumps-compact') ? floatBody : plainBody;
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
  const diagnosis = await diagnoseSignatureRefusal('plain secret!', plainBody, async () => false);
  t.regex(
    diagnosis,
    /none of the common mistakes \(indented-json, .*sha1-prefix\).*HMAC-SHA1 keyed with the shared secret/,
  );
});

testProp(
  'no probe ever sends the correct signature, and only the secret-decoding probes depend on the secret encoding',
  [
    fc.string({ minLength: 1, maxLength: 20 }),
    fc.dictionary(fc.string({ maxLength: 6 }), fc.oneof(fc.string(), fc.integer()), { maxKeys: 4 }),
  ],
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

test('the Python re-serialisations match what real python3 json.dumps writes, for any JSON (floats, unicode, nesting)', (t) => {
  const values = fc.sample(fc.jsonValue({ maxDepth: 3 }), { numRuns: 300, seed: 42 });
  const texts = [
    ...values.map((v) => JSON.stringify(v)),
    floatBody,
    JSON.stringify([1e-7, 0.0001, 1e16, 1.5e16, 123.456, 1e-300, 5e-324, 1.7976931348623157e308, -0.00001, 1e15 + 0.5]),
  ];
  for (const [id, kwargs] of Object.entries(PYTHON_KWARGS)) {
    const mistake = SIGNATURE_MISTAKES.find((m) => m.id === id);
    if (mistake === undefined) return t.fail(`no mistake ${id}`);
    const python = pythonDumps(texts, kwargs);
    t.is(python.length, texts.length);
    for (const [i, text] of texts.entries())
      t.is(
        mistake.signature('k', text),
        hmac('sha1', 'k', python[i] ?? ''),
        `${id} of ${text}: python3 wrote ${python[i]}`,
      );
  }
});

test('mistakes that sign this body alike are named together', async (t) => {
  // A float but no non-ASCII text: both compact Python forms write the same bytes (and not the signed ones).
  const body = JSON.stringify({ type: 'track', userId: 'u1', event: 'e', properties: { n: 1e-7 } });
  const python = pythonDumps([body], PYTHON_KWARGS['python-json-dumps-compact-unicode'] ?? '')[0] ?? '';
  const diagnosis = await diagnoseSignatureRefusal(
    'k',
    body,
    async (signature) => signature === hmac('sha1', 'k', python),
  );
  t.regex(
    diagnosis,
    /mistaken way "python-json-dumps-compact" \(on this body that is also what "python-json-dumps-compact-unicode" would sign; the same fix applies\)/,
  );
});

test('concurrent forensics name the first accepted mistake in list order, send at most `concurrency` at once and nothing past the group that found it', async (t) => {
  const secret = 'a1b2c3d4e5f60718';
  // A receiver that accepts two mistaken signatures; sorted-keys comes before sha256 in the list.
  const accepted = new Set([
    buggyExpectations['sorted-keys']!(secret, plainBody),
    buggyExpectations.sha256!(secret, plainBody),
  ]);
  const ids = SIGNATURE_MISTAKES.map((m) => m.id);
  const diagnose = async (concurrency: number) => {
    const state = { inFlight: 0, maxInFlight: 0, sent: [] as string[] };
    const diagnosis = await diagnoseSignatureRefusal(
      secret,
      plainBody,
      async (signature) => {
        state.inFlight++;
        state.maxInFlight = Math.max(state.maxInFlight, state.inFlight);
        state.sent.push(signature);
        await new Promise((resolve) => setTimeout(resolve, 5));
        state.inFlight--;
        return accepted.has(signature);
      },
      concurrency,
    );
    return { diagnosis, ...state };
  };
  const sequential = await diagnose(1);
  t.regex(sequential.diagnosis, /mistaken way "sorted-keys"/);
  t.is(sequential.maxInFlight, 1);
  for (const concurrency of [3, 12]) {
    const run = await diagnose(concurrency);
    t.is(run.diagnosis, sequential.diagnosis, `the same diagnosis at concurrency ${concurrency}`);
    t.true(run.maxInFlight > 1 && run.maxInFlight <= concurrency, `${run.maxInFlight} at once, at most ${concurrency}`);
    // Groups of `concurrency` in list order: the one holding sorted-keys is the last sent.
    const sortedKeysAt = ids.indexOf('sorted-keys');
    t.true(run.sent.length <= Math.ceil((sortedKeysAt + 1) / concurrency) * concurrency, `${run.sent.length} sent`);
    t.is(new Set(run.sent).size, run.sent.length, 'each distinct signature once');
  }
});
