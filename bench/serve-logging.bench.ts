// What the default log of `event-harness serve` costs: POST /v1/track requests/s against the built CLI
// (`node dist/src/cli/main.js serve`, as users run it) logging a line per request, event and delivery attempt
// to a pipe, against the same CLI with --quiet as the baseline, alternated in one run. The load generator is a
// child process; the sample receiver gets every event, so delivery attempts are logged too.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { basicAuth, fmt, type ListeningChild, report, startListening } from './bench-kit.js';

const execFileAsync = promisify(execFile);
const here = path.dirname(fileURLToPath(import.meta.url));
const main = path.join(here, '..', 'dist/src/cli/main.js');
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 6_000);
const CONCURRENCY = 10;
const body = Buffer.from(JSON.stringify({ userId: 'u1', event: 'Bench', properties: { n: 1 } })).toString('base64');
const authorization = basicAuth('bench-key');

const startServe = (args: readonly string[]): Promise<ListeningChild> =>
  startListening('serve', process.execPath, [main, 'serve', '--port', '0', ...args], { timeoutMs: 30_000 });

async function load(url: string): Promise<number> {
  const { stdout } = await execFileAsync(
    process.execPath,
    [
      path.join(here, 'load-generator.mjs'),
      `${url}/v1/track`,
      String(CONCURRENCY),
      String(REQUESTS),
      body,
      authorization,
    ],
    { encoding: 'utf8', timeout: 180_000 },
  );
  const result = JSON.parse(stdout) as { rps: number; non2xx: number };
  if (result.non2xx > 0) throw new Error(`${result.non2xx} requests were not answered 2xx`);
  return result.rps;
}

const logged = await startServe([]);
const quiet = await startServe(['--quiet']);
const rates = { logged: [] as number[], quiet: [] as number[] };
// Alternated, so drift in the machine's load hits both.
for (let round = 0; round < 2; round++) {
  rates.quiet.push(await load(quiet.url));
  rates.logged.push(await load(logged.url));
}
const loggedRps = Math.max(...rates.logged);
const quietRps = Math.max(...rates.quiet);
report(
  `POST /v1/track through \`event-harness serve\` (built CLI), concurrency ${CONCURRENCY}, ${fmt(REQUESTS)} requests per run`,
  {
    'serve --quiet requests/s (baseline)': fmt(quietRps),
    'serve (default log) requests/s': fmt(loggedRps),
    'ratio (logged / quiet)': fmt(loggedRps / quietRps, 2),
    'log written (MB, pipe)': fmt(logged.stderrBytes() / 1e6, 1),
  },
);
logged.child.kill('SIGTERM');
quiet.child.kill('SIGTERM');
