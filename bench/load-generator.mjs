// A loopback load generator run as a child process, so it does not share the server's event loop:
// sends COUNT POSTs of BODY with CONCURRENCY keep-alive connections and prints {"rps": n, "non2xx": n}.
import { Pool } from 'undici';

const [url, concurrencyText, countText, bodyBase64, authorization] = process.argv.slice(2);
const concurrency = Number(concurrencyText);
const count = Number(countText);
const template = Buffer.from(bodyBase64, 'base64').toString('utf8');
// A body holding "@@ID@@" gets it replaced per request (generator run, request number, event number), so every
// request carries messageIds never seen before, as real SDK traffic does.
const unique = template.includes('@@ID@@');
const parts = template.split('@@ID@@');
let requestNumber = 0;
// Each generator run has its own prefix, so ids never repeat across runs against the same server.
const runId = `${process.pid}.${Date.now().toString(36)}`;
const nextBody = () => {
  if (!unique) return template;
  const n = requestNumber++;
  return parts.reduce((text, part, i) => (i === 0 ? part : `${text}${runId}-${n}-${i}${part}`), '');
};
const target = new URL(url);
const pool = new Pool(target.origin, { connections: concurrency, pipelining: 1 });
const headers = { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) };

let sent = 0;
let non2xx = 0;
async function worker() {
  while (sent < count) {
    sent++;
    const { statusCode, body: response } = await pool.request({
      path: target.pathname,
      method: 'POST',
      headers,
      body: nextBody(),
    });
    await response.dump();
    if (statusCode < 200 || statusCode >= 300) non2xx++;
  }
}
// Warm up the connections before timing.
await Promise.all(
  Array.from({ length: concurrency }, () =>
    pool.request({ path: target.pathname, method: 'POST', headers, body: nextBody() }).then((r) => r.body.dump()),
  ),
);
const start = performance.now();
await Promise.all(Array.from({ length: concurrency }, worker));
const seconds = (performance.now() - start) / 1000;
await pool.close();
console.log(JSON.stringify({ rps: count / seconds, non2xx }));
