import { spawn } from 'node:child_process';

/** Raw handles whose descriptors were given away: held, never closed, so nothing here closes what a thread owns. */
const givenAway: unknown[] = [];

// A child that inherits the socket as its fd 3 and sends it back `count` times over IPC: each arrives as a new
// descriptor of this process (SCM_RIGHTS), which Node has no other way to make. The child wraps fd 3 without
// reading or listening, so it never takes a connection itself.
const HELPER = `const net = require('node:net');
const socket = new net.Socket({ fd: 3, readable: false, writable: false });
for (let i = 0; i < Number(process.argv[1]); i++) process.send('dup', socket._handle);
process.on('message', () => process.exit(0));`;

/**
 * `count` new file descriptors of the listening socket `fd`, one for each ingest thread: a thread closes its own
 * when it stops, and the server's is never closed under another thread's handle. The raw handles that carried
 * them stay referenced here, unopened, for the life of the process (closing one would close the thread's).
 */
export function duplicateSocket(fd: number, count: number, timeoutMs: number): Promise<number[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', HELPER, String(count)], {
      stdio: ['ignore', 'ignore', 'pipe', fd, 'ipc'],
    });
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const fds: number[] = [];
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the socket was not duplicated within ${timeoutMs} ms (${fds.length} of ${count} arrived)`));
    }, timeoutMs);
    child.on('message', (_message, handle) => {
      const duplicate = (handle as { fd?: unknown } | undefined)?.fd;
      if (typeof duplicate !== 'number' || duplicate < 0) return;
      givenAway.push(handle);
      fds.push(duplicate);
      if (fds.length < count) return;
      clearTimeout(timer);
      child.send('done');
      resolve(fds);
    });
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('exit', (code, signal) => {
      if (fds.length >= count) return;
      clearTimeout(timer);
      reject(new Error(`the helper that duplicates the socket exited (${signal ?? code}): ${stderr.trim()}`));
    });
  });
}
