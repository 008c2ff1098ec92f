// The load generators of the HTTP benchmarks: wrk (the C load generator the issue's figures were measured with,
// a Debian package) when it is on the PATH, else autocannon (an npm package, always installed). BENCH_LOAD=wrk or
// BENCH_LOAD=autocannon chooses. wrk costs its CPU a fraction of what autocannon does, so on a machine of two CPUs
// more of the other CPU is left to the server measured: the figures of the two are not comparable with each other,
// and every report says which one ran.
import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Command } from './bench-kit.js';

const execFileAsync = promisify(execFile);
const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const autocannon = path.join(root, 'node_modules/autocannon/autocannon.js');

export type LoadGeneratorName = 'wrk' | 'autocannon';

/** What one load measured. */
export interface HttpLoadResult {
  /** 2xx (and 3xx) answers per second: refusals such as a 429 are not counted as served. */
  readonly rps: number;
  readonly p99Ms: number;
  readonly non2xx: number;
  /** Connection errors and timeouts. */
  readonly errors: number;
  /** Every answer, refusals included. */
  readonly requests: number;
}

export interface HttpLoadOptions {
  readonly url: string;
  readonly method: 'POST';
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
  readonly connections: number;
  readonly seconds: number;
  /** Runs the load generator where the bench wants it (taskset on a CPU of its own), or as it is. */
  readonly place?: (command: Command) => Command;
}

function wrkRuns(): boolean {
  try {
    execFileSync('wrk', ['--version'], { stdio: 'ignore', timeout: 10_000 });
    return true;
  } catch (error) {
    // wrk --version prints its version and exits 1: it ran.
    return (error as { status?: unknown }).status === 1;
  }
}

/** The load generator this run uses, and why when it is not wrk. */
export function chooseLoadGenerator(): { readonly name: LoadGeneratorName; readonly why: string } {
  const wanted = process.env.BENCH_LOAD;
  if (wanted === 'autocannon') return { name: 'autocannon', why: 'BENCH_LOAD=autocannon' };
  if (wrkRuns()) return { name: 'wrk', why: wanted === 'wrk' ? 'BENCH_LOAD=wrk' : 'wrk is on the PATH' };
  if (wanted === 'wrk') throw new Error('BENCH_LOAD=wrk, but wrk could not be run (apt-get install wrk)');
  return { name: 'autocannon', why: 'wrk is not on the PATH (apt-get install wrk to measure with it)' };
}

const luaString = (text: string) => `"${text.replace(/[\\"]/g, (c) => `\\${c}`).replace(/\n/g, '\\n')}"`;

/** A wrk script sending the request, and printing the figures as one JSON line when the load ends. */
function wrkScript(options: HttpLoadOptions): string {
  const headers = Object.entries(options.headers)
    .map(([name, value]) => `wrk.headers[${luaString(name)}] = ${luaString(value)}`)
    .join('\n');
  return `wrk.method = ${luaString(options.method)}
wrk.body = ${luaString(options.body)}
${headers}
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('\\n{"requests":%d,"duration_us":%d,"p99_us":%d,"non2xx":%d,"errors":%d}\\n',
    summary.requests, summary.duration, latency:percentile(99), e.status, e.connect + e.read + e.write + e.timeout))
end
`;
}

async function runWrk(options: HttpLoadOptions, place: (command: Command) => Command): Promise<HttpLoadResult> {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-wrk-'));
  try {
    const script = path.join(dir, 'load.lua');
    writeFileSync(script, wrkScript(options));
    const url = new URL(options.url);
    const run = place({
      command: 'wrk',
      args: ['-t1', `-c${options.connections}`, `-d${options.seconds}s`, '--timeout', '10s', '-s', script, url.href],
    });
    const { stdout } = await execFileAsync(run.command, run.args, { timeout: (options.seconds + 60) * 1000 });
    const line = stdout.split('\n').find((l) => l.startsWith('{"requests"'));
    if (line === undefined) throw new Error(`wrk printed no summary; its output was:\n${stdout}`);
    const figures = JSON.parse(line) as Record<'requests' | 'duration_us' | 'p99_us' | 'non2xx' | 'errors', number>;
    return {
      rps: (figures.requests - figures.non2xx) / (figures.duration_us / 1e6),
      p99Ms: figures.p99_us / 1000,
      non2xx: figures.non2xx,
      errors: figures.errors,
      requests: figures.requests,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function runAutocannon(options: HttpLoadOptions, place: (command: Command) => Command): Promise<HttpLoadResult> {
  const headerArgs = Object.entries(options.headers).flatMap(([name, value]) => ['-H', `${name}=${value}`]);
  const args = [autocannon, '-c', String(options.connections), '-d', String(options.seconds), '-m', options.method];
  const run = place({
    command: process.execPath,
    args: [...args, ...headerArgs, '-b', options.body, '--json', options.url],
  });
  const { stdout } = await execFileAsync(run.command, run.args, {
    cwd: root,
    timeout: (options.seconds + 60) * 1000,
    maxBuffer: 16 * 1024 * 1024,
  });
  const result = JSON.parse(stdout) as {
    requests: { total: number };
    duration: number;
    latency: { p99: number };
    '2xx': number;
    non2xx: number;
    errors: number;
    timeouts: number;
  };
  return {
    rps: result['2xx'] / result.duration,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    requests: result.requests.total,
  };
}

/** Loads `options.url` with the generator named for `options.seconds`, and answers what it measured. */
export function httpLoad(generator: LoadGeneratorName, options: HttpLoadOptions): Promise<HttpLoadResult> {
  const place = options.place ?? ((command: Command) => command);
  return generator === 'wrk' ? runWrk(options, place) : runAutocannon(options, place);
}
