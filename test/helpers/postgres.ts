import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

/**
 * A real PostgreSQL server from Debian's `postgresql` package, started for one test file: initdb in a temp
 * directory, `postgres` on a free loopback port as a child process, killed and removed by `stop()`.
 */
export interface PostgresServer {
  /** postgres://postgres@127.0.0.1:PORT/postgres */
  readonly adminUrl: string;
  readonly port: number;
  /** Creates a fresh database and answers its URL. */
  createDatabase(name: string): Promise<string>;
  stop(): Promise<void>;
}

const MISSING =
  'PostgreSQL server binaries not found under /usr/lib/postgresql/<version>/bin: run `apt-get install postgresql` (the tests of the PostgreSQL store start a real server)';

/** The newest installed server's bin directory (initdb and postgres), or an Error saying what to install. */
export function postgresBinDir(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((name) => existsSync(path.join(root, name, 'bin', 'postgres')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  const newest = versions[0];
  if (newest === undefined) throw new Error(MISSING);
  return path.join(root, newest, 'bin');
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

export async function startPostgres(): Promise<PostgresServer> {
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
    'max_connections=200',
    '-c',
    'fsync=off',
    '-F',
  ]);
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const adminUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const stop = async () => {
    if (child.exitCode === null) {
      // SIGINT: PostgreSQL's fast shutdown.
      child.kill('SIGINT');
      const killed = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(killed);
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitUntilAccepting(adminUrl, child, () => log, 30_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    adminUrl,
    port,
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
    stop,
  };
}
