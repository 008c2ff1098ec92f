// The whole receiver suite at default settings (100 runs per property, 5 s deadline, 16 concurrent) against
// the reference receiver, and as baseline a plain sequential loop POSTing the same bodies with the same
// headers, measured in the same run. Target: the suite under 20 s.
import { runReceiverSuite } from '../conformance/index.js';
import { SECRET, STATIC_HEADERS, startStandaloneReceiver } from '../test/conformance/helpers/reference-receiver.js';
import { fmt, report } from './bench-kit.js';

const receiver = await startStandaloneReceiver({ secret: SECRET, headers: STATIC_HEADERS });
try {
  const started = performance.now();
  const result = await runReceiverSuite({ target: { url: receiver.url, secret: SECRET, headers: STATIC_HEADERS }, seed: 1 });
  const suiteMs = performance.now() - started;
  if (!result.passed || result.clauses.some((c) => c.status !== 'pass')) throw new Error(`the reference receiver should pass every clause: ${JSON.stringify(result.clauses.filter((c) => c.status !== 'pass'))}`);
  const sent = receiver.requests.slice();
  const bytes = sent.reduce((sum, r) => sum + Buffer.byteLength(r.body), 0);
  const loopStarted = performance.now();
  for (const request of sent) {
    const headers = Object.fromEntries(Object.entries(request.headers).filter(([k, v]) => typeof v === 'string' && !['host', 'content-length', 'connection'].includes(k))) as Record<string, string>;
    await (await fetch(receiver.url, { method: 'POST', headers, body: request.body })).arrayBuffer();
  }
  const loopMs = performance.now() - loopStarted;
  report(`receiver suite, default settings, ${result.clauses.length} clauses, ${fmt(sent.length)} deliveries (${fmt(bytes / 1024)} KiB)`, {
    'suite wall time (ms)': fmt(suiteMs),
    'plain POST loop, same bodies (ms)': fmt(loopMs),
    'ratio (suite / loop)': fmt(suiteMs / loopMs, 2),
    'target': suiteMs < 20_000 ? 'met (< 20 s)' : 'MISSED (>= 20 s)',
  });
} finally {
  await receiver.close();
}
