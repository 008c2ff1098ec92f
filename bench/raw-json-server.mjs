// The ingest benchmarks' baseline: the least a server can do for a collection request (read the body, parse
// the JSON, answer 200). Imported to run in process, or run as `node bench/raw-json-server.mjs` in a child,
// where it prints "listening on http://127.0.0.1:PORT". Plain JavaScript, so the child needs no loader.
import { createServer } from 'node:http';
import { pathToFileURL } from 'node:url';

/** A node:http server that answers every request 200 {"success":true} once its body parses as JSON. */
export function createRawJsonServer() {
  return createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      JSON.parse(Buffer.concat(chunks).toString('utf8'));
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"success":true}');
    });
  });
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const server = createRawJsonServer();
  server.listen(0, '127.0.0.1', () => console.log(`listening on http://127.0.0.1:${server.address().port}`));
}
